//! One lesson ([`Lesson`]): a position of a variant, the learner's side, a goal, a budget of
//! moves and the opponent's scripted replies; and the game it is played in.

use bluegray_core::{Color, Game, Move, ReplayError, Variant};
use serde::Serialize;

use crate::error::LessonError;
use crate::goal::Goal;
use crate::MAX_MOVES;

/// What a lesson teaches: a rule of the game, or how to play well.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "LessonKind"))]
pub enum Kind {
    /// A rule of the game: how a move, capture or win works.
    Rules,
    /// How to play well: a plan carried out against the opponent's replies.
    Strategy,
}

/// One lesson: a position of a variant, whose side the learner plays, the goal and the
/// opponent's preferred replies.
#[derive(Clone, Debug)]
pub struct Lesson {
    /// Stable identifier, also the message prefix `lesson.<id>.` of the page.
    pub id: &'static str,
    /// Variant spec the lesson is played under.
    pub variant: &'static str,
    /// Position code of the start.
    pub code: &'static str,
    /// The side the learner plays (the side to move at the start).
    pub learner: Color,
    /// What the learner must achieve.
    pub goal: Goal,
    /// The most moves of the learner's the goal may take.
    pub budget: u8,
    /// The opponent's replies, best first; the first legal one is played (or the first legal
    /// move of the position when none is), so a lesson always plays the same way.
    pub replies: &'static [&'static str],
    /// Whether the lesson teaches a rule or how to play well.
    pub kind: Kind,
    /// The name of the rules option (docs/RULES.md §7.1) whose rule the lesson teaches, e.g.
    /// `lead`; `None` for a rule of every variant, or a strategy lesson.
    pub teaches: Option<&'static str>,
}

impl Lesson {
    /// A new game at the lesson's start.
    pub fn start(&self) -> Result<Game, LessonError> {
        let setup = |reason: String| LessonError::Setup {
            id: self.id,
            reason,
        };
        let variant: Variant = self.variant.parse().map_err(|e| setup(format!("{e}")))?;
        Game::from_code(variant, self.code).map_err(|e| setup(format!("{e}")))
    }

    /// The game after `moves` (in notation, at most [`MAX_MOVES`]) from the lesson's start.
    pub fn replay<S: AsRef<str>>(&self, moves: &[S]) -> Result<Game, LessonError> {
        if moves.len() > MAX_MOVES {
            return Err(LessonError::TooManyMoves {
                count: moves.len(),
                max: MAX_MOVES,
            });
        }
        let mut game = self.start()?;
        for (i, m) in moves.iter().enumerate() {
            game.play_text(m.as_ref())
                .map_err(|e| ReplayError::of_move(i + 1, m.as_ref(), e))?;
        }
        Ok(game)
    }

    /// Whether the goal is met after the learner's move `last`, the last move of `game`.
    pub fn goal_met(&self, game: &Game, last: &Move) -> bool {
        self.goal.met(self.learner, game, last)
    }

    /// The opponent's reply in `game` (its side to move), or `None` when the game is over.
    pub fn reply(&self, game: &Game) -> Option<Move> {
        let legal = game.legal_moves();
        self.replies
            .iter()
            .find_map(|text| {
                let m = game.position().parse_move(text).ok()?;
                legal.contains(&m).then_some(m)
            })
            .or_else(|| legal.first().copied())
    }

    /// How many of the learner's moves `game` holds.
    pub(crate) fn learner_moves(&self, game: &Game) -> usize {
        let positions = game.positions();
        game.moves()
            .iter()
            .enumerate()
            .filter(|(i, _)| positions[*i].side_to_move() == self.learner)
            .count()
    }
}
