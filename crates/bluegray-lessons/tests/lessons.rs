//! Every lesson can be completed by the learner against the lesson's own replies, and every
//! lesson's wrong-move feedback triggers for at least one wrong move (issue 10, Tests).

use bluegray_core::{Color, ReplayError};
use bluegray_lessons::{catalogue, lesson, Goal, Kind, LessonError, Status, LESSONS, MAX_MOVES};

/// Plays a lesson from its start by following its hints, as a learner clicking them would,
/// with the opponent's replies from the verdicts. Returns every move played.
fn complete(id: &str) -> Vec<String> {
    let l = lesson(id).expect("known lesson");
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..l.budget {
        let hint = l
            .hint(&moves)
            .expect("a hint")
            .unwrap_or_else(|| panic!("{id}: no hint after {moves:?}"));
        moves.push(hint);
        let v = l.judge(&moves).expect("a verdict");
        match v.status {
            Status::Done => {
                let f = v.feedback.expect("a success message");
                assert_eq!(f.key, format!("lesson.{id}.done"));
                assert!(v.reply.is_none());
                return moves;
            }
            Status::Continue => {
                let r = v
                    .reply
                    .unwrap_or_else(|| panic!("{id}: no reply after {moves:?}"));
                moves.push(r);
            }
            Status::Wrong => panic!(
                "{id}: the hint {moves:?} was judged wrong: {:?}",
                v.feedback
            ),
        }
    }
    panic!("{id}: not done within {} moves: {moves:?}", l.budget);
}

#[test]
fn there_are_at_least_eight_lessons_with_distinct_ids() {
    assert!(LESSONS.len() >= 8);
    let mut ids: Vec<_> = LESSONS.iter().map(|l| l.id).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), LESSONS.len());
    assert_eq!(catalogue().len(), LESSONS.len());
}

#[test]
fn every_lesson_starts_unfinished_with_the_learner_to_move() {
    for l in LESSONS {
        let g = l.start().unwrap_or_else(|e| panic!("{}: {e}", l.id));
        assert!(g.outcome().is_none(), "{}", l.id);
        assert_eq!(g.side_to_move(), l.learner, "{}", l.id);
        assert!(l.budget >= 1);
    }
}

#[test]
fn every_lesson_goal_is_reachable_by_the_learner() {
    for l in LESSONS {
        let moves = complete(l.id);
        // The line found really meets the goal in the rules core's game.
        let g = l.replay(&moves).expect("replays");
        let last = *g.moves().last().expect("a move");
        assert!(l.goal_met(&g, &last), "{}: {moves:?}", l.id);
    }
}

#[test]
fn the_wins_are_real_results_of_the_rules_core() {
    for id in ["breakthrough", "lead", "impasse"] {
        let l = lesson(id).expect("lesson");
        let g = l.replay(&complete(id)).expect("replays");
        let o = g.outcome().expect("the game is over");
        assert_eq!(o.winner, Some(l.learner));
        let text = o.to_string();
        assert!(text.contains(id), "{id}: {text}");
    }
}

/// For each lesson: the moves before a wrong move, the wrong move, the feedback key and its
/// parameters.
type Case = (
    &'static str,
    &'static [&'static str],
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
);

const WRONG: &[Case] = &[
    (
        "walk",
        &[],
        "h2-h3",
        "lessons.why.captainIdle",
        &[("point", "e2")],
    ),
    (
        "walk",
        &["e1-e2", "i9-h9"],
        "h2-g2",
        "lessons.why.captainIdle",
        &[("point", "d2")],
    ),
    (
        "unblock",
        &[],
        "g2-g3",
        "lessons.why.ownOnPath",
        &[("point", "e2"), ("kind", "sergeant")],
    ),
    (
        "unblock",
        &[],
        "e2-d2",
        "lessons.why.ownOnPath",
        &[("point", "d2"), ("kind", "sergeant")],
    ),
    ("step", &[], "d4-c4", "lesson.step.wrong", &[]),
    ("step", &[], "e1-e2", "lesson.step.wrong", &[]),
    (
        "capture",
        &[],
        "d4xd6",
        "lessons.why.jumped",
        &[("guard", "d6"), ("from", "d7")],
    ),
    (
        "multi",
        &[],
        "c3xe3",
        "lessons.why.fewer",
        &[("n", "1"), ("best", "2")],
    ),
    (
        "compulsory",
        &["c3xc5", "i9-h9"],
        "g2-g3",
        "lessons.why.captainIdle",
        &[("point", "e2")],
    ),
    (
        "block",
        &[],
        "f2-f3",
        "lessons.why.jumped",
        &[("guard", "f3"), ("from", "f4")],
    ),
    (
        "block",
        &[],
        "e2-e3",
        "lessons.why.enemyFree",
        &[("point", "f3")],
    ),
    (
        "breakthrough",
        &["f3xf5", "i9-h9"],
        "f5-e4",
        "lessons.why.ownOnPath",
        &[("point", "e4"), ("kind", "sergeant")],
    ),
    (
        "breakthrough",
        &["f3xf5", "i9-h9"],
        "f5-f6",
        "lessons.why.captainIdle",
        &[("point", "f4")],
    ),
    (
        "lead",
        &[],
        "h7-i7",
        "lessons.why.enemyFree",
        &[("point", "h7")],
    ),
    (
        "turbo",
        &["d6xd8", "i9-h9"],
        "e1-c7",
        "lesson.turbo.wrong",
        &[],
    ),
    ("privates", &[], "d8-e8", "lesson.privates.wrong", &[]),
    (
        "privates",
        &[],
        "e1-e2",
        "lessons.why.jumped",
        &[("guard", "d8"), ("from", "d9")],
    ),
    (
        "pow",
        &[],
        "g8xe8",
        "lessons.why.ownOnPath",
        &[("point", "e8"), ("kind", "sergeant")],
    ),
    (
        "impasse",
        &[],
        "e3-e4",
        "lessons.why.enemyFree",
        &[("point", "e3")],
    ),
    ("nomoves", &[], "b8-a8", "lesson.nomoves.wrong", &[]),
    (
        "nomoves",
        &[],
        "e8-e7",
        "lessons.why.enemyFree",
        &[("point", "e8")],
    ),
    (
        "nomoves",
        &[],
        "a7-a8",
        "lessons.why.jumped",
        &[("guard", "a8"), ("from", "a9")],
    ),
    (
        "choice",
        &[],
        "b2xb4",
        "lessons.why.ownOnPath",
        &[("point", "b4"), ("kind", "sergeant")],
    ),
    (
        "race",
        &[],
        "d5-d6",
        "lessons.why.jumped",
        &[("guard", "d6"), ("from", "d7")],
    ),
    (
        "race",
        &[],
        "d5-c5",
        "lessons.why.raceLost",
        &[("ours", "3"), ("theirs", "2"), ("point", "d6")],
    ),
    (
        "twoguards",
        &[],
        "e2-f3",
        "lessons.why.jumped",
        &[("guard", "f3"), ("from", "f4")],
    ),
    (
        "twoguards",
        &[],
        "e2-e3",
        "lessons.why.enemyFree",
        &[("point", "g3")],
    ),
    (
        "openpath",
        &[],
        "c7-d7",
        "lessons.why.ownOnPath",
        &[("point", "d7"), ("kind", "sergeant")],
    ),
    ("tempo", &[], "c5-d5", "lesson.tempo.wrong", &[]),
    (
        "trade",
        &[],
        "g5-g6",
        "lessons.why.jumped",
        &[("guard", "g6"), ("from", "f6")],
    ),
    ("trade", &[], "e1-e2", "lesson.trade.wrong", &[]),
    (
        "defend",
        &[],
        "g4-f4",
        "lessons.why.raceLost",
        &[("ours", "2"), ("theirs", "1"), ("point", "e6")],
    ),
];

#[test]
fn every_lesson_has_a_wrong_move_with_its_feedback() {
    for l in LESSONS {
        assert!(
            WRONG.iter().any(|w| w.0 == l.id),
            "{}: no wrong move tested",
            l.id
        );
    }
    for (id, before, wrong, key, params) in WRONG {
        let l = lesson(id).expect("lesson");
        let mut moves: Vec<String> = before.iter().map(|s| s.to_string()).collect();
        moves.push(wrong.to_string());
        let v = l
            .judge(&moves)
            .unwrap_or_else(|e| panic!("{id} {moves:?}: {e}"));
        assert_eq!(v.status, Status::Wrong, "{id} {moves:?}");
        let f = v.feedback.expect("feedback");
        assert_eq!(f.key, *key, "{id} {moves:?}");
        for (name, value) in *params {
            assert_eq!(
                f.params.get(*name).map(String::as_str),
                Some(*value),
                "{id} {moves:?} {name}"
            );
        }
        // The learner can always be told what would have worked instead.
        assert!(
            l.hint(&before.iter().collect::<Vec<_>>())
                .expect("hint")
                .is_some(),
            "{id}"
        );
    }
}

#[test]
fn a_wrong_move_that_hangs_a_guard_shows_the_jump() {
    let l = lesson("capture").expect("lesson");
    let v = l.judge(&["d4xd6"]).expect("verdict");
    assert_eq!(v.reply.as_deref(), Some("d7xd5"));
    // The reply has jumped the guard: the feedback says it was jumped, not that it can be.
    let f = v.feedback.expect("feedback");
    assert_eq!(f.key, "lessons.why.jumped");
    assert_eq!(f.params["guard"], "d6");
    assert_eq!(f.params["from"], "d7");
    let l = lesson("lead").expect("lesson");
    let v = l.judge(&["h7-i7"]).expect("verdict");
    assert_eq!(v.reply.as_deref(), Some("g8-h7"));
}

#[test]
fn every_first_move_of_every_lesson_is_judged() {
    for l in LESSONS {
        let g = l.start().expect("start");
        let mut right = 0;
        for m in g.legal_moves() {
            let v = l.judge(&[m.to_string()]).expect("a verdict");
            if v.status == Status::Wrong {
                let f = v.feedback.expect("a wrong move says why");
                assert!(
                    f.key.starts_with("lessons.why.") || f.key == format!("lesson.{}.wrong", l.id)
                );
            } else {
                right += 1;
            }
        }
        assert!(right >= 1, "{}: no right first move", l.id);
    }
}

#[test]
fn goals_are_what_the_lessons_teach() {
    let goal = |id| lesson(id).expect("lesson").goal;
    assert_eq!(goal("multi"), Goal::CaptureCount(2));
    assert_eq!(goal("block"), Goal::BlockSafely);
    assert_eq!(goal("lead"), Goal::Lead);
    assert_eq!(goal("breakthrough"), Goal::Breakthrough);
}

#[test]
fn bad_input_is_a_typed_error_not_a_panic() {
    let l = lesson("walk").expect("lesson");
    assert_eq!(l.judge::<&str>(&[]), Err(LessonError::NoMove));
    match l.judge(&["e1-e3"]) {
        Err(LessonError::Move(ReplayError::IllegalMove {
            number: 1, reason, ..
        })) => assert_eq!(reason.code(), "not-along-path"),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        l.judge(&["e1-e2", "i9-h9", "zz"]),
        Err(LessonError::Move(ReplayError::BadMoveText {
            number: 3,
            ..
        }))
    ));
    assert_eq!(
        l.judge(&["e1-e2", "i9-h9"]),
        Err(LessonError::NotLearnersMove {
            learner: Color::Blue
        }),
        "the last move is the opponent's"
    );
    assert_eq!(
        l.hint(&["e1-e2"]),
        Err(LessonError::NotLearnersTurn {
            learner: Color::Blue
        })
    );
    let many = vec!["e1-e2"; MAX_MOVES + 1];
    assert_eq!(
        l.hint(&many),
        Err(LessonError::TooManyMoves {
            count: MAX_MOVES + 1,
            max: MAX_MOVES
        })
    );
    let e = lesson("nope").unwrap_err();
    let known: Vec<&str> = LESSONS.iter().map(|l| l.id).collect();
    assert_eq!(
        e,
        LessonError::UnknownLesson {
            id: "nope".into(),
            known
        }
    );
    assert!(e
        .to_string()
        .starts_with("unknown lesson 'nope': expected one of walk, "));
}

#[test]
fn a_move_after_the_end_says_the_game_is_over() {
    // Breakthrough: the captain walks to the red dot in four moves, then one more is refused.
    let l = lesson("breakthrough").expect("lesson");
    let mut moves: Vec<String> = Vec::new();
    while l.replay(&moves).expect("replay").outcome().is_none() {
        let game = l.replay(&moves).expect("replay");
        let next = if game.side_to_move() == l.learner {
            l.hint(&moves).expect("hint").expect("a winning move")
        } else {
            l.reply(&game).expect("a reply").to_string()
        };
        moves.push(next);
    }
    moves.push("i9-h9".into());
    let e = l.replay(&moves).unwrap_err();
    assert!(
        matches!(e, LessonError::Move(ReplayError::GameOver { number, outcome: Some(_), .. }) if number == moves.len()),
        "{e:?}"
    );
    assert!(e.to_string().contains("the game is already over"), "{e}");
}

#[test]
fn the_catalogue_says_what_each_lesson_teaches() {
    let options = [
        "captain",
        "guards",
        "start",
        "lead",
        "impasse_plies",
        "jumps",
    ];
    for (info, l) in catalogue().iter().zip(LESSONS) {
        assert_eq!(info.id, l.id);
        assert_eq!(info.kind, l.kind);
        assert_eq!(info.teaches, l.teaches);
        if let Some(t) = l.teaches {
            assert!(options.contains(&t), "{}: teaches {t}", l.id);
            assert_eq!(l.kind, Kind::Rules, "{}", l.id);
        }
    }
    assert_eq!(lesson("lead").expect("lesson").teaches, Some("lead"));
    assert_eq!(lesson("walk").expect("lesson").kind, Kind::Rules);
    assert_eq!(lesson("walk").expect("lesson").teaches, None);
}

#[test]
fn every_rule_has_a_lesson_and_there_are_six_strategy_lessons() {
    for option in [
        "captain",
        "guards",
        "start",
        "lead",
        "impasse_plies",
        "jumps",
    ] {
        let l = LESSONS
            .iter()
            .find(|l| l.teaches == Some(option))
            .unwrap_or_else(|| panic!("no lesson teaches {option}"));
        // The lesson is played under a variant where the rule is in force.
        let rules = l.start().expect("start").variant().rules;
        let defaults = bluegray_core::Rules::default();
        let differs = match option {
            "captain" => rules.captain != defaults.captain,
            "guards" => rules.guards != defaults.guards,
            "start" => rules.start != defaults.start,
            "lead" => rules.lead != 0,
            "impasse_plies" => rules.impasse_plies != 0,
            "jumps" => rules.jumps != defaults.jumps,
            _ => unreachable!(),
        };
        assert!(differs, "{}: {option} is not in force", l.id);
    }
    let strategy: Vec<_> = LESSONS
        .iter()
        .filter(|l| l.kind == Kind::Strategy)
        .collect();
    assert!(strategy.len() >= 6);
    for l in strategy {
        assert_eq!(l.teaches, None, "{}", l.id);
    }
    // The rules lessons come first, then the strategy lessons.
    let first_strategy = LESSONS
        .iter()
        .position(|l| l.kind == Kind::Strategy)
        .expect("a strategy lesson");
    assert!(LESSONS[first_strategy..]
        .iter()
        .all(|l| l.kind == Kind::Strategy));
}

#[test]
fn the_new_goals_are_real_results_of_the_rules_core() {
    // The private promoted: a sergeant now stands where it ended its move, on rank 9.
    let l = lesson("privates").expect("lesson");
    let g = l.replay(&complete("privates")).expect("replays");
    let last = *g.moves().last().expect("a move");
    let piece = g.position().piece_at(last.to()).expect("a piece");
    assert_eq!(piece.kind, bluegray_core::PieceKind::Sergeant);
    assert_eq!(last.to().rank(), 8);
    // The impasse is a half win on captain progress, reached by the no-progress counter.
    let l = lesson("impasse").expect("lesson");
    let g = l.replay(&complete("impasse")).expect("replays");
    let o = g.outcome().expect("over");
    assert!(o.is_half_win());
    assert!(matches!(
        o.reason,
        bluegray_core::EndReason::Impasse {
            cause: bluegray_core::ImpasseCause::NoProgress,
            ..
        }
    ));
    // Gray left without a legal move: an impasse, won on progress, not a loss for Blue.
    let l = lesson("nomoves").expect("lesson");
    let g = l.replay(&complete("nomoves")).expect("replays");
    let o = g.outcome().expect("over");
    assert_eq!(o.winner, Some(Color::Blue));
    assert!(o.is_half_win());
    assert!(matches!(
        o.reason,
        bluegray_core::EndReason::Impasse {
            cause: bluegray_core::ImpasseCause::NoMoves,
            blue: 5,
            gray: 0
        }
    ));
    // The turbo captain crossed the whole board in one slide.
    let l = lesson("turbo").expect("lesson");
    let moves = complete("turbo");
    assert_eq!(moves.last().map(String::as_str), Some("e1-e5"));
    assert!(l.replay(&moves).expect("replays").outcome().is_some());
    // The POW captain walks Gray's path: from e9 by e8 to f8.
    let l = lesson("pow").expect("lesson");
    let g = l.replay(&complete("pow")).expect("replays");
    assert_eq!(g.position().captain(Color::Blue).to_string(), "f8");
    // Trading when ahead: three guards against two became two against one.
    let l = lesson("trade").expect("lesson");
    let g = l.replay(&complete("trade")).expect("replays");
    assert_eq!(g.position().guards(Color::Blue).count(), 2);
    assert_eq!(g.position().guards(Color::Gray).count(), 1);
}

#[test]
fn every_message_a_lesson_can_say_is_in_every_message_table() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../www/learn/i18n");
    let why = [
        "hanging",
        "jumped",
        "fewer",
        "enemyFree",
        "ownOnPath",
        "captainIdle",
        "raceLost",
    ];
    for lang in ["en", "ru", "hu"] {
        // The lessons' messages are in learn/'s table of each language.
        let table = std::fs::read_to_string(dir.join(format!("{lang}.js"))).expect("table");
        let has = |key: &str| table.contains(&format!("'{key}':"));
        for l in LESSONS {
            for field in ["title", "text", "goal", "hint", "wrong", "done"] {
                let key = format!("lesson.{}.{field}", l.id);
                assert!(has(&key), "{lang}: no {key}");
            }
        }
        for w in why {
            assert!(
                has(&format!("lessons.why.{w}")),
                "{lang}: no lessons.why.{w}"
            );
        }
    }
}

/// Every message key a verdict may carry for lesson `id`.
fn known_key(id: &str, key: &str) -> bool {
    let why = [
        "hanging",
        "jumped",
        "fewer",
        "enemyFree",
        "ownOnPath",
        "captainIdle",
        "raceLost",
    ];
    key == format!("lesson.{id}.wrong")
        || key == format!("lesson.{id}.done")
        || why.iter().any(|w| key == format!("lessons.why.{w}"))
}

#[test]
fn every_move_along_each_solution_is_judged_with_a_known_message() {
    for l in LESSONS {
        let line = complete(l.id);
        // Before each of the learner's moves on the solution, try every legal move.
        for cut in (0..line.len()).step_by(2) {
            let before = &line[..cut];
            let game = l.replay(before).expect("replays");
            for m in game.legal_moves() {
                let mut moves = before.to_vec();
                moves.push(m.to_string());
                let v = l
                    .judge(&moves)
                    .unwrap_or_else(|e| panic!("{} {moves:?}: {e}", l.id));
                if let Some(f) = &v.feedback {
                    assert!(known_key(l.id, &f.key), "{} {moves:?}: {}", l.id, f.key);
                }
                match v.status {
                    Status::Wrong => assert!(v.feedback.is_some(), "{} {moves:?}", l.id),
                    Status::Continue => assert!(v.reply.is_some(), "{} {moves:?}", l.id),
                    Status::Done => {}
                }
            }
        }
    }
}

#[test]
fn every_position_reads_in_its_variant_and_is_written_as_given() {
    for l in LESSONS {
        let g = l.start().unwrap_or_else(|e| panic!("{}: {e}", l.id));
        // The code is canonical: the rules core writes the position back exactly as given.
        assert_eq!(g.position().to_string(), l.code, "{}", l.id);
        assert_eq!(g.variant().to_string(), l.variant, "{}", l.id);
        assert!(!g.legal_moves().is_empty(), "{}", l.id);
    }
}
