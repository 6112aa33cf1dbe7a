//! Game records (docs/RULES.md §6), like chess PGN:
//!
//! ```text
//! [Variant "classic"]
//! [Blue "Ann"]
//! [Gray "Bob"]
//! [Result "*"]
//!
//! 1. d2-d3 {a quiet start} d8-d7 2. e1-e2 *
//! ```
//!
//! # Tag values
//!
//! A tag value is written between double quotes, with these escapes so that any text survives a
//! round trip through a record (each tag stays on one line):
//!
//! | character | written |
//! | --- | --- |
//! | `\` | `\\` |
//! | `"` | `\"` |
//! | line feed, carriage return, tab | `\n`, `\r`, `\t` |
//! | any other control character (Unicode category Cc) | `\u{hex}`, e.g. `\u{1b}` |
//!
//! When reading, a backslash before any other character stands for that character.
//!
//! # Comments
//!
//! `{…}` anywhere in the movetext is a comment: it runs from `{` to the first `}`, so comments
//! do not nest (a `{` inside one is text). A `{` that is never closed, or a `}` outside any
//! comment, makes the record invalid, and the error says where it is. Comments are kept with
//! the game (see [`Game::comments`]) and written out again where they were, with their
//! whitespace folded to single spaces; a `}` in a comment's text is written as a space, since
//! it would end the comment.
//!
//! # Variations
//!
//! `( … )` after a move holds a variation: other moves instead of that one, from the position
//! before it, written like the main line (numbers, comments, variations of their own), e.g.
//! `1. d2-d3 (1. e2-e3 d8-d7) 1... d8-d7`. Variations nest. A `(` before any move, a `)` that
//! closes none, or a `(` never closed makes the record invalid, and the error says where. Every
//! move of a variation is checked as the game's are (see [`crate::line`]).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::game::Game;
use crate::legality::MoveError;
use crate::line::Line;
use crate::outcome::{EndError, EndReason};
use crate::point::Color;
use crate::position::Position;
use crate::setup::PositionCodeError;
use crate::text::excerpt;
use crate::variant::{Variant, VariantError};

/// Why a game record was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// A `[` line that is not `[Name "value"]`.
    #[error("line {line}: '{}' is not a tag like [Name \"value\"]", excerpt(text))]
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
    /// A `Termination` tag of an ending by the players that the record's result or moves
    /// contradict (docs/RULES.md §6.4).
    #[error("Termination tag '{}': {why}", excerpt(termination))]
    Termination {
        /// The tag's value.
        termination: String,
        /// What contradicts it.
        why: String,
    },
    /// Text after the result token.
    #[error("unexpected '{}' after the result", excerpt(.0))]
    TrailingText(String),
    /// A `{` with no `}` after it: the comment it opens never ends.
    #[error("line {line}, column {column}: the comment opened by '{{' is never closed with '}}'")]
    UnclosedComment {
        /// 1-based line number of the `{`.
        line: usize,
        /// 1-based column of the `{`, in characters.
        column: usize,
    },
    /// A `}` outside any comment.
    #[error("line {line}, column {column}: '}}' closes no comment (comments do not nest)")]
    UnopenedComment {
        /// 1-based line number of the `}`.
        line: usize,
        /// 1-based column of the `}`, in characters.
        column: usize,
    },
    /// A `(` with no `)` after it: the variation it opens never ends.
    #[error("line {line}, column {column}: the variation opened by '(' is never closed with ')'")]
    UnclosedVariation {
        /// 1-based line number of the `(`.
        line: usize,
        /// 1-based column of the `(`, in characters.
        column: usize,
    },
    /// A `)` outside any variation.
    #[error("line {line}, column {column}: ')' closes no variation")]
    UnopenedVariation {
        /// 1-based line number of the `)`.
        line: usize,
        /// 1-based column of the `)`, in characters.
        column: usize,
    },
    /// A `(` before any move of its line: a variation replaces the move before it.
    #[error("line {line}, column {column}: a variation '(' must follow the move it replaces")]
    VariationFirst {
        /// 1-based line number of the `(`.
        line: usize,
        /// 1-based column of the `(`, in characters.
        column: usize,
    },
    /// A `(` that opens more variations inside each other than [`MAX_NESTING`].
    #[error("line {line}, column {column}: variations nest more than {MAX_NESTING} deep")]
    VariationsTooDeep {
        /// 1-based line number of the `(`.
        line: usize,
        /// 1-based column of the `(`, in characters.
        column: usize,
    },
    /// A move of a variation that cannot be played.
    #[error("variation, move {number} ({side}): {source}")]
    VariationMove {
        /// The move number as the record would print it, e.g. `12.` or `12...`.
        number: String,
        /// The side that was to move.
        side: crate::Color,
        /// Why it cannot be played.
        source: MoveError,
    },
}

/// Why a tag cannot be set with [`Game::set_tag`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TagError {
    /// The name is empty or has characters other than ASCII letters, digits and `_`.
    #[error("'{}' is not a tag name: use letters, digits and _", excerpt(.0))]
    BadName(String),
    /// One of [`RESERVED_TAGS`], which the game writes itself.
    #[error("the {0} tag is set by the game itself")]
    Reserved(String),
}

/// The tags a game writes from its own state (variant, start position, result, how the players
/// ended it): they cannot be set, and a record's values for them are read as the game's, not
/// kept as tags.
pub const RESERVED_TAGS: [&str; 4] = ["Variant", "Position", "Result", "Termination"];

/// Whether `name` is one of [`RESERVED_TAGS`] (tag names compare without case).
pub fn is_reserved_tag(name: &str) -> bool {
    RESERVED_TAGS.iter().any(|r| r.eq_ignore_ascii_case(name))
}

/// Whether `name` can name a tag: ASCII letters, digits and `_`, at least one.
fn is_tag_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// A record's parts as written: tags, move texts, comments and result token, not yet replayed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameRecord {
    /// Tags in order, e.g. `("Variant", "classic")`.
    pub tags: Vec<(String, String)>,
    /// The moves as written.
    pub moves: Vec<String>,
    /// Comments with the number of moves written before each, in order; whitespace folded.
    pub comments: Vec<(usize, String)>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// Variations, each with the index in `moves` of the move it replaces, in order.
    #[cfg(feature = "variations")]
    pub variations: Vec<(usize, Line)>,
    /// Whether the record had variations that were read past, not kept: always false with the
    /// `variations` feature, which keeps them (docs/RULES.md R29).
    pub dropped_variations: bool,
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// How deep variations may nest in a record: far more than any analysis writes, and little
/// enough that reading, checking and writing them (which go into each variation in turn) never
/// run out of stack.
pub const MAX_NESTING: usize = 64;

/// The movetext's line length: lines break between moves before they pass it.
const LINE_WIDTH: usize = 80;

/// The value of the first tag named `name`, compared without case.
fn find_tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

impl Game {
    /// The record tags other than [`RESERVED_TAGS`] (players, date, event, …), in order.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The value of the tag `name`, one of [`Game::tags`] (names compare without case;
    /// surrounding whitespace is ignored).
    pub fn tag(&self, name: &str) -> Option<&str> {
        find_tag(&self.tags, name.trim())
    }

    /// Sets a tag such as `Blue` or `Gray`, replacing any tag of that name (names compare
    /// without case; surrounding whitespace is ignored). The value may be any text.
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), TagError> {
        let name = name.trim();
        if !is_tag_name(name) {
            return Err(TagError::BadName(name.to_string()));
        }
        if is_reserved_tag(name) {
            return Err(TagError::Reserved(name.to_string()));
        }
        match self
            .tags
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some(t) => t.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
        Ok(())
    }
}

impl GameRecord {
    /// The value of tag `name` (case-insensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        find_tag(&self.tags, name)
    }

    /// Replays the record into a game, checking every move.
    pub fn to_game(&self) -> Result<Game, RecordError> {
        let variant: Variant = self.tag("Variant").unwrap_or("sackson").parse()?;
        let mut game = match self.tag("Position") {
            Some(code) => Game::from_code(variant, code)?,
            None => Game::new(variant),
        };
        for (name, value) in &self.tags {
            // Reserved tags were read above; a record with a bad tag name never parses.
            if !is_reserved_tag(name) {
                let _ = game.set_tag(name, value);
            }
        }
        for text in &self.moves {
            let number = move_number_label(game.position());
            let side = game.side_to_move();
            game.play_text(text).map_err(|source| RecordError::Move {
                number,
                side,
                source,
            })?;
        }
        game.comments.clone_from(&self.comments);
        #[cfg(feature = "variations")]
        {
            game.variations = checked_variations(&game, &self.variations)?;
        }
        game.dropped_variations = self.dropped_variations;
        let declared = self.tag("Termination").and_then(declared_ending);
        if let Some(o) = game.outcome() {
            if let Some(reason) = declared {
                return Err(
                    self.termination_error(reason, format!("the moves end the game already ({o})"))
                );
            }
            if self.result != "*" && self.result != o.result_token() {
                return Err(RecordError::ResultMismatch {
                    claimed: self.result.clone(),
                    actual: format!("{} ({o})", o.result_token()),
                });
            }
        }
        if let Some(reason) = declared {
            self.declare(&mut game, reason)?;
        }
        Ok(game)
    }

    /// Ends a replayed game as its `Termination` tag and result say the players did.
    fn declare(&self, game: &mut Game, reason: EndReason) -> Result<(), RecordError> {
        let ended = match (reason, self.result.as_str()) {
            (EndReason::Resignation, "1-0") => game.resign(Color::Gray),
            (EndReason::Resignation, "0-1") => game.resign(Color::Blue),
            (EndReason::Agreement, "1/2-1/2") => game.agree_draw(),
            (EndReason::Aborted, "*") => game.abort(),
            (EndReason::Abandoned, "1-0") => game.claim(Color::Blue, true),
            (EndReason::Abandoned, "0-1") => game.claim(Color::Gray, true),
            // A drawn claim names no side: the record keeps only the result.
            (EndReason::Abandoned, "1/2-1/2") => game.claim(Color::Blue, false),
            (EndReason::Time, "1-0") => game.flag(Color::Gray),
            (EndReason::Time, "0-1") => game.flag(Color::Blue),
            (_, result) => {
                let why = format!("the result {result} is not one it gives");
                return Err(self.termination_error(reason, why));
            }
        };
        ended.map(|_| ()).map_err(|e| match e {
            EndError::TooLateToAbort { .. } | EndError::GameOver(_) => {
                self.termination_error(reason, e.to_string())
            }
        })
    }

    fn termination_error(&self, reason: EndReason, why: String) -> RecordError {
        let termination = self
            .tag("Termination")
            .or(reason.termination())
            .unwrap_or_default()
            .to_string();
        RecordError::Termination { termination, why }
    }

    /// The record of a game: its tags, Variant, Position when it did not start at the variant's
    /// start, and Result.
    pub fn from_game(game: &Game) -> GameRecord {
        let mut tags = vec![("Variant".to_string(), game.variant().to_string())];
        tags.extend(game.tags.iter().cloned());
        let result = game.outcome().map_or("*", |o| o.result_token()).to_string();
        tags.push(("Result".into(), result.clone()));
        if let Some(t) = game.outcome().and_then(|o| o.reason.termination()) {
            tags.push(("Termination".into(), t.to_string()));
        }
        if !game.starts_at_variant_start() {
            tags.push(("Position".into(), game.start_position().to_string()));
        }
        GameRecord {
            tags,
            moves: game.moves().iter().map(|m| m.to_string()).collect(),
            comments: game
                .comments()
                .iter()
                .filter(|(at, _)| *at <= game.moves().len())
                .cloned()
                .collect(),
            result,
            #[cfg(feature = "variations")]
            variations: game
                .variations
                .iter()
                .filter(|(at, _)| *at < game.moves().len())
                .cloned()
                .collect(),
            dropped_variations: game.dropped_variations,
        }
    }
}

/// The ending by the players a `Termination` tag names (compared without case, surrounding
/// space ignored); `None` for any other value, which is not kept (docs/RULES.md §6.4).
fn declared_ending(value: &str) -> Option<EndReason> {
    [
        EndReason::Resignation,
        EndReason::Agreement,
        EndReason::Aborted,
        EndReason::Abandoned,
        EndReason::Time,
    ]
    .into_iter()
    .find(|r| {
        r.termination()
            .is_some_and(|t| t.eq_ignore_ascii_case(value.trim()))
    })
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

#[cfg(feature = "variations")]
/// The variations of `game`'s record, each move checked from the position it is played at and
/// written as the rules core writes it; the error names the first move that cannot be played.
pub(crate) fn checked_variations(
    game: &Game,
    variations: &[(usize, Line)],
) -> Result<Vec<(usize, Line)>, RecordError> {
    variations
        .iter()
        .map(|(at, line)| {
            let mut from = game.clone();
            while from.moves().len() > *at {
                from.undo();
            }
            Ok((*at, checked_line(from, line)?))
        })
        .collect()
}

#[cfg(feature = "variations")]
/// `line` played from the end of `game`, checked.
fn checked_line(mut game: Game, line: &Line) -> Result<Line, RecordError> {
    let start = game.moves().len();
    let mut moves = Vec::with_capacity(line.moves.len());
    let mut variations = Vec::new();
    for (i, text) in line.moves.iter().enumerate() {
        for (_, v) in line.variations.iter().filter(|(at, _)| *at == i) {
            variations.push((i, checked_line(game.clone(), v)?));
        }
        let number = move_number_label(game.position());
        let side = game.side_to_move();
        let m = game
            .play_text(text)
            .map_err(|source| RecordError::VariationMove {
                number,
                side,
                source,
            })?;
        moves.push(m.to_string());
    }
    debug_assert_eq!(game.moves().len(), start + moves.len());
    Ok(Line {
        moves,
        comments: line.comments.clone(),
        variations,
    })
}

/// A tag value as written between the quotes (see the module docs).
fn escape(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    for c in v.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// Reads the escape after a backslash; `None` when it is malformed.
fn unescape(chars: &mut std::str::Chars<'_>) -> Option<char> {
    match chars.next()? {
        'n' => Some('\n'),
        'r' => Some('\r'),
        't' => Some('\t'),
        'u' => {
            if chars.next()? != '{' {
                return None;
            }
            let mut code = 0u32;
            for (i, c) in chars.by_ref().enumerate() {
                if c == '}' {
                    return if i == 0 { None } else { char::from_u32(code) };
                }
                if i >= 6 {
                    return None;
                }
                code = code * 16 + c.to_digit(16)?;
            }
            None
        }
        c => Some(c),
    }
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let rest = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(unescape(&mut chars)?),
            '"' => return None,
            c => value.push(c),
        }
    }
    if !is_tag_name(name) {
        return None;
    }
    Some((name.to_string(), value))
}

/// A piece of movetext: a comment or a whitespace-separated word.
enum Token<'a> {
    /// A `{…}` comment's text, whitespace folded to single spaces.
    Comment(String),
    /// Anything else: a move number, a move, a result.
    Word(&'a str),
    /// `(` opening a variation, at this offset in the movetext.
    Open(usize),
    /// `)` closing one, at this offset.
    Close(usize),
}

/// The movetext lines of a record joined together, with where each line starts, so that an
/// error can say where in the record it is.
#[derive(Default)]
struct Movetext {
    text: String,
    /// The offset in `text` where each line starts, with its 1-based line number in the record.
    lines: Vec<(usize, usize)>,
}

impl Movetext {
    fn push_line(&mut self, number: usize, line: &str) {
        self.lines.push((self.text.len(), number));
        self.text.push_str(line);
        self.text.push('\n');
    }

    /// The 1-based line number and column (in characters) of the byte at `offset`.
    fn place(&self, offset: usize) -> (usize, usize) {
        let i = self.lines.partition_point(|(start, _)| *start <= offset);
        let (start, line) = self.lines[i.saturating_sub(1)];
        let before = self.text.get(start..offset).unwrap_or_default();
        (line, before.chars().count() + 1)
    }

    /// Splits the movetext into comments and words. A comment runs from `{` to the next `}`,
    /// so a `{` inside it is text and a `}` outside one is an error; it needs no space around
    /// it.
    fn tokens(&self) -> Result<Vec<Token<'_>>, RecordError> {
        let mut out = Vec::new();
        let mut rest = self.text.as_str();
        loop {
            rest = rest.trim_start();
            let at = self.text.len() - rest.len();
            if rest.is_empty() {
                return Ok(out);
            }
            if rest.starts_with('}') {
                let (line, column) = self.place(at);
                return Err(RecordError::UnopenedComment { line, column });
            }
            if let Some(body) = rest.strip_prefix('{') {
                let Some((inside, after)) = body.split_once('}') else {
                    let (line, column) = self.place(at);
                    return Err(RecordError::UnclosedComment { line, column });
                };
                out.push(Token::Comment(fold_whitespace(inside)));
                rest = after;
            } else if let Some(after) = rest.strip_prefix('(') {
                out.push(Token::Open(at));
                rest = after;
            } else if let Some(after) = rest.strip_prefix(')') {
                out.push(Token::Close(at));
                rest = after;
            } else {
                let end = rest
                    .find(|c: char| c.is_whitespace() || "{}()".contains(c))
                    .unwrap_or(rest.len());
                // `end` is a character boundary (from `find`); checked splitting all the same,
                // see `text::excerpt`.
                let (word, after) = rest.split_at_checked(end).unwrap_or((rest, ""));
                out.push(Token::Word(word));
                rest = after;
            }
        }
    }
}

/// Words joined by single spaces.
fn fold_whitespace(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl FromStr for GameRecord {
    type Err = RecordError;

    fn from_str(s: &str) -> Result<GameRecord, RecordError> {
        let mut rec = GameRecord {
            result: "*".into(),
            ..GameRecord::default()
        };
        let mut movetext = Movetext::default();
        for (i, line) in s.lines().enumerate() {
            let t = line.trim();
            if t.starts_with('[') && movetext.text.trim().is_empty() {
                let tag = parse_tag(t).ok_or_else(|| RecordError::BadTag {
                    line: i + 1,
                    text: t.to_string(),
                })?;
                rec.tags.push(tag);
            } else {
                movetext.push_line(i + 1, line);
            }
        }
        let mut ended = false;
        // The main line, and the variations open around the current token: each with the index
        // of the move it replaces and where its `(` is.
        let mut main = Line::default();
        let mut open: Vec<(Line, usize, usize)> = Vec::new();
        for token in movetext.tokens()? {
            let line = open.last_mut().map_or(&mut main, |(l, _, _)| l);
            let token = match token {
                Token::Comment(text) => {
                    line.comments.push((line.moves.len(), text));
                    continue;
                }
                Token::Open(at) | Token::Close(at) if ended => {
                    let text = movetext.text.get(at..).unwrap_or_default().trim_end();
                    return Err(RecordError::TrailingText(text.to_string()));
                }
                Token::Open(at) => {
                    let Some(replaced) = line.moves.len().checked_sub(1) else {
                        let (line, column) = movetext.place(at);
                        return Err(RecordError::VariationFirst { line, column });
                    };
                    if open.len() >= MAX_NESTING {
                        let (line, column) = movetext.place(at);
                        return Err(RecordError::VariationsTooDeep { line, column });
                    }
                    open.push((Line::default(), replaced, at));
                    continue;
                }
                Token::Close(at) => {
                    let Some((variation, replaced, _)) = open.pop() else {
                        let (line, column) = movetext.place(at);
                        return Err(RecordError::UnopenedVariation { line, column });
                    };
                    #[cfg(feature = "variations")]
                    {
                        let parent = open.last_mut().map_or(&mut main, |(l, _, _)| l);
                        parent.variations.push((replaced, variation));
                    }
                    // Read past, its moves unchecked, and said to be (docs/RULES.md R29).
                    #[cfg(not(feature = "variations"))]
                    {
                        let _ = (variation, replaced);
                        rec.dropped_variations = true;
                    }
                    continue;
                }
                Token::Word(word) => word,
            };
            if ended {
                return Err(RecordError::TrailingText(token.to_string()));
            }
            if RESULTS.contains(&token) {
                if let Some((_, _, at)) = open.last() {
                    let (line, column) = movetext.place(*at);
                    return Err(RecordError::UnclosedVariation { line, column });
                }
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
                line.moves.push(mv.to_string());
            }
        }
        if let Some((_, _, at)) = open.last() {
            let (line, column) = movetext.place(*at);
            return Err(RecordError::UnclosedVariation { line, column });
        }
        rec.moves = main.moves;
        rec.comments = main.comments;
        #[cfg(feature = "variations")]
        {
            rec.variations = main.variations;
        }
        if let Some(tag_result) = rec.tag("Result").map(str::to_string) {
            if !ended && RESULTS.contains(&tag_result.as_str()) {
                rec.result = tag_result;
            }
        }
        Ok(rec)
    }
}

/// A comment as written in movetext: braces around its folded text, without any `}` (which
/// would end it early).
fn comment_part(text: &str) -> String {
    format!("{{{}}}", fold_whitespace(&text.replace('}', " ")))
}

/// A line of movetext to write: the main line's parts or a variation's.
#[derive(Clone, Copy)]
struct LineRef<'a> {
    moves: &'a [String],
    comments: &'a [(usize, String)],
    #[cfg(feature = "variations")]
    variations: &'a [(usize, Line)],
}

/// Writes a line's moves, numbered from `start` (the position before its first move, if the
/// tags describe one) and `ply` (the moves before it), with their comments and variations, into
/// `parts`. Returns the comments after its last move, left for the caller to place.
fn write_line<'a>(
    parts: &mut Vec<String>,
    start: Option<Position>,
    ply: usize,
    line: LineRef<'a>,
) -> &'a [(usize, String)] {
    let mut pos = start;
    let mut comments = line.comments;
    // After a comment or a variation the next move is numbered again (`1... d8-d7`), as in PGN.
    let mut renumber = true;
    for (i, m) in line.moves.iter().enumerate() {
        while let Some(((_, text), rest)) = comments.split_first().filter(|((at, _), _)| *at <= i) {
            parts.push(comment_part(text));
            comments = rest;
            renumber = true;
        }
        let before = pos;
        match pos {
            Some(p) => {
                let label = move_number_label(&p);
                if renumber || !label.ends_with("...") {
                    parts.push(label);
                }
                pos = p.parse_move(m).ok().map(|mv| p.played(&mv));
            }
            None if (ply + i) % 2 == 0 => parts.push(format!("{}.", (ply + i) / 2 + 1)),
            None if renumber => parts.push(format!("{}...", (ply + i) / 2 + 1)),
            None => {}
        }
        parts.push(m.clone());
        renumber = false;
        // The move's own comments come before its variations.
        while let Some(((_, text), rest)) =
            comments.split_first().filter(|((at, _), _)| *at <= i + 1)
        {
            parts.push(comment_part(text));
            comments = rest;
            renumber = true;
        }
        #[cfg(feature = "variations")]
        for (_, variation) in line.variations.iter().filter(|(at, _)| *at == i) {
            let mut inner = Vec::new();
            let sub = LineRef {
                moves: &variation.moves,
                comments: &variation.comments,
                variations: &variation.variations,
            };
            let after = write_line(&mut inner, before, ply + i, sub);
            inner.extend(after.iter().map(|(_, text)| comment_part(text)));
            if inner.is_empty() {
                inner.push(String::new());
            }
            if let Some(first) = inner.first_mut() {
                first.insert(0, '(');
            }
            if let Some(last) = inner.last_mut() {
                last.push(')');
            }
            parts.extend(inner);
            renumber = true;
        }
        #[cfg(not(feature = "variations"))]
        let _ = before;
    }
    comments
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
        let main = LineRef {
            moves: &self.moves,
            comments: &self.comments,
            #[cfg(feature = "variations")]
            variations: &self.variations,
        };
        let comments = write_line(&mut parts, start, 0, main);
        parts.extend(comments.iter().map(|(_, text)| comment_part(text)));
        parts.push(self.result.clone());
        // Wrap the movetext at about LINE_WIDTH columns.
        let mut line_len = 0;
        for (i, part) in parts.iter().enumerate() {
            if i > 0 {
                if line_len + 1 + part.len() > LINE_WIDTH {
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
