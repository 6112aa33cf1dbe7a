//! The opening explorer: which moves strong play makes from the start of a named variant, and how
//! they score. `bluegray explorer` plays the engine against itself and writes each variant's
//! games (their results and first plies) as a small text file, [`ExplorerGames`]; the page fetches
//! a variant's file when the explorer is opened, and asks [`ExplorerGames::moves_at`] for the
//! moves after the moves played so far: every number the page shows is counted here.
//!
//! The file, one game a line after a line naming the variant (blank lines and lines starting with
//! `#` are comments; the command writes how it made the games there):
//!
//! ```text
//! # made by: bluegray explorer --games 150 … sackson
//! variant sackson
//! 1-0 c3-d4 f6-e5 …
//! 1/2-1/2 c3-c4 …
//! ```
//!
//! A game's line is its result as records write it (`1-0` Blue won, `0-1` Gray won, `1/2-1/2` a
//! draw) and its first moves (all of them when the game was shorter), each read by the rules
//! core from the start of the variant: a line whose moves are not legal there, go on after the
//! game ended or end the game with another result does not read.

use std::fmt;
use std::str::FromStr;

use bluegray_core::{Color, Game, Move, MoveError, Position, Variant, VariantName};
use thiserror::Error;

/// How a game ended, as records write it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// Blue won: `1-0`.
    BlueWon,
    /// Gray won: `0-1`.
    GrayWon,
    /// A draw: `1/2-1/2`.
    Draw,
}

impl GameResult {
    /// The result of a game `winner` won, or drawn when there is none.
    pub fn from_winner(winner: Option<Color>) -> GameResult {
        match winner {
            Some(Color::Blue) => GameResult::BlueWon,
            Some(Color::Gray) => GameResult::GrayWon,
            None => GameResult::Draw,
        }
    }

    /// The side that won, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::BlueWon => Some(Color::Blue),
            GameResult::GrayWon => Some(Color::Gray),
            GameResult::Draw => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameResult::BlueWon => "1-0",
            GameResult::GrayWon => "0-1",
            GameResult::Draw => "1/2-1/2",
        })
    }
}

/// A text that is not `1-0`, `0-1` or `1/2-1/2`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("'{0}' is no result: expected 1-0, 0-1 or 1/2-1/2")]
pub struct ParseResultError(pub String);

impl FromStr for GameResult {
    type Err = ParseResultError;

    fn from_str(s: &str) -> Result<GameResult, ParseResultError> {
        match s {
            "1-0" => Ok(GameResult::BlueWon),
            "0-1" => Ok(GameResult::GrayWon),
            "1/2-1/2" => Ok(GameResult::Draw),
            _ => Err(ParseResultError(bluegray_core::excerpt(s).into_owned())),
        }
    }
}

/// One game of the explorer: its result and its first moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplorerGame {
    /// How the whole game ended.
    pub result: GameResult,
    /// Its first moves from the start of the variant.
    pub moves: Vec<Move>,
}

/// A named variant's games, as its explorer file holds them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplorerGames {
    /// The variant, from its start.
    pub variant: VariantName,
    /// The games, in the file's order.
    pub games: Vec<ExplorerGame>,
}

/// Why an explorer file, or the moves asked about, do not read. Lines are numbered from 1.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ExplorerError {
    /// No line names the variant before the first game.
    #[error("no 'variant NAME' line before the games")]
    NoVariant,
    /// The variant line names no named variant.
    #[error("line {line}: '{name}' is not a named variant")]
    UnknownVariant {
        /// The line.
        line: usize,
        /// What it names.
        name: String,
    },
    /// A second variant line.
    #[error("line {line}: a second variant line")]
    SecondVariant {
        /// The line.
        line: usize,
    },
    /// A game's line starts with no result.
    #[error("line {line}: {error}")]
    BadResult {
        /// The line.
        line: usize,
        /// What is wrong with it.
        error: ParseResultError,
    },
    /// A game's move does not read or is not legal where it is played.
    #[error("line {line}, move {ply} '{text}': {error}")]
    BadMove {
        /// The line.
        line: usize,
        /// The move's number in the game, from 1.
        ply: usize,
        /// The move as written (shortened when long).
        text: String,
        /// Why the rules core refuses it.
        error: MoveError,
    },
    /// A game's line goes on after its game ended.
    #[error("line {line}: move {ply} comes after the end of the game")]
    AfterTheEnd {
        /// The line.
        line: usize,
        /// The first move too many, from 1.
        ply: usize,
    },
    /// A game's moves end it with another result than its line says.
    #[error("line {line}: the moves end the game {actual}, not {written}")]
    WrongResult {
        /// The line.
        line: usize,
        /// The result the moves give.
        actual: GameResult,
        /// The result written.
        written: GameResult,
    },
    /// One of the moves asked about is not legal where it is played.
    #[error("move {ply} '{text}' asked about: {error}")]
    BadQuestion {
        /// The move's number, from 1.
        ply: usize,
        /// The move as given (shortened when long).
        text: String,
        /// Why the rules core refuses it.
        error: MoveError,
    },
}

/// A move played in a position, with its games and how they ended for the side that played it.
/// `wins + draws + losses == games`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveStats {
    /// The move, as the rules core writes it.
    pub text: String,
    /// Games that played it there.
    pub games: u32,
    /// Of them, games the side that played it won.
    pub wins: u32,
    /// Of them, games drawn.
    pub draws: u32,
    /// Of them, games the side that played it lost.
    pub losses: u32,
}

impl FromStr for ExplorerGames {
    type Err = ExplorerError;

    /// Reads an explorer file, checking every move with the rules core.
    fn from_str(text: &str) -> Result<ExplorerGames, ExplorerError> {
        let mut variant: Option<VariantName> = None;
        let mut games = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let l = raw.trim();
            if l.is_empty() || l.starts_with('#') {
                continue;
            }
            if let Some(name) = l.strip_prefix("variant ") {
                if variant.is_some() {
                    return Err(ExplorerError::SecondVariant { line });
                }
                let name = name.trim();
                variant = Some(name.parse().map_err(|_| ExplorerError::UnknownVariant {
                    line,
                    name: bluegray_core::excerpt(name).into_owned(),
                })?);
                continue;
            }
            let Some(v) = variant else {
                return Err(ExplorerError::NoVariant);
            };
            games.push(read_game(v, line, l)?);
        }
        let variant = variant.ok_or(ExplorerError::NoVariant)?;
        Ok(ExplorerGames { variant, games })
    }
}

/// Reads one game's line (`line` its number) of `variant`'s file.
fn read_game(variant: VariantName, line: usize, text: &str) -> Result<ExplorerGame, ExplorerError> {
    let mut words = text.split_whitespace();
    let written = words.next().unwrap_or_default();
    let result = written
        .parse::<GameResult>()
        .map_err(|error| ExplorerError::BadResult { line, error })?;
    let mut game = Game::new(Variant::from(variant));
    for (i, word) in words.enumerate() {
        if game.outcome().is_some() {
            return Err(ExplorerError::AfterTheEnd { line, ply: i + 1 });
        }
        game.play_text(word)
            .map_err(|error| ExplorerError::BadMove {
                line,
                ply: i + 1,
                text: bluegray_core::excerpt(word).into_owned(),
                error,
            })?;
    }
    if let Some(o) = game.outcome() {
        let actual = GameResult::from_winner(o.winner);
        if actual != result {
            return Err(ExplorerError::WrongResult {
                line,
                actual,
                written: result,
            });
        }
    }
    Ok(ExplorerGame {
        result,
        moves: game.moves().to_vec(),
    })
}

impl fmt::Display for ExplorerGames {
    /// The file without comments: the variant line and a line per game, each ended by `\n`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "variant {}", self.variant)?;
        for g in &self.games {
            write!(f, "{}", g.result)?;
            for m in &g.moves {
                write!(f, " {m}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl ExplorerGames {
    /// The position code of the variant's start, from which every game of the file is played.
    pub fn start_code(&self) -> String {
        Position::new(Variant::from(self.variant).rules).to_string()
    }

    /// The moves the games played after `moves_so_far` (move texts from the start of the
    /// variant, read by the rules core), most played first (then most won, then by text): each
    /// with its games and their results for the side to move there. None when no game went
    /// that way (or played on from there); an error when a move asked about is not legal.
    pub fn moves_at(&self, moves_so_far: &[&str]) -> Result<Vec<MoveStats>, ExplorerError> {
        let mut game = Game::new(Variant::from(self.variant));
        let mut prefix = Vec::with_capacity(moves_so_far.len());
        for (i, text) in moves_so_far.iter().enumerate() {
            let m = game
                .play_text(text)
                .map_err(|error| ExplorerError::BadQuestion {
                    ply: i + 1,
                    text: bluegray_core::excerpt(text).into_owned(),
                    error,
                })?;
            prefix.push(m);
        }
        let side = game.side_to_move();
        let mut stats: Vec<(Move, MoveStats)> = Vec::new();
        for g in &self.games {
            let (Some(played), Some(&next)) =
                (g.moves.get(..prefix.len()), g.moves.get(prefix.len()))
            else {
                continue;
            };
            if played != prefix.as_slice() {
                continue;
            }
            let i = match stats.iter().position(|(m, _)| *m == next) {
                Some(i) => i,
                None => {
                    let s = MoveStats {
                        text: next.to_string(),
                        games: 0,
                        wins: 0,
                        draws: 0,
                        losses: 0,
                    };
                    stats.push((next, s));
                    stats.len() - 1
                }
            };
            let s = &mut stats[i].1;
            s.games += 1;
            match g.result.winner() {
                Some(w) if w == side => s.wins += 1,
                Some(_) => s.losses += 1,
                None => s.draws += 1,
            }
        }
        let mut out: Vec<MoveStats> = stats.into_iter().map(|(_, s)| s).collect();
        out.sort_by(|a, b| {
            (b.games, b.wins)
                .cmp(&(a.games, a.wins))
                .then_with(|| a.text.cmp(&b.text))
        });
        Ok(out)
    }
}

#[cfg(test)]
mod tests;
