//! What a puzzle teaches, put so that a page can say it: how a solved puzzle ended ([`Ending`],
//! read from the rules core's outcome, so that "Solved!" can say why the last move counts) and
//! the idea of its solution ([`Theme`], so that a player can practise one idea at a time).

use bluegray_core::{Color, EndReason, Move, Outcome, Position};
use serde::Serialize;

use crate::search;

/// How the solver's last move reached the goal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "PuzzleEnding"))]
pub enum Ending {
    /// The solver's captain reached the red dot.
    Breakthrough,
    /// The solver's captain, on `point`, leads the other by at least the rules' `lead`.
    Lead {
        /// Where the solver's captain stands.
        point: String,
        /// The solver's captain's progress.
        ours: u8,
        /// The defender's captain's progress.
        theirs: u8,
        /// The lead the rules ask for (the `lead` option).
        needed: u8,
    },
    /// A `stop` puzzle: the defender no longer has a win on its next move.
    Stopped,
}

impl Ending {
    /// How `solver` has won in `pos`, from the rules core's outcome; `None` when it has not
    /// (no win, or a win of the other side's).
    pub fn of_win(pos: &Position, solver: Color) -> Option<Ending> {
        match pos.outcome()? {
            Outcome {
                winner: Some(w),
                reason: EndReason::Breakthrough,
            } if w == solver => Some(Ending::Breakthrough),
            Outcome {
                winner: Some(w),
                reason: EndReason::Lead { winner, loser },
            } if w == solver => Some(Ending::Lead {
                point: pos.captain(solver).to_string(),
                ours: winner,
                theirs: loser,
                needed: pos.rules().lead,
            }),
            _ => None,
        }
    }
}

/// The idea of a puzzle's solution, one per puzzle, the most telling first: a capture chain or a
/// sacrifice says more than the way the game ends, which any win has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "PuzzleTheme"))]
pub enum Theme {
    /// A win whose solver's move captures two guards or more in one go.
    CaptureChain,
    /// The solver gives a guard away: the defender must take it (a capture is compulsory), and
    /// that capture opens the way or stops the defender's captain.
    Sacrifice,
    /// A win by the captain reaching the red dot.
    Breakthrough,
    /// A win by a lead of captain progress.
    Lead,
    /// `stop`: a guard steps onto the points the defender's captain has to walk.
    Block,
    /// `stop`: the solver's own captain walks on, so that the defender's step no longer gives it
    /// the lead.
    Race,
    /// `stop` any other way (a guard stepping off the path, a capture).
    Stop,
}

impl Theme {
    /// Every theme, in the order the page lists them.
    pub const ALL: [Theme; 7] = [
        Theme::Breakthrough,
        Theme::Lead,
        Theme::Sacrifice,
        Theme::CaptureChain,
        Theme::Block,
        Theme::Race,
        Theme::Stop,
    ];

    /// The theme's word: `breakthrough`, `capture-chain`, ….
    pub fn as_str(self) -> &'static str {
        match self {
            Theme::CaptureChain => "capture-chain",
            Theme::Sacrifice => "sacrifice",
            Theme::Breakthrough => "breakthrough",
            Theme::Lead => "lead",
            Theme::Block => "block",
            Theme::Race => "race",
            Theme::Stop => "stop",
        }
    }

    /// The theme of a solution: `positions` from the start through every move of `moves` (the
    /// solver's moves and the defender's replies), `stop` whether the goal is `stop`. A line
    /// that ends in no win of the solver's (not a solution) is told by its first move alone.
    pub fn of_solution(positions: &[Position], moves: &[Move], stop: bool) -> Theme {
        let Some(start) = positions.first() else {
            return Theme::Stop;
        };
        let solver = start.side_to_move();
        let gives_capture = |i: usize| {
            moves.get(i).is_some_and(|m| !m.is_capture())
                && positions.get(i + 1).is_some_and(Position::has_capture)
        };
        if stop {
            let Some(m) = moves.first() else {
                return Theme::Stop;
            };
            let defender = solver.other();
            let ahead = start
                .path(defender)
                .beyond(start.progress(defender))
                .contains(m.to());
            return if ahead {
                Theme::Block
            } else if gives_capture(0) {
                Theme::Sacrifice
            } else if m.kind() == bluegray_core::MoveKind::Captain {
                Theme::Race
            } else {
                Theme::Stop
            };
        }
        if moves.iter().step_by(2).any(|m| m.capture_count() >= 2) {
            return Theme::CaptureChain;
        }
        // The solver's last move wins: only the moves before it can give a guard away.
        if (0..moves.len().saturating_sub(1))
            .step_by(2)
            .any(gives_capture)
        {
            return Theme::Sacrifice;
        }
        match positions.last().and_then(|p| Ending::of_win(p, solver)) {
            Some(Ending::Lead { .. }) => Theme::Lead,
            _ => Theme::Breakthrough,
        }
    }
}

/// How a line shown to the player ends: the decisive reason a verdict gives in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "PuzzleHow"))]
pub enum How {
    /// A captain reached the red dot.
    Breakthrough,
    /// A captain's progress led the other's by the rules' `lead`.
    Lead,
    /// The game stopped (no legal move, or the no-progress limit) and captain progress decides
    /// it (a draw when equal).
    Impasse,
    /// No end within the look-ahead: the defender holds, the solver can no longer force a win
    /// within `within` moves.
    Held,
}

/// The decisive end of a verdict's line: who wins, how, and the captains' progress there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "PuzzleWhy"))]
pub struct Why {
    /// Who wins at the line's end; `None` for a drawn impasse and for [`How::Held`].
    #[cfg_attr(feature = "ts", ts(type = "Side | null"))]
    pub winner: Option<&'static str>,
    /// How.
    pub how: How,
    /// Blue's captain progress at the line's end.
    pub blue: u8,
    /// Gray's captain progress at the line's end.
    pub gray: u8,
    /// The winner's lead in progress there (0 for a draw or [`How::Held`]).
    pub lead: u8,
    /// For [`How::Held`], the solver's moves within which it can no longer win; 0 otherwise.
    pub within: u8,
}

impl Why {
    /// How the game stands at `pos`, the end of a line: a win, an impasse (no legal move, or
    /// the no-progress limit) decided on progress, or `None` when the game goes on.
    pub fn of_end(pos: &Position) -> Option<Why> {
        let (blue, gray) = (pos.progress(Color::Blue), pos.progress(Color::Gray));
        let how = match pos.outcome() {
            Some(Outcome {
                reason: EndReason::Breakthrough,
                ..
            }) => How::Breakthrough,
            Some(Outcome {
                reason: EndReason::Lead { .. },
                ..
            }) => How::Lead,
            _ if search::is_over(pos) => How::Impasse,
            _ => return None,
        };
        let winner = match blue.cmp(&gray) {
            _ if how == How::Breakthrough => pos.outcome().and_then(|o| o.winner),
            std::cmp::Ordering::Greater => Some(Color::Blue),
            std::cmp::Ordering::Less => Some(Color::Gray),
            std::cmp::Ordering::Equal => None,
        };
        Some(Why {
            winner: winner.map(Color::as_str),
            how,
            blue,
            gray,
            lead: blue.abs_diff(gray),
            within: 0,
        })
    }

    /// The defender holds at `pos`: the solver cannot win within `within` of its moves.
    pub fn held(pos: &Position, within: u8) -> Why {
        Why {
            winner: None,
            how: How::Held,
            blue: pos.progress(Color::Blue),
            gray: pos.progress(Color::Gray),
            lead: 0,
            within,
        }
    }
}
