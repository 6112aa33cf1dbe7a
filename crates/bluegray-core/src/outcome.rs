//! How a game ended (docs/RULES.md §5): by the rules, or by the players (§5.1).

use std::fmt;

use thiserror::Error;

use crate::point::Color;

/// Why an impasse was adjudicated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ImpasseCause {
    /// The side to move had no legal move.
    NoMoves,
    /// The same position occurred for the third time.
    Repetition,
    /// `impasse_plies` plies passed with no capture and no captain move.
    NoProgress,
}

impl ImpasseCause {
    /// A short phrase: "no legal move", "threefold repetition", "no progress".
    pub fn describe(self) -> &'static str {
        match self {
            ImpasseCause::NoMoves => "no legal move",
            ImpasseCause::Repetition => "threefold repetition",
            ImpasseCause::NoProgress => "no capture or captain move",
        }
    }
}

/// The way a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// A captain reached the red dot.
    Breakthrough,
    /// A captain's progress led the other's by at least the `lead` option.
    Lead {
        /// The winner's progress.
        winner: u8,
        /// The loser's progress.
        loser: u8,
    },
    /// Adjudicated on captain progress.
    Impasse {
        /// What triggered the adjudication.
        cause: ImpasseCause,
        /// Blue's captain progress.
        blue: u8,
        /// Gray's captain progress.
        gray: u8,
    },
    /// The loser resigned (docs/RULES.md §5.1); the winner is the other side.
    Resignation,
    /// The players agreed to a draw.
    Agreement,
    /// The game was called off before both sides had moved: no result.
    Aborted,
    /// A player left the game and the other claimed it (docs/RULES.md §5.1): a win for the
    /// claimer, or a draw when that is what they claimed.
    Abandoned,
    /// The loser's flag fell: its clock ran out (docs/RULES.md §5.2); the winner is the other
    /// side.
    Time,
}

impl EndReason {
    /// Whether the players (or their clock: a flag fall) ended the game (a resignation, an
    /// agreed draw, an abort, a flag fall) rather than the rules on the board.
    pub fn by_players(self) -> bool {
        matches!(
            self,
            EndReason::Resignation
                | EndReason::Agreement
                | EndReason::Aborted
                | EndReason::Abandoned
                | EndReason::Time
        )
    }

    /// The record's `Termination` tag for an ending by the players (docs/RULES.md §6.4);
    /// `None` for the rules' endings, which the moves themselves show.
    pub fn termination(self) -> Option<&'static str> {
        match self {
            EndReason::Resignation => Some("resignation"),
            EndReason::Agreement => Some("agreement"),
            EndReason::Aborted => Some("aborted"),
            EndReason::Abandoned => Some("abandoned"),
            EndReason::Time => Some("time forfeit"),
            _ => None,
        }
    }
}

/// Why the players cannot end a game now (docs/RULES.md §5.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum EndError {
    /// The game has already ended.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    /// Both sides have moved: the game can be resigned or drawn, no longer aborted.
    #[error("both sides have moved ({plies} plies): too late to abort")]
    TooLateToAbort {
        /// The moves played.
        plies: usize,
    },
}

/// The result of a finished game: who won (or a draw) and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// How the game ended.
    pub reason: EndReason,
}

impl Outcome {
    /// The record's result token: `1-0`, `0-1` or `1/2-1/2`, and `*` for an aborted game,
    /// which has no result.
    pub fn result_token(&self) -> &'static str {
        if self.reason == EndReason::Aborted {
            return "*";
        }
        match self.winner {
            Some(Color::Blue) => "1-0",
            Some(Color::Gray) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// Whether Sackson would count this as half a game (a win on impasse).
    pub fn is_half_win(&self) -> bool {
        self.winner.is_some() && matches!(self.reason, EndReason::Impasse { .. })
    }

    /// `side` resigned: the other side wins.
    pub fn resignation(side: Color) -> Outcome {
        Outcome {
            winner: Some(side.other()),
            reason: EndReason::Resignation,
        }
    }

    /// A draw agreed by the players.
    pub fn agreement() -> Outcome {
        Outcome {
            winner: None,
            reason: EndReason::Agreement,
        }
    }

    /// `side`'s flag fell: the other side wins on time.
    pub fn time(side: Color) -> Outcome {
        Outcome {
            winner: Some(side.other()),
            reason: EndReason::Time,
        }
    }

    /// A game called off: over, with no result.
    pub fn aborted() -> Outcome {
        Outcome {
            winner: None,
            reason: EndReason::Aborted,
        }
    }

    /// The other player left the game and `claimer` claimed it: a win for `claimer` when
    /// `win`, else a draw.
    pub fn abandonment(claimer: Color, win: bool) -> Outcome {
        Outcome {
            winner: win.then_some(claimer),
            reason: EndReason::Abandoned,
        }
    }

    /// Adjudicates an impasse: higher captain progress wins, equal is a draw.
    pub fn impasse(cause: ImpasseCause, blue: u8, gray: u8) -> Outcome {
        let winner = match blue.cmp(&gray) {
            std::cmp::Ordering::Greater => Some(Color::Blue),
            std::cmp::Ordering::Less => Some(Color::Gray),
            std::cmp::Ordering::Equal => None,
        };
        Outcome {
            winner,
            reason: EndReason::Impasse { cause, blue, gray },
        }
    }
}

impl fmt::Display for Outcome {
    /// A sentence for people, e.g. "Gray wins by a lead of 3 steps (9 to 6)".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.winner, self.reason) {
            (Some(w), EndReason::Breakthrough) => {
                write!(
                    f,
                    "{w} wins by breakthrough: the captain reached the red dot"
                )
            }
            (Some(w), EndReason::Lead { winner, loser }) => {
                write!(
                    f,
                    "{w} wins by a lead of {} steps ({winner} to {loser})",
                    winner - loser
                )
            }
            (Some(w), EndReason::Impasse { cause, blue, gray }) => write!(
                f,
                "{w} wins on impasse ({}): captain progress {blue} to {gray}",
                cause.describe()
            ),
            (None, EndReason::Impasse { cause, blue, gray }) => write!(
                f,
                "Draw on impasse ({}): captain progress {blue} to {gray}",
                cause.describe()
            ),
            (Some(w), EndReason::Resignation) => {
                write!(f, "{w} wins by resignation: {} resigned", w.other())
            }
            (Some(w), EndReason::Time) => {
                write!(f, "{w} wins on time: {}'s flag fell", w.other())
            }
            (_, EndReason::Aborted) => f.write_str("Game aborted: no result"),
            (Some(w), EndReason::Abandoned) => {
                write!(f, "{w} wins: {} left the game", w.other())
            }
            (None, EndReason::Abandoned) => f.write_str("Draw: a player left the game"),
            (None, EndReason::Agreement) => f.write_str("Draw by agreement"),
            (None, _) => f.write_str("Draw"),
            (Some(w), _) => write!(f, "{w} wins"),
        }
    }
}
