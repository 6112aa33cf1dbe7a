//! A player's comment at a move (docs/RULES.md R31): written on the page at any move of the
//! game or of a variation, kept in the game's record as a `{…}` comment after that move (the
//! record's reader and writer are the rules core's, `bluegray_core::record`), so that the game
//! saved, downloaded and read back has it.

/// The longest comment a player may write, in characters: a few sentences, short enough for a
/// line of the move list. The page says it where the player types (the catalogue's
/// `maxComment`).
pub const MAX_COMMENT: usize = 400;

/// The commands `[%…]` of a comment (to the next `]`, or the end), each as written, separated
/// by spaces: what of a move's comment stays when the player writes the comment's words anew
/// (the clocks' `[%clk …]` are data, not words).
pub fn commands_of(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '[' && chars.peek() == Some(&'%') {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push(c);
            for c in chars.by_ref() {
                out.push(c);
                if c == ']' {
                    break;
                }
            }
        }
    }
    out
}

#[cfg(feature = "play")]
mod set {
    use bluegray_core::{excerpt, Game, Node};

    use super::{commands_of, MAX_COMMENT};
    use crate::error::{ApiError, ErrorCode};
    use crate::view::words_of;

    const F: &str = "Game.setComment";

    /// The node of `tree` at `path` (its children's indices joined by dots, www/lib/tree.js;
    /// empty: the start), or `None` when the tree has no such node.
    fn node_at<'a>(tree: &'a mut Node, path: &str) -> Option<&'a mut Node> {
        let mut node = tree;
        for step in path.split('.').filter(|_| !path.is_empty()) {
            let i: usize = step.parse().ok()?;
            node = node.children.get_mut(i)?;
        }
        Some(node)
    }

    /// Makes `text` the comment after the move at `path` of `game`'s tree (before the first
    /// move at the start): its words single-spaced, without commands (`[%…]` is data); empty
    /// takes the comment away. The move's commands (its clock) stay. Refused, changing
    /// nothing, when there is no move at `path` or the words are longer than [`MAX_COMMENT`].
    /// The moves taken back and still to redo keep their comments and variations: the game's
    /// tree leaves them out, so the comment is set with them replayed, and they are taken back
    /// again after.
    pub fn set_comment(game: &mut Game, path: &str, text: &str) -> Result<(), ApiError> {
        let mut back = 0;
        while game.redo().is_some() {
            back += 1;
        }
        let done = set_in_tree(game, path, text);
        for _ in 0..back {
            game.undo();
        }
        done
    }

    /// [`set_comment`] on the game's tree as it is (its moves to redo left out).
    fn set_in_tree(game: &mut Game, path: &str, text: &str) -> Result<(), ApiError> {
        let bad = |what: String| ApiError::new(ErrorCode::BadArgument, format!("{F}: {what}"));
        // A `}` would end the record's comment: a space, as the record writes it.
        let text: String = text
            .chars()
            .map(|c| if c == '}' { ' ' } else { c })
            .collect();
        let words = words_of(&text.split_whitespace().collect::<Vec<_>>().join(" "));
        let length = words.chars().count();
        if length > MAX_COMMENT {
            return Err(bad(format!(
                "a comment of {length} characters, more than {MAX_COMMENT}"
            )));
        }
        let mut tree = game.tree();
        let node = node_at(&mut tree, path)
            .ok_or_else(|| bad(format!("no move at path '{}'", excerpt(path))))?;
        node.comments = node
            .comments
            .iter()
            .map(|c| commands_of(c))
            .filter(|c| !c.is_empty())
            .chain((!words.is_empty()).then_some(words))
            .collect();
        Ok(game.set_tree(&tree)?)
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn a_comment_is_written_at_its_move_and_read_back() {
            let mut game =
                Game::from_record("1. d2-d3 {[%clk 0:04:57] old} (1. e2-e3 d8-d7) 1... d8-d7 *")
                    .unwrap();
            set_comment(&mut game, "0", "  a   quiet\nstart } ").unwrap();
            set_comment(&mut game, "1.0", "the other").unwrap();
            set_comment(&mut game, "", "before").unwrap();
            let record = game.record().to_string();
            assert!(record.contains("{before}"), "{record}");
            assert!(
                record.contains("{[%clk 0:04:57]} {a quiet start}"),
                "{record}"
            );
            assert!(record.contains("d8-d7 {the other}"), "{record}");
            let again = Game::from_record(&record).unwrap();
            assert_eq!(again.clocks(), [Some(297_000), None]);
            assert_eq!(again.tree(), game.tree());
            // Empty takes the words away; the clock stays.
            set_comment(&mut game, "0", " ").unwrap();
            assert!(game
                .record()
                .to_string()
                .contains("d2-d3 {[%clk 0:04:57]} (1."));
        }

        #[test]
        fn a_comment_set_after_an_undo_keeps_the_notes_of_the_moves_to_redo() {
            let mut game = Game::from_record(
                "1. d2-d3 {first} (1. e2-e3 {tried} d8-d7) 1... d8-d7 {[%clk 0:04:57] second} *",
            )
            .unwrap();
            game.undo().unwrap();
            set_comment(&mut game, "0", "now").unwrap();
            game.undo().unwrap();
            set_comment(&mut game, "", "before").unwrap();
            assert!(game.redo_moves().count() == 2, "the moves to redo stay");
            game.redo().unwrap();
            game.redo().unwrap();
            let record = game.record().to_string();
            for note in ["{before}", "{now}", "{tried}", "{[%clk 0:04:57] second}"] {
                assert!(record.contains(note), "{note}: {record}");
            }
            assert!(!record.contains("{first}"), "{record}");
            // A refused comment changes nothing either.
            game.undo().unwrap();
            assert!(set_comment(&mut game, "0.0.0", "no").is_err());
            assert!(game.redo_moves().count() == 1);
            game.redo().unwrap();
            assert_eq!(game.record().to_string(), record);
        }

        #[test]
        fn a_comment_too_long_or_at_no_move_is_refused() {
            let mut game = Game::from_record("1. d2-d3 d8-d7 *").unwrap();
            let before = game.record().to_string();
            let long = "x".repeat(MAX_COMMENT + 1);
            let e = set_comment(&mut game, "0", &long).unwrap_err();
            assert_eq!(e.code, ErrorCode::BadArgument);
            assert!(
                e.message.contains("401 characters, more than 400"),
                "{}",
                e.message
            );
            set_comment(&mut game, "0", &"é".repeat(MAX_COMMENT)).unwrap();
            for path in ["1", "0.0.0", "x", "0..0"] {
                let e = set_comment(&mut game, path, "hi").unwrap_err();
                assert!(
                    e.message.contains("no move at path"),
                    "{path}: {}",
                    e.message
                );
            }
            assert_ne!(game.record().to_string(), before);
        }
    }
}

#[cfg(feature = "play")]
pub use set::set_comment;
