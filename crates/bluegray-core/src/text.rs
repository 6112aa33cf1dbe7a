//! Quoting user input in error messages.

use std::borrow::Cow;

/// The most characters of an input an error message quotes.
pub const EXCERPT_CHARS: usize = 80;

/// `text` for quoting in a message: as it is when it has at most [`EXCERPT_CHARS`] characters,
/// otherwise its first ones followed by `…`. Every error that echoes its input goes through this,
/// so a megabyte of bad input gives a short message, not a megabyte of message.
pub fn excerpt(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(EXCERPT_CHARS) {
        None => Cow::Borrowed(text),
        // `get`, not indexing: `cut` is a character boundary, and indexing a `str` would bring
        // in the slicing panic's formatting, several KB of the web page's rules core.
        Some((cut, _)) => Cow::Owned(format!("{}…", text.get(..cut).unwrap_or(text))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_inputs_are_cut_with_an_ellipsis() {
        assert_eq!(excerpt("d2-d3"), "d2-d3");
        let long = "é".repeat(200);
        let cut = excerpt(&long);
        assert_eq!(cut.chars().count(), EXCERPT_CHARS + 1);
        assert!(cut.ends_with('…'));
        assert_eq!(
            excerpt(&"x".repeat(EXCERPT_CHARS)),
            "x".repeat(EXCERPT_CHARS)
        );
    }
}
