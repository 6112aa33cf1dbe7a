//! The interactive lessons of Blue and Gray: each lesson is a position, a goal that the rules
//! core checks, the opponent's replies, and feedback in words on a wrong move.
//!
//! Nothing here decides a rule: every move, capture, block and result comes from
//! `bluegray-core`. A lesson ([`Lesson`]) adds only what a teacher adds:
//!
//! - a **goal** ([`Goal`]), checked on the game after each of the learner's moves;
//! - a **budget** of learner moves within which the goal must be reached;
//! - the **opponent's replies**: a list of moves it prefers, the first legal one played (or the
//!   first legal move of the position when none is), so a lesson always plays the same way;
//! - **judging** ([`Lesson::judge`]): a move is wrong exactly when, after it (and the
//!   opponent's reply), the goal can no longer be reached within the budget, found by searching
//!   every line of the learner's moves. The reason is then worked out from the position
//!   ([`Feedback`]): a guard left where an enemy guard can jump it (and from where), or that the
//!   reply has jumped, a capture that took fewer guards than another would, the enemy captain
//!   left free to walk, the learner's own guard standing on its captain's path, a move that
//!   left the captain idle; otherwise the lesson's own `wrong` message;
//! - a **hint** ([`Lesson::hint`]): the first move of a line that reaches the goal.
//!
//! The lessons ([`LESSONS`], listed for the page by [`catalogue`]) are of two kinds
//! ([`Kind`]): **rules** lessons teach one rule each, and name the rules option of
//! `docs/RULES.md` §7.1 they teach, if any (`captain`, `guards`, `start`, `lead`,
//! `impasse_plies`, `jumps`); **strategy** lessons teach a plan, and their success message says
//! why it works.
//!
//! Messages are keys of the page's message tables (`www/learn/i18n/<lang>.js`), with parameters: the
//! crate says *what* to say, the page says it in the reader's language.
//!
//! ```
//! use bluegray_lessons::{lesson, Status};
//!
//! let walk = lesson("walk")?;
//! // The learner steps a guard instead of the captain: wrong, and the feedback says where the
//! // captain should go.
//! let v = walk.judge(&["h2-h3"])?;
//! assert_eq!(v.status, Status::Wrong);
//! let why = v.feedback.expect("a reason");
//! assert_eq!(why.key, "lessons.why.captainIdle");
//! assert_eq!(why.params["point"], "e2");
//! // The hint is the first move of a line that reaches the goal; the lesson replies to it.
//! let hint = walk.hint::<&str>(&[])?.expect("the goal is within reach");
//! assert_eq!(hint, "e1-e2");
//! let v = walk.judge(&[hint.as_str()])?;
//! assert_eq!(v.status, Status::Continue);
//! assert_eq!(v.reply.as_deref(), Some("i9-h9"));
//! # Ok::<(), bluegray_lessons::LessonError>(())
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod catalogue;
mod error;
mod feedback;
mod goal;
mod judge;
mod lesson;

pub use catalogue::{catalogue, lesson, LessonInfo, LESSONS};
pub use error::LessonError;
pub use feedback::Feedback;
pub use goal::Goal;
pub use judge::{Status, Verdict};
pub use lesson::{Kind, Lesson};

/// The most moves a lesson's game is given: the longest lesson needs eight; the bound keeps a
/// caller from making a lesson replay without end.
pub const MAX_MOVES: usize = 64;
