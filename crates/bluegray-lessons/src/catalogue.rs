//! The lessons in teaching order ([`LESSONS`]), looked up by id ([`lesson`]), and the
//! catalogue the page lists ([`catalogue`]).

use bluegray_core::Color;
use serde::Serialize;

use crate::error::LessonError;
use crate::goal::Goal;
use crate::lesson::{Kind, Lesson};

/// Gray's captain behind its own guard, and a guard in the corner that steps to and fro: the
/// opponent waits while the learner works.
const WAIT: &[&str] = &["i9-h9", "h9-i9"];

/// Every lesson, in teaching order: the rules lessons, then the strategy lessons.
///
/// | id | variant | kind | teaches | what the learner does |
/// | --- | --- | --- | --- | --- |
/// | `walk` | sackson | rules | | walks the captain along its path, round the corner to b3 |
/// | `unblock` | sackson | rules | | moves its own guard off the captain's path |
/// | `step` | sackson | rules | | steps a sergeant round the red dot |
/// | `capture` | sackson | rules | | chooses the capture that cannot be jumped back |
/// | `multi` | sackson | rules | | takes two guards in one capture, turning a corner |
/// | `compulsory` | sackson | rules | | makes the compulsory capture before the captain moves |
/// | `block` | sackson | rules | | blocks the enemy captain with a guard that cannot be jumped |
/// | `breakthrough` | sackson | rules | | wins by bringing the captain to the red dot |
/// | `lead` | classic | rules | `lead` | wins by a lead of three steps |
/// | `turbo` | classic-turbo | rules | `captain` | slides the turbo captain across the whole board |
/// | `privates` | super | rules | `guards` | promotes a private, going round a guard sideways |
/// | `pow` | classic-pow | rules | `start` | walks the captain from e9 along Gray's path |
/// | `impasse` | sackson | rules | `impasse_plies` | wins on impasse (a half win) by keeping the block |
/// | `nomoves` | sackson | rules | | leaves the opponent without a legal move when ahead |
/// | `choice` | sackson,jumps=any | rules | `jumps` | chooses, of two captures, the one off the captain's path |
/// | `race` | sackson | strategy | | counts the captain race and runs at once |
/// | `twoguards` | sackson | strategy | | builds a block of two guards, the back one first |
/// | `openpath` | classic-turbo | strategy | | clears its own guards off the path, then slides |
/// | `tempo` | sackson | strategy | | offers a guard so that the enemy blocker must capture and leave |
/// | `trade` | sackson | strategy | | trades a guard for a guard when ahead |
/// | `defend` | sackson | strategy | | blocks the enemy captain that wins the race, then runs |
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
    Lesson {
        id: "turbo",
        variant: "classic-turbo",
        code: "4c3s/4S4/3s5/3S5/9/9/9/9/4C4 b 0 1",
        learner: Color::Blue,
        goal: Goal::Breakthrough,
        budget: 2,
        replies: WAIT,
        kind: Kind::Rules,
        teaches: Some("captain"),
    },
    Lesson {
        id: "privates",
        variant: "super",
        code: "1p1pc3p/3P5/9/9/9/9/9/9/4C4 b 0 1",
        learner: Color::Blue,
        goal: Goal::Promote,
        budget: 2,
        replies: WAIT,
        kind: Kind::Rules,
        teaches: Some("guards"),
    },
    Lesson {
        id: "pow",
        variant: "classic-pow",
        code: "4C3s/5sS2/5S3/9/9/9/9/4S4/4c4 b 0 1",
        learner: Color::Blue,
        goal: Goal::CaptainAt(2),
        budget: 3,
        replies: WAIT,
        kind: Kind::Rules,
        teaches: Some("start"),
    },
    Lesson {
        id: "impasse",
        variant: "sackson",
        code: "8s/9/9/6C2/6s2/9/4Sc3/9/S8 b 57 30",
        learner: Color::Blue,
        goal: Goal::Impasse,
        budget: 2,
        replies: &["f3-e3", "i9-h9", "h9-i9"],
        kind: Kind::Rules,
        teaches: Some("impasse_plies"),
    },
    Lesson {
        id: "nomoves",
        variant: "sackson",
        code: "sSS1c4/1S2S4/SS7/9/9/1C7/9/9/9 b 0 1",
        learner: Color::Blue,
        goal: Goal::Impasse,
        budget: 1,
        replies: &[],
        kind: Kind::Rules,
        teaches: None,
    },
    Lesson {
        id: "choice",
        variant: "sackson,jumps=any",
        code: "4c3s/4s4/9/9/9/9/1s7/SSC6/9 b 0 1",
        learner: Color::Blue,
        goal: Goal::CaptainAt(5),
        budget: 3,
        replies: WAIT,
        kind: Kind::Rules,
        teaches: Some("jumps"),
    },
    Lesson {
        id: "race",
        variant: "sackson",
        code: "9/9/3s5/2c6/3S5/6C2/9/9/9 b 0 1",
        learner: Color::Blue,
        goal: Goal::Breakthrough,
        budget: 3,
        replies: &["c6-d6", "d6-e6", "e6-e5"],
        kind: Kind::Strategy,
        teaches: None,
    },
    Lesson {
        id: "twoguards",
        variant: "sackson",
        code: "8s/9/9/9/1C7/5s1c1/9/4S4/4S4 b 0 1",
        learner: Color::Blue,
        goal: Goal::BlockSafely,
        budget: 2,
        replies: &["h4-g3", "g3-f3", "f3-e3", "i9-h9", "h9-i9"],
        kind: Kind::Strategy,
        teaches: None,
    },
    Lesson {
        id: "openpath",
        variant: "classic-turbo",
        code: "4c3s/4s4/2S6/1S7/1C1s5/9/9/7S1/9 b 0 1",
        learner: Color::Blue,
        goal: Goal::Breakthrough,
        budget: 3,
        replies: WAIT,
        kind: Kind::Strategy,
        teaches: None,
    },
    Lesson {
        id: "tempo",
        variant: "sackson",
        code: "4c3s/4s4/9/1s7/1CS6/9/9/9/9 b 0 1",
        learner: Color::Blue,
        goal: Goal::CaptainAt(8),
        budget: 3,
        replies: WAIT,
        kind: Kind::Strategy,
        teaches: None,
    },
    Lesson {
        id: "trade",
        variant: "sackson",
        code: "4c3s/9/9/5s3/6S2/9/5S3/5S3/4C4 b 0 1",
        learner: Color::Blue,
        goal: Goal::TradeDown(1),
        budget: 2,
        replies: WAIT,
        kind: Kind::Strategy,
        teaches: None,
    },
    Lesson {
        id: "defend",
        variant: "sackson",
        code: "8s/9/5S3/3c5/9/6C2/9/7S1/9 b 0 1",
        learner: Color::Blue,
        goal: Goal::Breakthrough,
        budget: 4,
        replies: &["d6-e6", "e6-e5", "i9-h9", "h9-i9"],
        kind: Kind::Strategy,
        teaches: None,
    },
];

/// The lesson with this id.
pub fn lesson(id: &str) -> Result<&'static Lesson, LessonError> {
    LESSONS
        .iter()
        .find(|l| l.id == id)
        .ok_or_else(|| LessonError::UnknownLesson {
            id: id.to_string(),
            known: LESSONS.iter().map(|l| l.id).collect(),
        })
}

/// What the page shows of a lesson.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LessonInfo {
    /// Identifier and message prefix.
    pub id: &'static str,
    /// Variant spec.
    pub variant: &'static str,
    /// Position code of the start.
    pub code: &'static str,
    /// `blue` or `gray`.
    #[cfg_attr(feature = "ts", ts(type = "Side"))]
    pub learner: &'static str,
    /// The learner's moves allowed.
    pub budget: u8,
    /// `rules` or `strategy`.
    pub kind: Kind,
    /// The rules option the lesson teaches (`captain`, `guards`, `start`, `lead`,
    /// `impasse_plies`, `jumps`), or `null`.
    pub teaches: Option<&'static str>,
}

/// The lessons as the page lists them, in teaching order.
pub fn catalogue() -> Vec<LessonInfo> {
    LESSONS
        .iter()
        .map(|l| LessonInfo {
            id: l.id,
            variant: l.variant,
            code: l.code,
            learner: l.learner.as_str(),
            budget: l.budget,
            kind: l.kind,
            teaches: l.teaches,
        })
        .collect()
}
