//! What the learner is told ([`Feedback`]): a key of the page's message tables and its
//! parameters; and why a wrong move was wrong, worked out from the position.

use std::collections::BTreeMap;

use bluegray_core::{Color, Game, Move, MoveKind, PieceKind, Point, Position, PATH_STEPS};
use serde::Serialize;

use crate::goal::Goal;
use crate::lesson::Lesson;

/// The message of a guard left where an enemy guard can jump it.
const HANGING: &str = "lessons.why.hanging";
/// The message of a guard that the opponent's reply has jumped.
const JUMPED: &str = "lessons.why.jumped";

/// A message of the page: a key of its message tables and the parameters to put in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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
        // The learner's own captain: blocked by its own guard, or left idle.
        if let Some(target) = self.goal.captain_target() {
            let path = pos.path(me);
            let from = pos.progress(me);
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
                if let Some(p) = next_point(pos, me) {
                    return Feedback::new("lessons.why.captainIdle").with("point", p);
                }
            }
        }
        Feedback::new(format!("lesson.{}.wrong", self.id))
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
