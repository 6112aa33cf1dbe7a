//! Reading a written move against a position: the legal move a [`MoveText`] names, or the error
//! saying why there is none (the game is over, or the rule of docs/RULES.md §4 that refuses it,
//! an [`IllegalMove`]).
//!
//! As with shakmaty's `San::to_move`, the notation converts itself against a position
//! ([`MoveText::to_move`]) using only the position's public accessors: the position knows
//! nothing of notation or of refusals.

use thiserror::Error;

use crate::bitboard::Bitboard;
use crate::geometry::{DIAGONAL, MARKED_FROM};
use crate::illegal::IllegalMove;
use crate::moves::{Move, MoveText, ParseMoveError};
use crate::outcome::Outcome;
use crate::point::{Color, Point};
use crate::position::Position;
use crate::setup::PieceKind;
use crate::text::excerpt;
use crate::variant::{CaptainMode, Diagonals, Jumps};

/// Why a move text cannot be played: the text is not a move, the game is over, or the rules
/// refuse the move (and say which rule, see [`IllegalMove`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a move at all.
    #[error(transparent)]
    Parse(#[from] ParseMoveError),
    /// The game has already ended.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    /// A well-formed move that the rules do not allow here.
    #[error("illegal move {}: {reason}", excerpt(text))]
    Illegal {
        /// The move as the player wrote it, normalised.
        text: String,
        /// The rule that refuses it.
        reason: IllegalMove,
    },
}

/// Why a move of a list played in turn from a position cannot be played (the lessons and the
/// puzzles replay the moves a page sends them so): the [`MoveError`] with the move's place in
/// the list, counted from 1, so that a message can say which move it was.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReplayError {
    /// A move's text is not a move at all.
    #[error("move {number}: {source}")]
    BadMoveText {
        /// Its number in the list, from 1.
        number: usize,
        /// Why the text is not a move.
        source: ParseMoveError,
    },
    /// A well-formed move the rules refuse.
    #[error("move {number}: illegal move {}: {reason}", excerpt(text))]
    IllegalMove {
        /// Its number in the list, from 1.
        number: usize,
        /// The move, normalised.
        text: String,
        /// The rule that refuses it.
        reason: IllegalMove,
    },
    /// A move after the game has ended.
    #[error(
        "move {number} ({}): the game is already over{}",
        excerpt(text),
        ended(outcome)
    )]
    GameOver {
        /// Its number in the list, from 1.
        number: usize,
        /// The move as given.
        text: String,
        /// How the game ended, when the replay knows (a game does; a bare position may have
        /// ended by a rule that only a game's history tells, such as an impasse).
        outcome: Option<Outcome>,
    },
}

impl ReplayError {
    /// The error of the `number`-th move of a list (from 1), given as `text`, that `e` refused.
    pub fn of_move(number: usize, text: &str, e: MoveError) -> ReplayError {
        match e {
            MoveError::Parse(source) => ReplayError::BadMoveText { number, source },
            MoveError::Illegal { text, reason } => ReplayError::IllegalMove {
                number,
                text,
                reason,
            },
            MoveError::GameOver(outcome) => ReplayError::GameOver {
                number,
                text: text.to_string(),
                outcome: Some(outcome),
            },
        }
    }

    /// The move's number in the list, from 1.
    pub fn number(&self) -> usize {
        match self {
            ReplayError::BadMoveText { number, .. }
            | ReplayError::IllegalMove { number, .. }
            | ReplayError::GameOver { number, .. } => *number,
        }
    }
}

/// `: how it ended` for a known outcome, else nothing.
fn ended(outcome: &Option<Outcome>) -> String {
    outcome.map_or_else(String::new, |o| format!(": {o}"))
}

impl Position {
    /// Finds the legal move that `text` describes (docs/RULES.md §6 notation): the text parsed
    /// as a [`MoveText`], then [`MoveText::to_move`].
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        text.parse::<MoveText>()?.to_move(self)
    }
}

impl MoveText {
    /// The legal move of `pos` this text names; the error says why there is none.
    pub fn to_move(&self, pos: &Position) -> Result<Move, MoveError> {
        if let Some(outcome) = pos.outcome() {
            return Err(MoveError::GameOver(outcome));
        }
        let moves = pos.legal_moves();
        if let Some(m) = moves.iter().find(|m| self.matches(m)) {
            return Ok(*m);
        }
        Err(MoveError::Illegal {
            text: self.to_string(),
            reason: self.refusal(pos, &moves),
        })
    }

    /// Which rule refuses this move, which is not one of `legal`, the legal moves of `pos`.
    /// `pos` must not be finished (see [`Position::outcome`]).
    pub(crate) fn refusal(&self, pos: &Position, legal: &[Move]) -> IllegalMove {
        let us = pos.side_to_move();
        let from = self.points[0];
        let piece = match pos.piece_at(from) {
            None => {
                return IllegalMove::NoPiece {
                    side: us,
                    point: from,
                }
            }
            Some(p) if p.color != us => {
                return IllegalMove::NotYourPiece {
                    side: us,
                    point: from,
                }
            }
            Some(p) => p,
        };
        if let Some(m) = legal.iter().find(|m| *m.points() == *self.points) {
            return IllegalMove::WrongSeparator { intended: *m };
        }
        // Only a capture can be left unfinished: a step or captain move that the text names in
        // full (with the wrong separator) was handled above.
        if let Some(m) = legal.iter().find(|m| {
            m.is_capture()
                && m.points().len() > self.points.len()
                && m.points().starts_with(&self.points)
        }) {
            return IllegalMove::JumpMustContinue {
                at: *self.points.last().unwrap_or(&from),
                example: *m,
            };
        }
        let compulsory = legal.first().is_some_and(Move::is_capture);
        let can_capture = legal.iter().any(|m| m.from() == from);
        if compulsory && (!can_capture || !self.capture) {
            return IllegalMove::CaptureCompulsory {
                captures: legal.to_vec(),
            };
        }
        let why = match piece.kind {
            PieceKind::Captain => captain_refusal(pos, self),
            kind if self.capture => jump_refusal(pos, self, kind == PieceKind::Private),
            kind => step_refusal(pos, from, self.points[1], kind == PieceKind::Private),
        };
        why.unwrap_or_else(|| {
            let alternatives: Vec<Move> =
                legal.iter().filter(|m| m.from() == from).copied().collect();
            if alternatives.is_empty() {
                IllegalMove::PieceCannotMove { point: from }
            } else {
                IllegalMove::NotLegal { from, alternatives }
            }
        })
    }
}

/// `(df, dr)` from `a` to `b`.
fn delta(a: Point, b: Point) -> (i8, i8) {
    (b.file() - a.file(), b.rank() - a.rank())
}

fn captain_refusal(pos: &Position, text: &MoveText) -> Option<IllegalMove> {
    let (from, to) = (text.points[0], text.points[1]);
    if text.capture {
        return Some(IllegalMove::CaptainCannotCapture { point: from });
    }
    let us = pos.side_to_move();
    let path = pos.path(us);
    let now = pos.progress(us);
    let target = match path.progress_of(to) {
        Some(k) if k > now => k,
        _ => return Some(IllegalMove::NotAlongPath { from, to }),
    };
    if pos.rules().captain == CaptainMode::Standard && target > now + 1 {
        return Some(IllegalMove::CaptainOneStep {
            from,
            to,
            next: path.point(now + 1),
        });
    }
    let occupied = pos.occupied();
    (now + 1..=target)
        .map(|k| path.point(k))
        .find(|p| occupied.contains(*p))
        .map(|blocker| IllegalMove::CaptainBlocked { from, to, blocker })
}

/// The direction rules a guard's step or jump from `from` in direction `unit` must follow;
/// `None` when they allow it.
fn direction_refusal(
    pos: &Position,
    from: Point,
    to: Point,
    unit: (i8, i8),
    private: bool,
    jump: bool,
) -> Option<IllegalMove> {
    let diagonal = unit.0 != 0 && unit.1 != 0;
    let rules = pos.rules();
    if private {
        if unit.1 == -pos.side_to_move().forward() {
            return Some(IllegalMove::PrivateBackwards { from, to });
        }
        if diagonal {
            return Some(IllegalMove::PrivateDiagonal { from, to });
        }
    } else if diagonal && jump && rules.jumps == Jumps::Orthogonal {
        return Some(IllegalMove::DiagonalJump { from, to });
    } else if diagonal && !jump && rules.diagonals == Diagonals::Marked {
        // MARKED_FROM[d] holds the points from which a step in direction d runs along a
        // marked segment.
        let marked = DIAGONAL
            .iter()
            .zip(MARKED_FROM.iter())
            .any(|(d, starts)| *d == unit && starts.contains(from));
        if !marked {
            return Some(IllegalMove::DiagonalNotMarked { from, to });
        }
    }
    None
}

fn step_refusal(pos: &Position, from: Point, to: Point, private: bool) -> Option<IllegalMove> {
    let (df, dr) = delta(from, to);
    if (df, dr) == (0, 0) || df.abs() > 1 || dr.abs() > 1 {
        return Some(IllegalMove::NotAStep { from, to });
    }
    if to == Point::CENTRE {
        return Some(IllegalMove::RedDotReserved { point: to });
    }
    if pos.occupied().contains(to) {
        return Some(IllegalMove::Occupied { point: to });
    }
    direction_refusal(pos, from, to, (df, dr), private, false)
}

/// Replays the jumps one by one, with captured guards leaving the board at once, and returns
/// the first rule a jump breaks.
fn jump_refusal(pos: &Position, text: &MoveText, private: bool) -> Option<IllegalMove> {
    let mut enemy = pos.guards(pos.side_to_move().other());
    let captains = Bitboard::from_point(pos.captain(Color::Blue)).with(pos.captain(Color::Gray));
    let mut occupied = pos.occupied();
    let mut at = text.points[0];
    for &to in &text.points[1..] {
        let (df, dr) = delta(at, to);
        let straight = (df == 0 || df.abs() == 2) && (dr == 0 || dr.abs() == 2);
        if !straight || (df, dr) == (0, 0) {
            return Some(IllegalMove::NotAJump { from: at, to });
        }
        let unit = (df / 2, dr / 2);
        let over = at.offset(unit.0, unit.1)?;
        if captains.contains(over) {
            return Some(IllegalMove::CaptainCannotBeJumped { from: at, over });
        }
        if !enemy.contains(over) {
            return Some(IllegalMove::NothingToJump { from: at, over });
        }
        if to == Point::CENTRE {
            return Some(IllegalMove::RedDotReserved { point: to });
        }
        if occupied.without(at).contains(to) {
            return Some(IllegalMove::Occupied { point: to });
        }
        if let Some(why) = direction_refusal(pos, at, to, unit, private, true) {
            return Some(why);
        }
        enemy = enemy.without(over);
        occupied = occupied.without(at).without(over).with(to);
        at = to;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Variant};

    #[test]
    fn a_replayed_move_keeps_its_number_and_why_it_was_refused() {
        let mut game = Game::new(Variant::default());
        let e = ReplayError::of_move(2, "zz", game.play_text("zz").unwrap_err());
        assert!(
            matches!(e, ReplayError::BadMoveText { number: 2, .. }),
            "{e:?}"
        );
        assert!(e.to_string().starts_with("move 2: "), "{e}");
        let e = ReplayError::of_move(1, "E1-E2", game.play_text("E1-E2").unwrap_err());
        match &e {
            ReplayError::IllegalMove { text, reason, .. } => {
                assert_eq!(text, "e1-e2");
                assert_eq!(reason.code(), "captain-blocked");
            }
            other => panic!("{other:?}"),
        }
        assert!(
            e.to_string().starts_with("move 1: illegal move e1-e2: "),
            "{e}"
        );
        assert_eq!(e.number(), 1);

        let over = "s3c4/9/9/9/4C4/9/9/9/S8 g 0 30";
        let mut game = Game::from_code(Variant::default(), over).unwrap();
        let outcome = game.outcome().expect("over");
        let e = ReplayError::of_move(3, "a9-a8", game.play_text("a9-a8").unwrap_err());
        assert_eq!(
            e.to_string(),
            format!("move 3 (a9-a8): the game is already over: {outcome}")
        );
        let e = ReplayError::GameOver {
            number: 4,
            text: "e2-e3".into(),
            outcome: None,
        };
        assert_eq!(e.to_string(), "move 4 (e2-e3): the game is already over");
        assert_eq!(e.number(), 4);
    }
}
