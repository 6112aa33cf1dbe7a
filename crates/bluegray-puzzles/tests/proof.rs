//! The proof search, judging and solutions on positions made by hand, and property tests that
//! judging and hints never panic on any list of moves.

use bluegray_core::ReplayError;
use bluegray_puzzles::search::Prover;
use bluegray_puzzles::{Ending, Goal, How, Problem, PuzzleError, Status, Verdict, Why, EXTRA};
use proptest::prelude::*;

/// Sackson: Blue's captain on f4 (progress 15) walks e4, then the red dot; Gray cannot stop it.
const WIN2: &str = "s3c4/9/9/9/9/5C3/9/9/9 b 0 1";
/// Classic-turbo: Gray's turbo captain on c5 would slide over c6, d6, e6 to the red dot; Blue's
/// own guard on e2 blocks Blue's captain, and only b6-c6 stops the slide.
const STOP: &str = "8s/9/9/1S7/2c6/9/9/4S4/4C4 b 0 1";
/// Classic: a win in 2 by a lead (see `every_wrong_first_move_is_refuted_or_slower`).
const CLASSIC_WIN2: &str = "3s2sss/9/2Csss3/2S3s2/7c1/9/1S1SSS1S1/6s2/S3S2SS b 0 1";
/// The start of the game: no puzzle of any goal holds there.
const START: &str = "sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS b 0 1";

fn problem(spec: &str, code: &str, goal: Goal) -> Problem {
    Problem::new(spec, code, goal).expect("the problem sets up")
}

#[test]
fn a_captain_two_steps_from_the_dot_wins_in_two_and_only_so() {
    let p = problem("sackson", WIN2, Goal::Win2);
    assert_eq!(p.verify().unwrap(), ["f4-e4", "e9-e8", "e4-e5"]);
    let mut prover = Prover::new();
    assert!(!prover.wins_within(p.start(), 1).unwrap());
    assert!(prover.wins_within(p.start(), 2).unwrap());
    assert_eq!(prover.distance(p.start(), 3).unwrap(), Some(2));
    // As a win in 3 it holds, but is too easy.
    let p3 = problem("sackson", WIN2, Goal::Win3);
    assert!(p3.holds().unwrap());
    assert_eq!(p3.verify(), Err(PuzzleError::TooEasy { moves: 2 }));
}

#[test]
fn judging_a_win_in_two() {
    let p = problem("sackson", WIN2, Goal::Win2);
    let v = p.judge(&["f4-e4"]).unwrap();
    assert_eq!(v.status, Status::Continue);
    assert_eq!(v.reply.as_deref(), Some("e9-e8"));
    // Any defence, then the win.
    let v = p.judge(&["f4-e4", "a9-b9", "e4-e5"]).unwrap();
    assert_eq!(
        v,
        Verdict {
            status: Status::Solved,
            reply: None,
            refutation: vec![],
            ending: Some(Ending::Breakthrough),
            why: Some(Why {
                winner: Some("blue"),
                how: How::Breakthrough,
                blue: 17,
                gray: 0,
                lead: 17,
                within: 0,
            }),
            line: vec![],
        }
    );
    // A move on the way says nothing of an ending.
    assert_eq!(p.judge(&["f4-e4"]).unwrap().ending, None);
    assert_eq!(p.hint::<&str>(&[]).unwrap().as_deref(), Some("f4-e4"));
    assert_eq!(p.solution(&["f4-e4", "a9-b9"]).unwrap(), ["e4-e5"]);
    assert!(matches!(
        p.judge(&["f4-e4", "a9-b9"]),
        Err(PuzzleError::NotSolversMove { .. })
    ));
    assert!(matches!(
        p.judge(&["f4-e4", "a9-b9", "e4-e5", "a9-a8"]),
        Err(PuzzleError::TooManyMoves {
            count: 4,
            max: 3,
            ..
        })
    ));
}

#[test]
fn a_move_that_cannot_be_played_is_named_by_its_number() {
    let p = problem("sackson", WIN2, Goal::Win3);
    let e = p.replay(&["f4-e4", "e9-e8", "e4-e5", "a9-a8"]).unwrap_err();
    assert_eq!(
        e,
        PuzzleError::Move(ReplayError::GameOver {
            number: 4,
            text: "a9-a8".into(),
            outcome: None
        })
    );
    assert_eq!(e.to_string(), "move 4 (a9-a8): the game is already over");
    assert!(matches!(
        p.replay(&["f4-e4", "zz"]),
        Err(PuzzleError::Move(ReplayError::BadMoveText {
            number: 2,
            ..
        }))
    ));
    let e = p.replay(&["F4-F6"]).unwrap_err();
    assert!(
        e.to_string().starts_with("move 1: illegal move f4-f6: "),
        "{e}"
    );
}

#[test]
fn stopping_a_turbo_slide() {
    let p = problem("classic-turbo", STOP, Goal::Stop);
    assert_eq!(p.verify().unwrap(), ["b6-c6"]);
    let v = p.judge(&["b6-c6"]).unwrap();
    assert_eq!(v.status, Status::Solved);
    assert_eq!(v.ending, Some(Ending::Stopped));
    let v = p.judge(&["e2-f2"]).unwrap();
    assert_eq!(v.status, Status::Wrong);
    assert_eq!(v.ending, None);
    assert_eq!(v.refutation, ["c5-e5"]);
    // Why: Gray's captain slides to the red dot, the line shown.
    assert_eq!(v.line, ["c5-e5"]);
    let why = v.why.expect("a wrong move says why");
    assert_eq!((why.winner, why.how), (Some("gray"), How::Breakthrough));
    assert!(p.solution(&["e2-f2"]).unwrap().is_empty());
}

/// That the solver's move `m`, then `line`, ends as `why` says: a win or an impasse at its end
/// with those progress figures, or (held) a game that goes on.
fn assert_ends(p: &Problem, m: &str, line: &[String], why: &Why) {
    let mut end = *p.start();
    for text in std::iter::once(m).chain(line.iter().map(String::as_str)) {
        end.play(&end.parse_move(text).unwrap());
    }
    match why.how {
        How::Held => {
            assert_eq!(Why::of_end(&end), None, "{m}");
            assert!(why.within > 0, "{m}");
        }
        _ => assert_eq!(Why::of_end(&end).as_ref(), Some(why), "{m}"),
    }
}

#[test]
fn every_wrong_first_move_is_refuted_or_slower() {
    // Classic (a lead of 3 wins): Blue's captain on c7 (progress 8) against Gray's on h5 (6)
    // needs d7, held by a Gray guard. Only c6-d6 wins in 2: Gray must take it (d7xd5, the
    // capture is compulsory), and c7-d7 makes the lead 9 to 6.
    let p = problem("classic", CLASSIC_WIN2, Goal::Win2);
    assert_eq!(p.verify().unwrap(), ["c6-d6", "d7xd5", "c7-d7"]);
    // The win is told as the rules core has it: the captain on d7, 9 steps to 6, 3 needed.
    assert_eq!(
        p.judge(&["c6-d6", "d7xd5", "c7-d7"]).unwrap().ending,
        Some(Ending::Lead {
            point: "d7".into(),
            ours: 9,
            theirs: 6,
            needed: 3
        })
    );
    let legal: Vec<String> = p
        .start()
        .legal_moves()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(legal.len() > 10, "{legal:?}");
    for m in &legal {
        let v = p.judge(&[m.as_str()]).unwrap();
        if m == "c6-d6" {
            assert_eq!(v.status, Status::Continue);
            assert_eq!(v.reply.as_deref(), Some("d7xd5"));
            continue;
        }
        assert_eq!(v.reply, None, "{m}");
        let after = p.start().played(&p.start().parse_move(m).unwrap());
        let mut prover = Prover::new();
        if v.status == Status::Slower {
            // Still a win, only not in 2: no refutation.
            assert!(v.refutation.is_empty(), "{m}");
            assert!(prover.holds_after(&after, 1 + EXTRA).unwrap(), "{m}");
            // Why: the win it still has, shown to its end.
            let why = v.why.expect("a slower move says why");
            assert_eq!(why.winner, Some("blue"), "{m}");
            assert!(matches!(why.how, How::Breakthrough | How::Lead), "{m}");
            assert_ends(&p, m, &v.line, &why);
            continue;
        }
        assert_eq!(v.status, Status::Wrong, "{m}");
        assert_eq!(v.refutation.len(), 1, "{m}");
        // After the refutation the goal is out of reach, even with EXTRA more moves: no
        // solution, every move wrong.
        let reply = after.parse_move(&v.refutation[0]).unwrap();
        assert!(
            !prover
                .wins_within(&after.played(&reply), 1 + EXTRA)
                .unwrap(),
            "{m}"
        );
        // Why: the line starts with the refutation and ends as `why` says.
        assert_eq!(v.line[0], v.refutation[0], "{m}");
        let why = v.why.clone().expect("a wrong move says why");
        assert_ends(&p, m, &v.line, &why);
        let mut line = vec![m.clone()];
        line.extend(v.refutation);
        assert!(p.solution(&line).unwrap().is_empty(), "{m}");
        assert_eq!(p.hint(&line).unwrap(), None, "{m}");
    }
}

/// The theme of a puzzle line made by hand.
fn theme(spec: &str, code: &str, goal: &str, moves: &str) -> bluegray_puzzles::Theme {
    let line = format!("x | {spec} | {goal} | {code} | {moves}");
    let p: bluegray_puzzles::Puzzle = line.parse().expect("the line reads");
    p.theme().expect("the solution plays")
}

#[test]
fn a_solution_is_told_by_its_idea() {
    use bluegray_puzzles::Theme;
    // A plain walk to the red dot.
    assert_eq!(
        theme("sackson", WIN2, "win2", "f4-e4 e9-e8 e4-e5"),
        Theme::Breakthrough
    );
    // c6-d6 gives a guard away: Gray must take it, and that opens d7.
    assert_eq!(
        theme("classic", CLASSIC_WIN2, "win2", "c6-d6 d7xd5 c7-d7"),
        Theme::Sacrifice
    );
    // b6-c6 stands on c6, on Gray's captain's way to the red dot.
    assert_eq!(theme("classic-turbo", STOP, "stop", "b6-c6"), Theme::Block);
    // A line that is no solution at all is still told, by its first move.
    assert_eq!(
        theme("classic", CLASSIC_WIN2, "win2", "a1-a2"),
        Theme::Breakthrough
    );
}

#[test]
fn impossible_puzzles_are_errors() {
    for goal in Goal::ALL {
        let p = problem("sackson", START, goal);
        assert!(!p.holds().unwrap());
        assert_eq!(
            p.judge(&["e2-e3"]),
            Err(PuzzleError::GoalDoesNotHold {
                solver: bluegray_core::Color::Blue,
                goal
            })
        );
    }
}

#[test]
fn a_finished_game_holds_no_puzzle_and_takes_no_move() {
    // Blue's captain on the red dot: the game is over.
    let p = problem("sackson", "s3c4/9/9/9/4C4/9/9/9/9 g 0 1", Goal::Win2);
    assert!(!p.holds().unwrap());
    assert!(p.first_moves().unwrap().is_empty());
}

#[test]
fn the_node_limit_stops_a_search() {
    let p = problem("classic-turbo", START, Goal::Win3);
    let mut prover = Prover::with_limit(50);
    assert!(prover.wins_within(p.start(), 3).is_err());
}

#[test]
fn the_text_format_reads_and_refuses() {
    let line = "win2-x | sackson | win2 | s3c4/9/9/9/9/5C3/9/9/9 b 0 1 | f4-e4 e9-e8 e4-e5";
    let p: bluegray_puzzles::Puzzle = line.parse().unwrap();
    assert_eq!(p.to_string(), line);
    assert_eq!(p.length(), 2);
    for bad in [
        "",
        "a | b",
        "Bad Id | sackson | win2 | s3c4/9/9/9/9/5C3/9/9/9 b 0 1 | f4-e4",
        "x | chess | win2 | s3c4/9/9/9/9/5C3/9/9/9 b 0 1 | f4-e4",
        "x | sackson | win9 | s3c4/9/9/9/9/5C3/9/9/9 b 0 1 | f4-e4",
        "x | sackson | win2 | nope | f4-e4",
        "x | sackson | win2 | s3c4/9/9/9/9/5C3/9/9/9 b 0 1 | ",
        "x | sackson | stop | s3c4/9/9/9/9/5C3/9/9/9 b 0 1 | f4-e4 e9-e8",
        "x | sackson | win2 | s3c4/9/9/9/9/5C3/9/9/9 b 0 1 | zz",
    ] {
        assert!(bad.parse::<bluegray_puzzles::Puzzle>().is_err(), "{bad}");
    }
    assert!(bluegray_puzzles::parse_set(&format!("# c\n\n{line}\n{line}\n")).is_err());
}

fn any_move() -> impl Strategy<Value = String> {
    let point = (0u8..9, 1u8..10).prop_map(|(f, r)| format!("{}{r}", (b'a' + f) as char));
    prop_oneof![
        (point.clone(), point.clone()).prop_map(|(a, b)| format!("{a}-{b}")),
        (point.clone(), point).prop_map(|(a, b)| format!("{a}x{b}")),
        "[a-z0-9x\\-]{0,6}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The quick test of a win at once agrees with playing every legal move, in positions of
    /// random games of every named variant.
    #[test]
    fn wins_at_once_agrees_with_the_moves(variant in 0usize..17, picks in proptest::collection::vec(0usize..64, 0..120)) {
        let name = bluegray_core::VariantName::all()[variant];
        let mut pos = bluegray_core::Position::new(name.rules());
        for k in picks {
            let legal = pos.legal_moves();
            let quick = bluegray_puzzles::search::wins_at_once(&pos);
            let slow = !bluegray_puzzles::search::ended_by_rule(&pos)
                && legal.iter().any(|m| bluegray_puzzles::search::has_won(&pos.played(m), pos.side_to_move()));
            prop_assert_eq!(quick, slow, "{} {}", name, pos);
            if legal.is_empty() {
                break;
            }
            // Prefer captain moves, so that games reach their end.
            let captain: Vec<_> = legal.iter().filter(|m| m.kind() == bluegray_core::MoveKind::Captain).collect();
            let m = if k % 3 != 0 && !captain.is_empty() { *captain[k % captain.len()] } else { legal[k % legal.len()] };
            pos.play(&m);
        }
    }

    /// Random move lists (mostly illegal) never make judge, hint or solution panic.
    #[test]
    fn judge_and_hint_never_panic(moves in proptest::collection::vec(any_move(), 0..7)) {
        for (spec, code, goal) in [
            ("sackson", WIN2, Goal::Win2),
            ("classic-turbo", STOP, Goal::Stop),
            ("sackson", WIN2, Goal::Win3),
        ] {
            let p = problem(spec, code, goal);
            let _ = p.judge(&moves);
            let _ = p.hint(&moves);
            let _ = p.solution(&moves);
        }
    }

    /// Random legal lines from a puzzle's start: judging each prefix never panics, and a
    /// line the judge calls correct keeps a solution.
    #[test]
    fn legal_lines_judge_consistently(
        goal in prop_oneof![Just(Goal::Win2), Just(Goal::Win3)],
        picks in proptest::collection::vec(0usize..64, 1..6),
    ) {
        let p = problem("classic", CLASSIC_WIN2, goal);
        let mut pos = *p.start();
        let mut moves: Vec<String> = Vec::new();
        for k in picks {
            let legal = pos.legal_moves();
            if legal.is_empty() || moves.len() >= goal.max_line() {
                break;
            }
            let m = legal[k % legal.len()];
            moves.push(m.to_string());
            pos.play(&m);
            if moves.len() % 2 == 1 {
                let v = p.judge(&moves).unwrap();
                let rest = p.solution(&moves).unwrap();
                match v.status {
                    Status::Continue => prop_assert_eq!(rest.first(), v.reply.as_ref()),
                    Status::Wrong | Status::Slower | Status::Solved => prop_assert!(rest.is_empty()),
                }
            }
        }
    }
}
