//! Judging the learner's moves ([`Lesson::judge`]) and hinting ([`Lesson::hint`]), by searching
//! every line of the learner's moves against the lesson's scripted replies.

use bluegray_core::{Game, Move, MoveKind};
use serde::Serialize;

use crate::error::LessonError;
use crate::feedback::Feedback;
use crate::lesson::Lesson;

/// How the learner's last move went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "LessonStatus"))]
pub enum Status {
    /// The goal is reached: the lesson is done.
    Done,
    /// The goal can still be reached: the opponent replies and the learner goes on.
    Continue,
    /// The goal can no longer be reached within the budget.
    Wrong,
}

/// The judgement of the learner's last move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "LessonVerdict"))]
pub struct Verdict {
    /// Done, go on, or wrong.
    pub status: Status,
    /// The opponent's reply to play now, if any: always when going on; after a wrong move,
    /// when the reply shows the mistake (a capture or a captain move).
    pub reply: Option<String>,
    /// What to tell the learner: the lesson's success message, or why the move was wrong.
    pub feedback: Option<Feedback>,
    /// The learner's moves left within the budget.
    pub moves_left: u8,
}

/// The largest number of positions [`Lesson::judge`] and [`Lesson::hint`] look at: the lessons
/// need a few thousand; the bound only keeps a bad lesson from running away.
const SEARCH_LIMIT: u32 = 200_000;

impl Lesson {
    /// A line of the learner's moves (with the opponent's replies between them) from `game`,
    /// the learner to move, that meets the goal within `left` moves: its first move, or `None`.
    fn winning_move(&self, game: &Game, left: u8, budget: &mut u32) -> Option<Move> {
        if left == 0 || game.outcome().is_some() || game.side_to_move() != self.learner {
            return None;
        }
        for m in game.legal_moves() {
            if *budget == 0 {
                return None;
            }
            *budget -= 1;
            let mut next = game.clone();
            if next.play(m).is_err() {
                continue;
            }
            if self.goal_met(&next, &m) {
                return Some(m);
            }
            if left > 1 && self.after_reply(&next, left - 1, budget) {
                return Some(m);
            }
        }
        None
    }

    /// Whether, after the opponent's reply in `game`, the goal can be met within `left` moves.
    fn after_reply(&self, game: &Game, left: u8, budget: &mut u32) -> bool {
        if game.outcome().is_some() {
            return false;
        }
        let Some(r) = self.reply(game) else {
            return false;
        };
        let mut next = game.clone();
        if next.play(r).is_err() {
            return false;
        }
        self.winning_move(&next, left, budget).is_some()
    }

    /// The first move of a line that meets the goal from the position after `moves`, when it
    /// is the learner's turn; `None` when there is none (the goal is out of reach).
    pub fn hint<S: AsRef<str>>(&self, moves: &[S]) -> Result<Option<String>, LessonError> {
        let game = self.replay(moves)?;
        if game.side_to_move() != self.learner {
            return Err(LessonError::NotLearnersTurn {
                learner: self.learner,
            });
        }
        let left = (self.budget as usize).saturating_sub(self.learner_moves(&game)) as u8;
        let mut budget = SEARCH_LIMIT;
        Ok(self
            .winning_move(&game, left, &mut budget)
            .map(|m| m.to_string()))
    }

    /// Judges the learner's last move, the last of `moves` (every move from the lesson's start,
    /// the opponent's replies included).
    ///
    /// A move is wrong exactly when, after it (and the opponent's reply), the goal can no
    /// longer be reached within the budget. The verdict then says why, in a message of the
    /// page ([`Feedback`]), and carries the opponent's reply when that reply shows the mistake
    /// (a capture or a captain move).
    pub fn judge<S: AsRef<str>>(&self, moves: &[S]) -> Result<Verdict, LessonError> {
        let Some((_, earlier)) = moves.split_last() else {
            return Err(LessonError::NoMove);
        };
        let before = self.replay(earlier)?;
        if before.side_to_move() != self.learner {
            return Err(LessonError::NotLearnersMove {
                learner: self.learner,
            });
        }
        let game = self.replay(moves)?;
        let Some(last) = game.moves().last().copied() else {
            return Err(LessonError::NoMove);
        };
        let used = self.learner_moves(&game);
        let moves_left = (self.budget as usize).saturating_sub(used) as u8;
        if used <= self.budget as usize && self.goal_met(&game, &last) {
            return Ok(Verdict {
                status: Status::Done,
                reply: None,
                feedback: Some(Feedback::new(format!("lesson.{}.done", self.id))),
                moves_left,
            });
        }
        let mut budget = SEARCH_LIMIT;
        let reply = self.reply(&game);
        let reachable = used < self.budget as usize
            && game.outcome().is_none()
            && self.after_reply(&game, moves_left, &mut budget);
        if reachable {
            return Ok(Verdict {
                status: Status::Continue,
                reply: reply.map(|m| m.to_string()),
                feedback: None,
                moves_left,
            });
        }
        let shows = reply.filter(|m| matches!(m.kind(), MoveKind::Capture | MoveKind::Captain));
        let why = self.why(before.position(), &game, &last);
        Ok(Verdict {
            status: Status::Wrong,
            reply: shows.map(|m| m.to_string()),
            feedback: Some(why.after_reply(shows.as_ref())),
            moves_left,
        })
    }
}
