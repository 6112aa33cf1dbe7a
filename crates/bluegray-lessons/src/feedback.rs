//! What the learner is told ([`Feedback`]): a key of the page's message tables and its
//! parameters; and why a wrong move was wrong, worked out from the position.

use std::collections::BTreeMap;

use bluegray_core::{
    CaptainMode, Color, Game, Move, MoveKind, PieceKind, Point, Position, PATH_STEPS,
};
use serde::Serialize;

use crate::goal::Goal;
use crate::lesson::Lesson;

/// The message of a guard left where an enemy guard can jump it.
const HANGING: &str = "lessons.why.hanging";
/// The message of a guard that the opponent's reply has jumped.
const JUMPED: &str = "lessons.why.jumped";

/// A message of the page: a key of its message tables and the parameters to put in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Feedback {
    /// The message key, e.g. `lessons.why.hanging` or `lesson.walk.done`.
    pub key: String,
    /// The message's parameters, e.g. `{guard: "d6", from: "d7"}`.
    pub params: BTreeMap<String, String>,
}

impl Feedback {
    /// A message with no parameters.
    pub(crate) fn new(key: impl Into<String>) -> Feedback {
        Feedback {
            key: key.into(),
            params: BTreeMap::new(),
        }
    }

    /// The message with the parameter `name` set to `value`.
    pub(crate) fn with(mut self, name: &str, value: impl ToString) -> Feedback {
        self.params.insert(name.to_string(), value.to_string());
        self
    }

    /// The message in the right tense once the opponent's `reply` is played: a guard that
    /// "can be jumped" and that the reply (a capture) does jump "was jumped", by the guard that
    /// jumped it.
    pub(crate) fn after_reply(self, reply: Option<&Move>) -> Feedback {
        let Some(r) = reply.filter(|r| r.is_capture()) else {
            return self;
        };
        if self.key != HANGING {
            return self;
        }
        let taken = r.captured();
        let named = self
            .params
            .get("guard")
            .and_then(|g| g.parse::<Point>().ok());
        let guard = named
            .filter(|g| taken.contains(g))
            .or_else(|| taken.first().copied());
        match guard {
            Some(g) => Feedback::new(JUMPED)
                .with("guard", g)
                .with("from", r.from()),
            None => self,
        }
    }
}

impl Lesson {
    /// Why the learner's move `last` (from `before`, giving `game`) was wrong.
    pub(crate) fn why(&self, before: &Position, game: &Game, last: &Move) -> Feedback {
        let pos = game.position();
        let me = self.learner;
        let enemy = me.other();
        // A guard left where the enemy can jump it.
        if game.outcome().is_none() && pos.has_capture() {
            let captures = game.legal_moves();
            let landed = last.to();
            let pick = captures
                .iter()
                .find(|m| m.captured().contains(&landed))
                .or_else(|| captures.first());
            if let Some(c) = pick {
                let guard = if c.captured().contains(&landed) {
                    Some(landed)
                } else {
                    c.captured().first().copied()
                };
                if let Some(g) = guard {
                    return Feedback::new(HANGING)
                        .with("guard", g)
                        .with("from", c.from());
                }
            }
        }
        // A capture that took fewer guards than another would have.
        if let Goal::CaptureCount(_) = self.goal {
            if last.is_capture() {
                let best = before
                    .legal_moves()
                    .iter()
                    .map(Move::capture_count)
                    .max()
                    .unwrap_or(0);
                if best > last.capture_count() {
                    return Feedback::new("lessons.why.fewer")
                        .with("n", last.capture_count())
                        .with("best", best);
                }
            }
        }
        // The enemy captain left free to walk.
        if self.goal.keeps_enemy_blocked() && game.outcome().is_none() {
            if let Some(m) = game
                .legal_moves()
                .iter()
                .find(|m| m.kind() == MoveKind::Captain)
            {
                let next = next_point(pos, enemy).unwrap_or(m.to());
                return Feedback::new("lessons.why.enemyFree").with("point", next);
            }
        }
        // A lost race: after the opponent's reply, its captain needs fewer steps than the
        // learner's (standard captains, whose steps can be counted move for move).
        if let Some(f) = self.race_lost(game) {
            return f;
        }
        // The learner's own captain: blocked by its own guard, or left idle.
        if let Some(target) = self.goal.captain_target() {
            let path = pos.path(me);
            let from = pos.progress(me);
            let ahead = |i: u8| i > from && i <= target.min(PATH_STEPS);
            // The guard just moved, when it has landed on the path ahead of its captain.
            let moved = pos.piece_at(last.to());
            if let Some(pc) = moved.filter(|pc| pc.color == me && pc.kind != PieceKind::Captain) {
                if path.progress_of(last.to()).is_some_and(ahead) {
                    return Feedback::new("lessons.why.ownOnPath")
                        .with("point", last.to())
                        .with("kind", kind_name(pc.kind));
                }
            }
            for i in (from + 1)..=target.min(PATH_STEPS) {
                let p = path.point(i);
                if let Some(pc) = pos.piece_at(p) {
                    if pc.color == me && pc.kind != PieceKind::Captain {
                        return Feedback::new("lessons.why.ownOnPath")
                            .with("point", p)
                            .with("kind", kind_name(pc.kind));
                    }
                    break;
                }
            }
            if last.kind() != MoveKind::Captain {
                if let Some(p) = next_point(pos, me).filter(|p| pos.piece_at(*p).is_none()) {
                    return Feedback::new("lessons.why.captainIdle").with("point", p);
                }
            }
        }
        Feedback::new(format!("lesson.{}.wrong", self.id))
    }
}

impl Lesson {
    /// The race the learner has lost by its move, if the opponent's reply in `game` is a
    /// captain step after which the enemy captain needs fewer steps to the red dot than the
    /// learner's: the steps each needs, and the point the enemy captain has stepped to.
    fn race_lost(&self, game: &Game) -> Option<Feedback> {
        if game.outcome().is_some() || game.variant().rules.captain != CaptainMode::Standard {
            return None;
        }
        let reply = self.reply(game).filter(|m| m.kind() == MoveKind::Captain)?;
        let after = game.position().played(&reply);
        let ours = PATH_STEPS.saturating_sub(after.progress(self.learner));
        let theirs = PATH_STEPS.saturating_sub(after.progress(self.learner.other()));
        (theirs < ours).then(|| {
            Feedback::new("lessons.why.raceLost")
                .with("ours", ours)
                .with("theirs", theirs)
                .with("point", reply.to())
        })
    }
}

/// The name of a kind of piece in the page's messages.
fn kind_name(k: PieceKind) -> &'static str {
    match k {
        PieceKind::Captain => "captain",
        PieceKind::Sergeant => "sergeant",
        PieceKind::Private => "private",
    }
}

/// The next point on `side`'s captain path, if its captain is not yet on the red dot.
fn next_point(pos: &Position, side: Color) -> Option<Point> {
    let p = pos.progress(side);
    (p < PATH_STEPS).then(|| pos.path(side).point(p + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use bluegray_core::Variant;

    /// The move `text` in the position `code` of Sackson's game.
    fn mv(code: &str, text: &str) -> Move {
        let game = Game::from_code(Variant::default(), code).expect("code");
        game.parse_move(text).expect("move")
    }

    #[test]
    fn a_hanging_guard_was_jumped_only_when_the_reply_jumps_it() {
        let hanging = Feedback::new(HANGING)
            .with("guard", "d6")
            .with("from", "d7");
        // No reply, or a reply that is not a capture: still "can be jumped".
        assert_eq!(hanging.clone().after_reply(None), hanging);
        let step = mv("4c4/9/9/9/9/9/9/9/S3C4 g 0 1", "e9-e8");
        assert_eq!(hanging.clone().after_reply(Some(&step)), hanging);
        // A capture of that guard: "was jumped", by the guard that jumped.
        let code = "4c4/9/3s5/3S5/9/9/9/9/4C4 g 0 1";
        let jump = mv(code, "d7xd5");
        let was = hanging.clone().after_reply(Some(&jump));
        assert_eq!(was.key, JUMPED);
        assert_eq!(was.params["guard"], "d6");
        assert_eq!(was.params["from"], "d7");
        // Another message is never changed.
        let other = Feedback::new("lessons.why.enemyFree").with("point", "f3");
        assert_eq!(other.clone().after_reply(Some(&jump)), other);
    }
}
