//! Game records (RULES.md §6), like chess PGN:
//!
//! ```text
//! [Variant "classic"]
//! [Blue "Ann"]
//! [Gray "Bob"]
//! [Result "*"]
//!
//! 1. d2-d3 d8-d7 2. e1-e2 *
//! ```

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::game::Game;
use crate::position::{MoveError, Position};
use crate::setup::PositionCodeError;
use crate::variant::{Variant, VariantError};

/// Why a game record was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// A `[` line that is not `[Name "value"]`.
    #[error("line {line}: '{text}' is not a tag like [Name \"value\"]")]
    BadTag {
        /// 1-based line number.
        line: usize,
        /// The line.
        text: String,
    },
    /// The Variant tag is not a variant spec.
    #[error("Variant tag: {0}")]
    Variant(#[from] VariantError),
    /// The Position tag is not a valid position code.
    #[error("Position tag: {0}")]
    Position(#[from] PositionCodeError),
    /// A move that cannot be played.
    #[error("move {number} ({side}): {source}")]
    Move {
        /// The move number as the record would print it, e.g. `12.` or `12...`.
        number: String,
        /// The side that was to move.
        side: crate::Color,
        /// Why it cannot be played.
        source: MoveError,
    },
    /// The result does not match how the moves end the game.
    #[error("the record says {claimed} but the moves end the game {actual}")]
    ResultMismatch {
        /// The result token in the record.
        claimed: String,
        /// The result the rules give.
        actual: String,
    },
    /// Text after the result token.
    #[error("unexpected '{0}' after the result")]
    TrailingText(String),
}

/// A record's parts as written: tags, move texts and result token, not yet replayed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameRecord {
    /// Tags in order, e.g. `("Variant", "classic")`.
    pub tags: Vec<(String, String)>,
    /// The moves as written.
    pub moves: Vec<String>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

impl GameRecord {
    /// The value of tag `name` (case-insensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Replays the record into a game, checking every move.
    pub fn to_game(&self) -> Result<Game, RecordError> {
        let variant: Variant = self.tag("Variant").unwrap_or("sackson").parse()?;
        let mut game = match self.tag("Position") {
            Some(code) => Game::from_code(variant, code)?,
            None => Game::new(variant),
        };
        game.tags = self
            .tags
            .iter()
            .filter(|(n, _)| {
                !["variant", "position", "result"].contains(&n.to_ascii_lowercase().as_str())
            })
            .cloned()
            .collect();
        for text in &self.moves {
            let number = move_number_label(game.position());
            let side = game.side_to_move();
            game.play_text(text).map_err(|source| RecordError::Move {
                number,
                side,
                source,
            })?;
        }
        if let Some(o) = game.outcome() {
            if self.result != "*" && self.result != o.result_token() {
                return Err(RecordError::ResultMismatch {
                    claimed: self.result.clone(),
                    actual: format!("{} ({o})", o.result_token()),
                });
            }
        }
        Ok(game)
    }

    /// The record of a game: its tags, Variant, Position when it did not start at the variant's
    /// start, and Result.
    pub fn from_game(game: &Game) -> GameRecord {
        let mut tags = vec![("Variant".to_string(), game.variant().to_string())];
        tags.extend(game.tags.iter().cloned());
        let result = game.outcome().map_or("*", |o| o.result_token()).to_string();
        tags.push(("Result".into(), result.clone()));
        if !game.starts_at_variant_start() {
            tags.push(("Position".into(), game.start_position().to_string()));
        }
        GameRecord {
            tags,
            moves: game.moves().iter().map(|m| m.to_string()).collect(),
            result,
        }
    }
}

/// `12.` before the first player's move, `12...` before the second's.
fn move_number_label(pos: &Position) -> String {
    let dots = if pos.side_to_move() == pos.rules().first {
        "."
    } else {
        "..."
    };
    format!("{}{dots}", pos.move_number())
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let rest = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next()?),
            '"' => return None,
            c => value.push(c),
        }
    }
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    Some((name.to_string(), value))
}

impl FromStr for GameRecord {
    type Err = RecordError;

    fn from_str(s: &str) -> Result<GameRecord, RecordError> {
        let mut rec = GameRecord {
            result: "*".into(),
            ..GameRecord::default()
        };
        let mut movetext = String::new();
        for (i, line) in s.lines().enumerate() {
            let t = line.trim();
            if t.starts_with('[') && movetext.trim().is_empty() {
                let tag = parse_tag(t).ok_or_else(|| RecordError::BadTag {
                    line: i + 1,
                    text: t.to_string(),
                })?;
                rec.tags.push(tag);
            } else {
                movetext.push_str(t);
                movetext.push(' ');
            }
        }
        let mut comment = false;
        let mut ended = false;
        for token in movetext.split_whitespace() {
            if comment || token.starts_with('{') {
                comment = !token.ends_with('}');
                continue;
            }
            if ended {
                return Err(RecordError::TrailingText(token.to_string()));
            }
            if RESULTS.contains(&token) {
                rec.result = token.to_string();
                ended = true;
                continue;
            }
            // Move numbers: "12." and "12..." alone or glued to the move ("12.e2-e3").
            let rest = token.trim_start_matches(|c: char| c.is_ascii_digit());
            let mv = if rest.len() < token.len() && rest.starts_with('.') {
                rest.trim_start_matches('.')
            } else {
                token
            };
            if !mv.is_empty() {
                rec.moves.push(mv.to_string());
            }
        }
        if let Some(tag_result) = rec.tag("Result").map(str::to_string) {
            if !ended && RESULTS.contains(&tag_result.as_str()) {
                rec.result = tag_result;
            }
        }
        Ok(rec)
    }
}

impl fmt::Display for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in &self.tags {
            writeln!(f, "[{name} \"{}\"]", escape(value))?;
        }
        writeln!(f)?;
        // Number the moves from the start position when the tags describe one.
        let start = self
            .tag("Variant")
            .unwrap_or("sackson")
            .parse::<Variant>()
            .ok()
            .and_then(|v| match self.tag("Position") {
                Some(code) => Position::from_code(code, v.rules).ok(),
                None => Some(Position::new(v.rules)),
            });
        let mut parts: Vec<String> = Vec::new();
        let mut pos = start;
        for (i, m) in self.moves.iter().enumerate() {
            match pos {
                Some(p) => {
                    let label = move_number_label(&p);
                    if i == 0 || !label.ends_with("...") {
                        parts.push(label);
                    }
                    pos = p.parse_move(m).ok().map(|mv| p.played(&mv));
                }
                None if i % 2 == 0 => parts.push(format!("{}.", i / 2 + 1)),
                None => {}
            }
            parts.push(m.clone());
        }
        parts.push(self.result.clone());
        // Wrap the movetext at about 80 columns.
        let mut line_len = 0;
        for (i, part) in parts.iter().enumerate() {
            if i > 0 {
                if line_len + 1 + part.len() > 80 {
                    writeln!(f)?;
                    line_len = 0;
                } else {
                    f.write_str(" ")?;
                    line_len += 1;
                }
            }
            f.write_str(part)?;
            line_len += part.len();
        }
        writeln!(f)
    }
}

impl Game {
    /// The game as a record.
    pub fn record(&self) -> GameRecord {
        GameRecord::from_game(self)
    }

    /// Parses and replays a game record.
    pub fn from_record(text: &str) -> Result<Game, RecordError> {
        text.parse::<GameRecord>()?.to_game()
    }
}
