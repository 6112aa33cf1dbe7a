//! What a lesson asks of the learner ([`Goal`]), and how the rules core's game says whether it
//! is met.

use bluegray_core::{Color, EndReason, Game, Move, MoveKind, PieceKind, Position};

/// What the learner must achieve. Every goal is checked on the rules core's game right after
/// one of the learner's moves ([`Goal::met`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The learner's captain reaches this progress (index on its path).
    CaptainAt(u8),
    /// One of the learner's guards stands on this point.
    GuardOn(&'static str),
    /// A capture after which the opponent has no capture.
    SafeCapture,
    /// One capture that takes at least this many guards.
    CaptureCount(usize),
    /// The enemy captain cannot move, and the opponent has no capture.
    BlockSafely,
    /// Win the game by breakthrough.
    Breakthrough,
    /// Win the game by the lead rule.
    Lead,
    /// A private of the learner's ends its move on the enemy's first rank and becomes a
    /// sergeant, and the opponent has no capture.
    Promote,
    /// Win the game on impasse (a half win in Sackson's scoring).
    Impasse,
    /// The opponent has at most this many guards, fewer than the learner, and no capture.
    TradeDown(u8),
}

impl Goal {
    /// Whether the goal is met in `game` right after `learner`'s move `last`.
    pub fn met(&self, learner: Color, game: &Game, last: &Move) -> bool {
        let pos = game.position();
        let going_on_safely = game.outcome().is_none() && !pos.has_capture();
        match *self {
            Goal::CaptainAt(n) => pos.progress(learner) >= n,
            Goal::GuardOn(p) => p
                .parse()
                .ok()
                .and_then(|p| pos.piece_at(p))
                .is_some_and(|pc| pc.color == learner && pc.kind != PieceKind::Captain),
            Goal::SafeCapture => last.is_capture() && going_on_safely,
            Goal::CaptureCount(n) => last.capture_count() >= n,
            Goal::BlockSafely => {
                going_on_safely
                    && !game
                        .legal_moves()
                        .iter()
                        .any(|m| m.kind() == MoveKind::Captain)
            }
            Goal::Breakthrough => won(game, learner, |r| matches!(r, EndReason::Breakthrough)),
            Goal::Lead => won(game, learner, |r| matches!(r, EndReason::Lead { .. })),
            Goal::Promote => going_on_safely && promoted(game, last),
            Goal::Impasse => won(game, learner, |r| matches!(r, EndReason::Impasse { .. })),
            Goal::TradeDown(n) => {
                let theirs = guard_count(pos, learner.other());
                going_on_safely && theirs <= u32::from(n) && theirs < guard_count(pos, learner)
            }
        }
    }

    /// The progress the learner's captain must reach for the goal, when the goal is about the
    /// learner's captain walking: used to say which of the learner's guards is in its way.
    pub(crate) fn captain_target(&self) -> Option<u8> {
        match self {
            Goal::CaptainAt(n) => Some(*n),
            Goal::Breakthrough | Goal::Lead => Some(bluegray_core::PATH_STEPS),
            _ => None,
        }
    }

    /// Whether the goal needs the enemy captain kept still: a move that sets it free is then
    /// wrong for that reason.
    pub(crate) fn keeps_enemy_blocked(&self) -> bool {
        matches!(self, Goal::BlockSafely | Goal::Lead | Goal::Impasse)
    }
}

/// Whether the game is over and won by `side` for a reason that `how` accepts.
fn won(game: &Game, side: Color, how: impl Fn(&EndReason) -> bool) -> bool {
    game.outcome()
        .is_some_and(|o| o.winner == Some(side) && how(&o.reason))
}

/// Whether `last`, the last move of `game`, was made by a private that is now a sergeant.
fn promoted(game: &Game, last: &Move) -> bool {
    let positions = game.positions();
    let Some(before) = positions.len().checked_sub(2).map(|i| &positions[i]) else {
        return false;
    };
    let was = before.piece_at(last.from()).map(|p| p.kind);
    let now = game.position().piece_at(last.to()).map(|p| p.kind);
    was == Some(PieceKind::Private) && now == Some(PieceKind::Sergeant)
}

/// How many guards `side` has.
pub(crate) fn guard_count(pos: &Position, side: Color) -> u32 {
    pos.guards(side).count()
}
