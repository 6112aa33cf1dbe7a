//! The rules core's errors as messages of the page's tables: a key and its parameters, some of
//! them messages too, so that a page says an error in its reader's language, English included
//! (the tables say every `core.*` key, `www/core/i18n/<lang>.js`). The error's own message stays
//! the rules core's English (its `Display`), for a developer who reads the exception.
//! `error.rs` puts one on each error it makes from the rules core's, in every module; `js.rs`
//! gives it to JS as the error's `i18n` property, `{key, params}`.
//!
//! Quoted input goes through [`excerpt`] as in the English. Parts of the English that are
//! English text themselves (what a counter allows, how the moves end a game) are left out.

use bluegray_core::{
    excerpt, options, Color, EndError, MoveError, ParseMoveError, PositionCodeError, RecordError,
    ReplayError, TagError, VariantError, VariantName,
};
/// A message of the page's tables: its key and its parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Said {
    /// The message's key, e.g. `core.position.fieldCount`.
    pub key: &'static str,
    /// Its parameters by name, each once.
    #[cfg_attr(test, ts(as = "std::collections::HashMap<String, Param>"))]
    pub params: Vec<(&'static str, Param)>,
}

/// A parameter of a [`Said`]: a text, a number, or a message.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(untagged, rename = "SaidParam"))]
pub enum Param {
    /// A text, said as it is (a quoted input, a point, a side's name for `{side:side}`).
    Text(String),
    /// A number.
    Number(u64),
    /// A message, said in the same language.
    Said(Box<Said>),
}

impl From<&str> for Param {
    fn from(s: &str) -> Param {
        Param::Text(s.to_string())
    }
}

impl From<String> for Param {
    fn from(s: String) -> Param {
        Param::Text(s)
    }
}

impl From<usize> for Param {
    fn from(n: usize) -> Param {
        Param::Number(n as u64)
    }
}

impl From<u8> for Param {
    fn from(n: u8) -> Param {
        Param::Number(u64::from(n))
    }
}

impl From<Color> for Param {
    fn from(c: Color) -> Param {
        Param::Text(c.as_str().to_string())
    }
}

impl From<Said> for Param {
    fn from(s: Said) -> Param {
        Param::Said(Box::new(s))
    }
}

impl Said {
    /// The message `key` with no parameters yet.
    pub fn new(key: &'static str) -> Said {
        Said {
            key,
            params: Vec::new(),
        }
    }

    /// With parameter `name` set to `value`.
    pub fn with(mut self, name: &'static str, value: impl Into<Param>) -> Said {
        self.params.push((name, value.into()));
        self
    }

    /// Parameter `name`, if set.
    pub fn param(&self, name: &str) -> Option<&Param> {
        self.params.iter().find(|(n, _)| *n == name).map(|(_, p)| p)
    }

    /// With parameter `name` set to `text`, shortened as the English quotes it.
    fn quoting(self, name: &'static str, text: &str) -> Said {
        self.with(name, excerpt(text).into_owned())
    }

    /// A message that wraps `inner` as its `error` parameter.
    fn wrapping(key: &'static str, inner: Said) -> Said {
        Said::new(key).with("error", inner)
    }
}

/// A position code that is not one, under `core.badPosition`.
pub fn bad_position(e: &PositionCodeError) -> Said {
    Said::wrapping("core.badPosition", position(e))
}

/// A game record that cannot be read or replayed, under `core.badRecord`.
pub fn bad_record(e: &RecordError) -> Said {
    Said::wrapping("core.badRecord", record(e))
}

/// Why a text is not a position code.
fn position(e: &PositionCodeError) -> Said {
    use PositionCodeError as P;
    match e {
        P::FieldCount(n) => Said::new("core.position.fieldCount").with("found", *n),
        P::RankCount(n) => Said::new("core.position.rankCount").with("found", *n),
        P::RankLength { rank, points } => Said::new("core.position.rankLength")
            .with("rank", *rank)
            .with("points", *points),
        P::BadChar { rank, found } => Said::new("core.position.badChar")
            .with("rank", *rank)
            .with("found", found.to_string()),
        P::BadSide(s) => Said::new("core.position.badSide").quoting("found", s),
        P::BadCounter { field, value, .. } => Said::new(if *field == "move number" {
            "core.position.badMoveNumber"
        } else {
            "core.position.badCounter"
        })
        .quoting("value", value),
        P::CaptainCount { color, count } => Said::new("core.position.captainCount")
            .with("side", *color)
            .with("count", *count),
        P::CaptainOffPath { color, point } => Said::new("core.position.captainOffPath")
            .with("side", *color)
            .with("point", point.to_string()),
        P::GuardOnRedDot => Said::new("core.position.guardOnRedDot"),
        P::UnpromotedPrivate { color, point } => Said::new("core.position.unpromotedPrivate")
            .with("side", *color)
            .with("point", point.to_string()),
        P::TooManyGuards { color, count } => Said::new("core.position.tooManyGuards")
            .with("side", *color)
            .with("count", *count),
    }
}

/// Why a text is not a variant spec.
pub fn variant(e: &VariantError) -> Said {
    use VariantError as V;
    match e {
        V::Empty => Said::new("core.variant.empty"),
        // What is expected goes as data, never as the English's grammar of names: every name,
        // every option, an option's words.
        V::UnknownName(name) => Said::new("core.variant.unknownName")
            .quoting("name", name)
            .with("names", listed(VariantName::all())),
        V::NotAPair(text) => Said::new("core.variant.notAPair").quoting("text", text),
        V::UnknownOption(option) => Said::new("core.variant.unknownOption")
            .quoting("option", option)
            .with("options", listed(options().into_iter().map(|o| o.name))),
        V::BadValue { option, value, .. } => {
            let info = options().into_iter().find(|o| o.name == *option);
            match info {
                // A choice's words are all its values; a number's menu is only a few of them.
                Some(o) if !o.numeric => Said::new("core.variant.badChoice")
                    .with("option", *option)
                    .quoting("value", value)
                    .with("values", listed(o.values)),
                _ => Said::new("core.variant.badValue")
                    .with("option", *option)
                    .quoting("value", value),
            }
        }
    }
}

/// Names a reader may type, as a list: "sackson, classic, super".
fn listed<T: ToString>(items: impl IntoIterator<Item = T>) -> String {
    items
        .into_iter()
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why a text is not a move.
fn move_text(e: &ParseMoveError) -> Said {
    use ParseMoveError as M;
    match e {
        M::Empty => Said::new("core.move.empty"),
        M::BadPoint { text, source } => Said::new("core.move.badPoint")
            .quoting("move", text)
            .quoting("point", &source.text),
        M::Spaces(t) => Said::new("core.move.spaces").quoting("move", t),
        M::TooShort(t) => Said::new("core.move.tooShort").quoting("move", t),
        M::MixedSeparators(t) => Said::new("core.move.mixedSeparators").quoting("move", t),
        M::LongStep(t) => Said::new("core.move.longStep").quoting("move", t),
        M::TooLong(t) => Said::new("core.move.tooLong").quoting("move", t),
    }
}

/// A move the rules core would not play: not a move, the game over, or refused by the rules.
pub fn move_error(e: &MoveError) -> Said {
    match e {
        MoveError::Parse(p) => move_text(p),
        MoveError::GameOver(_) => Said::new("core.gameOver"),
        MoveError::Illegal { text, .. } => Said::new("core.illegal").quoting("move", text),
    }
}

/// Why a game record cannot be read or replayed.
fn record(e: &RecordError) -> Said {
    use RecordError as R;
    let at =
        |key, line: usize, column: usize| Said::new(key).with("line", line).with("column", column);
    match e {
        R::BadTag { line, text } => Said::new("core.record.badTag")
            .with("line", *line)
            .quoting("text", text),
        R::Variant(v) => Said::wrapping("core.record.variantTag", variant(v)),
        R::Position(p) => Said::wrapping("core.record.positionTag", position(p)),
        R::Move {
            number,
            side,
            source,
        }
        | R::VariationMove {
            number,
            side,
            source,
        } => {
            let key = if matches!(e, R::Move { .. }) {
                "core.record.move"
            } else {
                "core.record.variationMove"
            };
            Said::wrapping(key, move_error(source))
                .with("number", number.as_str())
                .with("side", *side)
        }
        R::ResultMismatch { claimed, .. } => {
            Said::new("core.record.resultMismatch").quoting("claimed", claimed)
        }
        R::Termination { termination, .. } => {
            Said::new("core.record.termination").quoting("termination", termination)
        }
        R::TrailingText(t) => Said::new("core.record.trailingText").quoting("text", t),
        R::UnclosedComment { line, column } => at("core.record.unclosedComment", *line, *column),
        R::UnopenedComment { line, column } => at("core.record.unopenedComment", *line, *column),
        R::UnclosedVariation { line, column } => {
            at("core.record.unclosedVariation", *line, *column)
        }
        R::UnopenedVariation { line, column } => {
            at("core.record.unopenedVariation", *line, *column)
        }
        R::VariationFirst { line, column } => at("core.record.variationFirst", *line, *column),
        R::VariationsTooDeep { line, column } => {
            at("core.record.variationsTooDeep", *line, *column)
        }
    }
}

/// Why a tag cannot be set.
pub fn tag(e: &TagError) -> Said {
    match e {
        TagError::BadName(name) => Said::new("core.tag.badName").quoting("name", name),
        TagError::Reserved(name) => Said::new("core.tag.reserved").with("name", name.as_str()),
    }
}

/// Why a game cannot be ended so.
pub fn end(e: &EndError) -> Said {
    match e {
        EndError::GameOver(_) => Said::new("core.gameOver"),
        EndError::TooLateToAbort { .. } => Said::new("core.tooLateToAbort"),
    }
}

/// Why a line of moves cannot be played from a position.
pub fn replay(e: &ReplayError) -> Said {
    let (number, inner) = match e {
        ReplayError::BadMoveText { number, source } => (*number, move_text(source)),
        ReplayError::IllegalMove { number, text, .. } => {
            (*number, Said::new("core.illegal").quoting("move", text))
        }
        ReplayError::GameOver { number, .. } => (*number, Said::new("core.gameOver")),
    };
    Said::wrapping("core.replay.move", inner).with("number", number)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every key this module can give, once each, in the order of its source: the page's tables
    /// say each (tests/unit/core-errors.test.mjs reads them from this file too).
    fn keys_in_source() -> Vec<&'static str> {
        let source = include_str!("said.rs");
        let mut keys = Vec::new();
        for part in source.split('"').skip(1).step_by(2) {
            if part.starts_with("core.") && !keys.contains(&part) {
                keys.push(part);
            }
        }
        keys
    }

    #[test]
    fn a_bad_position_code_is_said_with_its_parts() {
        let e = "9/9 b 0 1".parse::<bluegray_core::Setup>().unwrap_err();
        let s = bad_position(&e);
        assert_eq!(s.key, "core.badPosition");
        let Some(Param::Said(inner)) = s.param("error") else {
            panic!("{s:?}")
        };
        assert_eq!(inner.key, "core.position.rankCount");
        assert_eq!(inner.param("found"), Some(&Param::Number(2)));
    }

    #[test]
    fn a_record_move_nests_the_move_and_its_side() {
        let e = bluegray_core::Game::from_record("1. e2-e3 e8-e7 2. zz *").unwrap_err();
        let s = bad_record(&e);
        let Some(Param::Said(m)) = s.param("error") else {
            panic!("{s:?}")
        };
        assert_eq!(m.key, "core.record.move");
        assert_eq!(m.param("side"), Some(&Param::Text("blue".into())));
        assert_eq!(m.param("number"), Some(&Param::Text("2.".into())));
        let Some(Param::Said(text)) = m.param("error") else {
            panic!("{m:?}")
        };
        assert_eq!(text.key, "core.move.badPoint");
    }

    #[test]
    fn quoted_input_is_cut_short() {
        let long = "x".repeat(10_000);
        let s = variant(&long.parse::<bluegray_core::Variant>().unwrap_err());
        let Some(Param::Text(name)) = s.param("name") else {
            panic!("{s:?}")
        };
        assert!(name.chars().count() < 100, "{}", name.len());
    }

    #[test]
    fn what_a_variant_expects_is_data_not_a_grammar() {
        let s = variant(&"nonsense".parse::<bluegray_core::Variant>().unwrap_err());
        let Some(Param::Text(names)) = s.param("names") else {
            panic!("{s:?}")
        };
        assert!(names.starts_with("sackson, classic, "), "{names}");
        assert_eq!(names.split(", ").count(), VariantName::all().len());
        assert!(!names.contains(['{', '[', '|']), "{names}");
        let s = variant(
            &"sackson,start=x"
                .parse::<bluegray_core::Variant>()
                .unwrap_err(),
        );
        assert_eq!(s.key, "core.variant.badChoice");
        assert_eq!(s.param("values"), Some(&Param::Text("home, pow".into())));
        let s = variant(
            &"sackson,lead=x"
                .parse::<bluegray_core::Variant>()
                .unwrap_err(),
        );
        assert_eq!(s.key, "core.variant.badValue");
        let s = variant(
            &"sackson,colour=x"
                .parse::<bluegray_core::Variant>()
                .unwrap_err(),
        );
        let Some(Param::Text(options)) = s.param("options") else {
            panic!("{s:?}")
        };
        assert!(options.starts_with("captain, guards, "), "{options}");
    }

    #[test]
    fn keys_are_dotted_words() {
        let keys = keys_in_source();
        assert!(keys.len() > 30, "{keys:?}");
        for k in keys {
            assert!(
                k.split('.')
                    .all(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_alphanumeric())),
                "{k}"
            );
        }
    }
}
