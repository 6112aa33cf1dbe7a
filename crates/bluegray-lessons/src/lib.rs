//! The interactive lessons of Blue and Gray (issue 10): each lesson is a position, a goal that
//! the rules core checks, the opponent's replies, and feedback in words on a wrong move.
//!
//! Nothing here decides a rule: every move, capture, block and result comes from
//! `bluegray-core`. A lesson adds only what a teacher adds:
//!
//! - a **goal** ([`Goal`]), checked on the game after each of the learner's moves;
//! - a **budget** of learner moves within which the goal must be reached;
//! - the **opponent's replies**: a list of moves it prefers, the first legal one played (or the
//!   first legal move of the position when none is), so a lesson always plays the same way;
//! - **judging** ([`Lesson::judge`]): a move is wrong exactly when, after it (and the
//!   opponent's reply), the goal can no longer be reached within the budget, found by searching
//!   every line of the learner's moves. The reason is then worked out from the position
//!   ([`Feedback`]): a guard left where an enemy guard can jump it (and from where), a capture
//!   that took fewer guards than another would, the enemy captain left free to walk, the
//!   learner's own guard standing on its captain's path, a move that left the captain idle;
//! - a **hint** ([`Lesson::hint`]): the first move of a line that reaches the goal.
//!
//! Messages are keys of the page's message tables (`www/messages/`), with parameters: the
//! crate says *what* to say, the page says it in the reader's language.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::collections::BTreeMap;

use bluegray_core::{
    excerpt, Color, EndReason, Game, IllegalMove, Move, MoveError, MoveKind, Outcome,
    ParseMoveError, PieceKind, Position, Variant,
};
use serde::Serialize;
use thiserror::Error;

/// The most moves a lesson's game is given: the longest lesson needs eight; the bound keeps a
/// caller from making a lesson replay without end.
pub const MAX_MOVES: usize = 64;

/// Why a lesson cannot judge or hint from what it was given.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LessonError {
    /// No lesson has this id.
    #[error("unknown lesson '{}': expected one of {}", excerpt(id), lesson_ids())]
    UnknownLesson {
        /// The id asked for.
        id: String,
    },
    /// More moves than [`MAX_MOVES`].
    #[error("at most {MAX_MOVES} moves, not {count}")]
    TooManyMoves {
        /// How many were given.
        count: usize,
    },
    /// A move's text is not a move at all.
    #[error("move {number}: {source}")]
    BadMoveText {
        /// Its number in the list, from 1.
        number: usize,
        /// Why the text is not a move.
        source: ParseMoveError,
    },
    /// A well-formed move the rules refuse in the lesson's game.
    #[error("move {number}: illegal move {}: {reason}", excerpt(text))]
    IllegalMove {
        /// Its number in the list, from 1.
        number: usize,
        /// The move, normalised.
        text: String,
        /// The rule that refuses it.
        reason: IllegalMove,
    },
    /// A move after the lesson's game has ended.
    #[error(
        "move {number} ({}): the game is already over: {outcome}",
        excerpt(text)
    )]
    GameOver {
        /// Its number in the list, from 1.
        number: usize,
        /// The move as given.
        text: String,
        /// How the game ended.
        outcome: Outcome,
    },
    /// [`Lesson::judge`] was given no move.
    #[error("no move to judge: the list of moves is empty")]
    NoMove,
    /// [`Lesson::judge`] was given a list whose last move is the opponent's.
    #[error("the last move is not the learner's: the learner plays {learner}")]
    NotLearnersMove {
        /// The learner's side.
        learner: Color,
    },
    /// [`Lesson::hint`] was asked in a position where the opponent is to move.
    #[error("it is not the learner's turn: the learner plays {learner}")]
    NotLearnersTurn {
        /// The learner's side.
        learner: Color,
    },
    /// A lesson's own variant or position does not read: a bug in [`LESSONS`].
    #[error("lesson '{id}' does not set up: {reason}")]
    Setup {
        /// The lesson.
        id: &'static str,
        /// What the rules core said.
        reason: String,
    },
}

impl LessonError {
    /// The error of the `number`-th move (from 1), `text`, refused with `e`.
    fn of_move(number: usize, text: &str, e: MoveError) -> LessonError {
        match e {
            MoveError::Parse(source) => LessonError::BadMoveText { number, source },
            MoveError::Illegal { text, reason } => LessonError::IllegalMove {
                number,
                text,
                reason,
            },
            MoveError::GameOver(outcome) => LessonError::GameOver {
                number,
                text: text.to_string(),
                outcome,
            },
        }
    }
}

/// The ids of every lesson, for an error message.
fn lesson_ids() -> String {
    LESSONS.iter().map(|l| l.id).collect::<Vec<_>>().join(", ")
}

/// What the learner must achieve.
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
}

/// What a lesson teaches: a rule of the game, or how to play well.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
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
    /// The opponent's replies, best first; the first legal one is played.
    pub replies: &'static [&'static str],
    /// Whether the lesson teaches a rule or how to play well.
    pub kind: Kind,
    /// The name of the rules option (see `docs/RULES.md`) whose rule the lesson teaches, e.g.
    /// `lead`; `None` for a rule of every variant or a strategy lesson.
    pub teaches: Option<&'static str>,
}

/// Gray's captain behind its own guard, and a guard in the corner that steps to and fro: the
/// opponent waits while the learner works.
const WAIT: &[&str] = &["i9-h9", "h9-i9"];

/// Every lesson, in teaching order.
pub const LESSONS: &[Lesson] = &[
    Lesson {
        id: "walk",
        variant: "sackson",
        code: "4c3s/4s4/9/9/9/9/9/7S1/4C4 b 0 1",
        learner: Color::Blue,
        goal: Goal::CaptainAt(4),
        budget: 4,
        replies: WAIT,
        kind: Kind::Rules,
        teaches: None,
    },
    Lesson {
        id: "unblock",
        variant: "sackson",
        code: "4c3s/4s4/9/9/9/9/9/4S1S2/4C4 b 0 1",
        learner: Color::Blue,
        goal: Goal::CaptainAt(2),
        budget: 3,
        replies: WAIT,
        kind: Kind::Rules,
        teaches: None,
    },
    Lesson {
        id: "step",
        variant: "sackson",
        code: "4c3s/4s4/9/9/9/3S5/9/9/4C4 b 0 1",
        learner: Color::Blue,
        goal: Goal::GuardOn("f6"),
        budget: 3,
        replies: WAIT,
        kind: Kind::Rules,
        teaches: None,
    },
    Lesson {
        id: "capture",
        variant: "sackson",
        code: "4c3s/3ss4/3s5/9/3s5/3Ss4/9/9/4C4 b 0 1",
        learner: Color::Blue,
        goal: Goal::SafeCapture,
        budget: 1,
        replies: WAIT,
        kind: Kind::Rules,
        teaches: None,
    },
    Lesson {
        id: "multi",
        variant: "sackson",
        code: "4c4/9/9/9/1s7/2s6/2Ss5/9/4C4 b 0 1",
        learner: Color::Blue,
        goal: Goal::CaptureCount(2),
        budget: 1,
        replies: &["e9-e8"],
        kind: Kind::Rules,
        teaches: None,
    },
    Lesson {
        id: "compulsory",
        variant: "sackson",
        code: "4c3s/4s4/9/9/9/2s6/2S6/6S2/4C4 b 0 1",
        learner: Color::Blue,
        goal: Goal::CaptainAt(1),
        budget: 2,
        replies: WAIT,
        kind: Kind::Rules,
        teaches: None,
    },
    Lesson {
        id: "block",
        variant: "sackson",
        code: "8s/9/9/9/9/5s3/6c2/4SS3/4C4 b 0 1",
        learner: Color::Blue,
        goal: Goal::BlockSafely,
        budget: 1,
        replies: &["g3-f3", "i9-h9", "h9-i9"],
        kind: Kind::Rules,
        teaches: None,
    },
    Lesson {
        id: "breakthrough",
        variant: "sackson",
        code: "4c3s/4s4/9/9/9/5sC2/5S3/9/9 b 0 1",
        learner: Color::Blue,
        goal: Goal::Breakthrough,
        budget: 4,
        replies: WAIT,
        kind: Kind::Rules,
        teaches: None,
    },
    Lesson {
        id: "lead",
        variant: "classic",
        code: "8s/6c2/7S1/9/9/9/1C7/9/9 b 0 1",
        learner: Color::Blue,
        goal: Goal::Lead,
        budget: 2,
        replies: &["g8-h7", "i9-h9", "h9-i9"],
        kind: Kind::Rules,
        teaches: Some("lead"),
    },
];

/// The lesson with this id.
pub fn lesson(id: &str) -> Result<&'static Lesson, LessonError> {
    LESSONS
        .iter()
        .find(|l| l.id == id)
        .ok_or_else(|| LessonError::UnknownLesson { id: id.to_string() })
}

/// A message of the page: a key of its message tables and the parameters to put in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Feedback {
    /// The message key, e.g. `lessons.why.hanging` or `lesson.walk.done`.
    pub key: String,
    /// The message's parameters, e.g. `{guard: "d6", from: "d7"}`.
    pub params: BTreeMap<String, String>,
}

impl Feedback {
    fn new(key: impl Into<String>) -> Feedback {
        Feedback {
            key: key.into(),
            params: BTreeMap::new(),
        }
    }

    fn with(mut self, name: &str, value: impl ToString) -> Feedback {
        self.params.insert(name.to_string(), value.to_string());
        self
    }
}

/// How the learner's last move went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
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

/// What the page shows of a lesson.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LessonInfo {
    /// Identifier and message prefix.
    pub id: &'static str,
    /// Variant spec.
    pub variant: &'static str,
    /// Position code of the start.
    pub code: &'static str,
    /// `blue` or `gray`.
    pub learner: &'static str,
    /// The learner's moves allowed.
    pub budget: u8,
    /// `rules` or `strategy`.
    pub kind: Kind,
    /// The rules option the lesson teaches (`captain`, `guards`, `start`, `lead`,
    /// `impasse_plies`, `jumps`), or `null`.
    pub teaches: Option<&'static str>,
}

/// The lessons as the page lists them.
pub fn catalogue() -> Vec<LessonInfo> {
    LESSONS
        .iter()
        .map(|l| LessonInfo {
            id: l.id,
            variant: l.variant,
            code: l.code,
            learner: side_name(l.learner),
            budget: l.budget,
            kind: l.kind,
            teaches: l.teaches,
        })
        .collect()
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::Blue => "blue",
        Color::Gray => "gray",
    }
}

fn kind_name(k: PieceKind) -> &'static str {
    match k {
        PieceKind::Captain => "captain",
        PieceKind::Sergeant => "sergeant",
        PieceKind::Private => "private",
    }
}

/// The largest number of positions [`Lesson::judge`] and [`Lesson::hint`] look at: the lessons
/// need a few thousand; the bound only keeps a bad lesson from running away.
const SEARCH_LIMIT: u32 = 200_000;

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
            return Err(LessonError::TooManyMoves { count: moves.len() });
        }
        let mut game = self.start()?;
        for (i, m) in moves.iter().enumerate() {
            game.play_text(m.as_ref())
                .map_err(|e| LessonError::of_move(i + 1, m.as_ref(), e))?;
        }
        Ok(game)
    }

    /// Whether the goal is met after the learner's move `last`.
    pub fn goal_met(&self, game: &Game, last: &Move) -> bool {
        let pos = game.position();
        let me = self.learner;
        match self.goal {
            Goal::CaptainAt(n) => pos.progress(me) >= n,
            Goal::GuardOn(p) => p
                .parse()
                .ok()
                .and_then(|p| pos.piece_at(p))
                .is_some_and(|pc| pc.color == me && pc.kind != PieceKind::Captain),
            Goal::SafeCapture => {
                last.is_capture() && game.outcome().is_none() && !pos.has_capture()
            }
            Goal::CaptureCount(n) => last.capture_count() >= n,
            Goal::BlockSafely => {
                game.outcome().is_none()
                    && !pos.has_capture()
                    && !game
                        .legal_moves()
                        .iter()
                        .any(|m| m.kind() == MoveKind::Captain)
            }
            Goal::Breakthrough => game.outcome().is_some_and(|o| {
                o.winner == Some(me) && matches!(o.reason, EndReason::Breakthrough)
            }),
            Goal::Lead => game.outcome().is_some_and(|o| {
                o.winner == Some(me) && matches!(o.reason, EndReason::Lead { .. })
            }),
        }
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
    fn learner_moves(&self, game: &Game) -> usize {
        let positions = game.positions();
        game.moves()
            .iter()
            .enumerate()
            .filter(|(i, _)| positions[*i].side_to_move() == self.learner)
            .count()
    }

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
        Ok(Verdict {
            status: Status::Wrong,
            reply: shows.map(|m| m.to_string()),
            feedback: Some(self.why(before.position(), &game, &last)),
            moves_left,
        })
    }

    /// Why the learner's move `last` (from `before`, giving `game`) was wrong.
    fn why(&self, before: &Position, game: &Game, last: &Move) -> Feedback {
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
                    return Feedback::new("lessons.why.hanging")
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
        if matches!(self.goal, Goal::BlockSafely | Goal::Lead) && game.outcome().is_none() {
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
        let target = match self.goal {
            Goal::CaptainAt(n) => Some(n),
            Goal::Breakthrough | Goal::Lead => Some(bluegray_core::PATH_STEPS),
            _ => None,
        };
        if let Some(target) = target {
            let path = pos.path(me);
            let from = pos.progress(me);
            for i in (from + 1)..=target.min(bluegray_core::PATH_STEPS) {
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

/// The next point on `side`'s captain path, if its captain is not yet on the red dot.
fn next_point(pos: &Position, side: Color) -> Option<bluegray_core::Point> {
    let p = pos.progress(side);
    (p < bluegray_core::PATH_STEPS).then(|| pos.path(side).point(p + 1))
}
