//! Why a well-formed move is refused: which rule of docs/RULES.md §4 forbids it, with the points
//! involved, so that a program can explain the refusal in any language without parsing English.
//!
//! This is only the verdict. Parsing the text of a move ([`crate::ParseMoveError`]) and judging
//! it against a position ([`crate::legality`], which gives this verdict) are separate steps with
//! separate errors, as in shakmaty.

use std::fmt;

use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::point::{Color, Point};

/// The rule that refuses a move. [`IllegalMove::code`] names it with a stable identifier,
/// [`IllegalMove::points`] lists the points it involves, and `Display` says it in English.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum IllegalMove {
    /// No piece stands on the move's first point.
    NoPiece {
        /// The side to move.
        side: Color,
        /// The empty point.
        point: Point,
    },
    /// The piece on the first point belongs to the other side.
    NotYourPiece {
        /// The side to move.
        side: Color,
        /// Where the enemy piece stands.
        point: Point,
    },
    /// A guard can capture, so every move that is not a capture is illegal (§4.4).
    CaptureCompulsory {
        /// Every legal capture.
        captures: Vec<Move>,
    },
    /// A capture sequence stops while its guard can still jump (§4.4).
    JumpMustContinue {
        /// Where the sequence stopped.
        at: Point,
        /// A legal sequence that goes on from there.
        example: Move,
    },
    /// A move written with the wrong separator: `-` for a capture or `x` for a step.
    WrongSeparator {
        /// The legal move with the same points.
        intended: Move,
    },
    /// A captain move to a point that is not ahead of it on its path (§4.1).
    NotAlongPath {
        /// The captain's point.
        from: Point,
        /// The destination.
        to: Point,
    },
    /// A standard captain moving more than one step (§4.1).
    CaptainOneStep {
        /// The captain's point.
        from: Point,
        /// The destination asked for.
        to: Point,
        /// The next point of its path, the only one it may move to.
        next: Point,
    },
    /// A piece stands on the captain's path before the destination (§4.1).
    CaptainBlocked {
        /// The captain's point.
        from: Point,
        /// The destination asked for.
        to: Point,
        /// The first occupied point on the way.
        blocker: Point,
    },
    /// A captain written as capturing (§4.1: captains never capture).
    CaptainCannotCapture {
        /// The captain's point.
        point: Point,
    },
    /// A guard moving or jumping onto an occupied point.
    Occupied {
        /// The occupied point.
        point: Point,
    },
    /// A guard moving or jumping onto the red dot, which only captains may enter.
    RedDotReserved {
        /// The red dot.
        point: Point,
    },
    /// A guard's step to a point that is not a neighbour of its own (§4.2, §4.3).
    NotAStep {
        /// The guard's point.
        from: Point,
        /// The destination.
        to: Point,
    },
    /// A diagonal step off the marked lines under `diagonals=marked` (§4.2, §7).
    DiagonalNotMarked {
        /// The guard's point.
        from: Point,
        /// The destination.
        to: Point,
    },
    /// A private stepping or jumping backwards (§4.3).
    PrivateBackwards {
        /// The private's point.
        from: Point,
        /// The destination.
        to: Point,
    },
    /// A private stepping or jumping diagonally (§4.3).
    PrivateDiagonal {
        /// The private's point.
        from: Point,
        /// The destination.
        to: Point,
    },
    /// Two points of a capture that are not a jump apart in a straight line.
    NotAJump {
        /// Where the jump starts.
        from: Point,
        /// Where it would land.
        to: Point,
    },
    /// A jump over a point that holds no enemy guard.
    NothingToJump {
        /// Where the jump starts.
        from: Point,
        /// The point jumped over.
        over: Point,
    },
    /// A jump over a captain (§4.1: captains cannot be jumped).
    CaptainCannotBeJumped {
        /// Where the jump starts.
        from: Point,
        /// The captain's point.
        over: Point,
    },
    /// A sergeant's diagonal jump under `jumps=orthogonal` (§4.2, §7).
    DiagonalJump {
        /// Where the jump starts.
        from: Point,
        /// Where it would land.
        to: Point,
    },
    /// The piece has no legal move at all.
    PieceCannotMove {
        /// The piece's point.
        point: Point,
    },
    /// Not a legal move for a reason none of the above names; the piece's legal moves are
    /// listed instead.
    NotLegal {
        /// The piece's point.
        from: Point,
        /// What the piece may play.
        alternatives: Vec<Move>,
    },
}

impl IllegalMove {
    /// A stable identifier of the rule, in kebab case: `no-piece`, `not-your-piece`,
    /// `capture-compulsory`, `jump-must-continue`, `wrong-separator`, `not-along-path`,
    /// `captain-one-step`, `captain-blocked`, `captain-cannot-capture`, `occupied`,
    /// `red-dot-reserved`, `not-a-step`, `diagonal-not-marked`, `private-backwards`,
    /// `private-diagonal`, `not-a-jump`, `nothing-to-jump`, `captain-cannot-be-jumped`,
    /// `diagonal-jump`, `piece-cannot-move` or `not-legal`.
    pub fn code(&self) -> &'static str {
        match self {
            IllegalMove::NoPiece { .. } => "no-piece",
            IllegalMove::NotYourPiece { .. } => "not-your-piece",
            IllegalMove::CaptureCompulsory { .. } => "capture-compulsory",
            IllegalMove::JumpMustContinue { .. } => "jump-must-continue",
            IllegalMove::WrongSeparator { .. } => "wrong-separator",
            IllegalMove::NotAlongPath { .. } => "not-along-path",
            IllegalMove::CaptainOneStep { .. } => "captain-one-step",
            IllegalMove::CaptainBlocked { .. } => "captain-blocked",
            IllegalMove::CaptainCannotCapture { .. } => "captain-cannot-capture",
            IllegalMove::Occupied { .. } => "occupied",
            IllegalMove::RedDotReserved { .. } => "red-dot-reserved",
            IllegalMove::NotAStep { .. } => "not-a-step",
            IllegalMove::DiagonalNotMarked { .. } => "diagonal-not-marked",
            IllegalMove::PrivateBackwards { .. } => "private-backwards",
            IllegalMove::PrivateDiagonal { .. } => "private-diagonal",
            IllegalMove::NotAJump { .. } => "not-a-jump",
            IllegalMove::NothingToJump { .. } => "nothing-to-jump",
            IllegalMove::CaptainCannotBeJumped { .. } => "captain-cannot-be-jumped",
            IllegalMove::DiagonalJump { .. } => "diagonal-jump",
            IllegalMove::PieceCannotMove { .. } => "piece-cannot-move",
            IllegalMove::NotLegal { .. } => "not-legal",
        }
    }

    /// The points the refusal is about, for a page to highlight or to name in a message, in
    /// this order (by [`IllegalMove::code`]):
    ///
    /// | code | points |
    /// | --- | --- |
    /// | `no-piece`, `not-your-piece`, `captain-cannot-capture`, `occupied`, `red-dot-reserved`, `piece-cannot-move` | the point |
    /// | `capture-compulsory` | every guard that can capture, sorted |
    /// | `jump-must-continue` | where the sequence stopped |
    /// | `wrong-separator` | the points of the legal move meant |
    /// | `captain-blocked` | the first occupied point on the way |
    /// | `captain-one-step` | the captain, the next point of its path |
    /// | `nothing-to-jump`, `captain-cannot-be-jumped` | where the jump starts, the point jumped over |
    /// | `not-along-path`, `not-a-step`, `diagonal-not-marked`, `private-backwards`, `private-diagonal`, `not-a-jump`, `diagonal-jump` | from, to |
    /// | `not-legal` | the piece |
    pub fn points(&self) -> Vec<Point> {
        match self {
            IllegalMove::NoPiece { point, .. }
            | IllegalMove::NotYourPiece { point, .. }
            | IllegalMove::CaptainCannotCapture { point }
            | IllegalMove::Occupied { point }
            | IllegalMove::RedDotReserved { point }
            | IllegalMove::PieceCannotMove { point } => vec![*point],
            IllegalMove::CaptureCompulsory { captures } => {
                // Each capturing piece once, in the points' order: a set of points gives both,
                // with no sorting code in the wasm module.
                captures
                    .iter()
                    .map(Move::from)
                    .collect::<Bitboard>()
                    .collect()
            }
            IllegalMove::JumpMustContinue { at, .. } => vec![*at],
            IllegalMove::WrongSeparator { intended } => intended.points().to_vec(),
            IllegalMove::CaptainBlocked { blocker, .. } => vec![*blocker],
            IllegalMove::CaptainOneStep { from, next, .. } => vec![*from, *next],
            IllegalMove::NothingToJump { from, over }
            | IllegalMove::CaptainCannotBeJumped { from, over } => vec![*from, *over],
            IllegalMove::NotAlongPath { from, to }
            | IllegalMove::NotAStep { from, to }
            | IllegalMove::DiagonalNotMarked { from, to }
            | IllegalMove::PrivateBackwards { from, to }
            | IllegalMove::PrivateDiagonal { from, to }
            | IllegalMove::NotAJump { from, to }
            | IllegalMove::DiagonalJump { from, to } => vec![*from, *to],
            IllegalMove::NotLegal { from, .. } => vec![*from],
        }
    }
}

/// Moves joined by commas, at most four of them.
struct MoveList<'a>(&'a [Move]);

impl fmt::Display for MoveList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, m) in self.0.iter().take(4).enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{m}")?;
        }
        if self.0.len() > 4 {
            f.write_str(", …")?;
        }
        Ok(())
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::NoPiece { side, point } => write!(f, "{side} has no piece on {point}"),
            IllegalMove::NotYourPiece { side, point } => write!(
                f,
                "the piece on {point} is {}'s, and {side} is to move",
                side.other()
            ),
            IllegalMove::CaptureCompulsory { captures } => {
                write!(f, "a capture is compulsory ({})", MoveList(captures))
            }
            IllegalMove::JumpMustContinue { example, .. } => write!(
                f,
                "the capture must go on jumping while it can, e.g. {example}"
            ),
            IllegalMove::WrongSeparator { intended } => write!(
                f,
                "write a capture with 'x' and any other move with '-': {intended}"
            ),
            IllegalMove::NotAlongPath { from, to } => write!(
                f,
                "the captain on {from} moves only forward along its path, and {to} is not ahead of it"
            ),
            IllegalMove::CaptainOneStep { from, next, .. } => write!(
                f,
                "the captain on {from} moves one step at a time, to {next}"
            ),
            IllegalMove::CaptainBlocked { from, blocker, .. } => write!(
                f,
                "the captain on {from} is blocked by the piece on {blocker}"
            ),
            IllegalMove::CaptainCannotCapture { point } => {
                write!(f, "the captain on {point} cannot capture: only guards capture")
            }
            IllegalMove::Occupied { point } => write!(f, "{point} is occupied"),
            IllegalMove::RedDotReserved { point } => {
                write!(f, "only a captain may enter the red dot {point}")
            }
            IllegalMove::NotAStep { from, to } => write!(
                f,
                "{from} to {to} is not a step: a guard steps to a neighbouring point"
            ),
            IllegalMove::DiagonalNotMarked { from, to } => write!(
                f,
                "{from} to {to} is not along a marked diagonal, the only diagonal steps in this variant"
            ),
            IllegalMove::PrivateBackwards { from, to } => {
                write!(f, "{from} to {to} goes backwards, which a private never does")
            }
            IllegalMove::PrivateDiagonal { from, to } => {
                write!(f, "{from} to {to} is diagonal, which a private never moves")
            }
            IllegalMove::NotAJump { from, to } => write!(
                f,
                "{from} to {to} is not a jump: a jump goes over a neighbouring guard to the point straight beyond"
            ),
            IllegalMove::NothingToJump { from, over } => {
                write!(f, "from {from} there is no enemy guard on {over} to jump over")
            }
            IllegalMove::CaptainCannotBeJumped { over, .. } => {
                write!(f, "the captain on {over} cannot be jumped")
            }
            IllegalMove::DiagonalJump { from, to } => write!(
                f,
                "{from} to {to} is a diagonal jump, and in this variant sergeants jump orthogonally only"
            ),
            IllegalMove::PieceCannotMove { point } => {
                write!(f, "the piece on {point} cannot move")
            }
            IllegalMove::NotLegal { from, alternatives } => write!(
                f,
                "the piece on {from} can play {}",
                MoveList(alternatives)
            ),
        }
    }
}
