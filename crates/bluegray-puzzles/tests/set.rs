//! Every puzzle of the committed set is sound: its goal holds against every defence, no
//! shorter win exists, exactly one first move reaches it, and its stored solution is the line
//! the proof search gives. Run in release (`cargo test -p bluegray-puzzles --release`): each
//! proof visits up to some ten thousand positions.

use std::collections::BTreeMap;

use bluegray_core::MoveKind;
use bluegray_puzzles::search::Prover;
use bluegray_puzzles::search::{has_won, immediate_wins};
use bluegray_puzzles::{
    catalogue, catalogue_of, set, slower_or_refutation, Ending, Goal, PuzzleError, Status, Theme,
    EXTRA, SET,
};

#[test]
fn every_puzzle_of_the_set_is_proved() {
    let puzzles = set().expect("the set reads");
    assert!(puzzles.len() >= 150, "{} puzzles", puzzles.len());
    let mut failures = Vec::new();
    for p in &puzzles {
        let problem = p.problem().expect("the puzzle sets up");
        match problem.verify() {
            Ok(line) if line == p.solution => {}
            Ok(line) => failures.push(format!(
                "{}: solution {:?}, proof gives {:?}",
                p.id, p.solution, line
            )),
            Err(e) => failures.push(format!("{}: {e}", p.id)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_solution_plays_through_the_judge() {
    for p in set().expect("the set reads") {
        let problem = p.problem().expect("the puzzle sets up");
        let mut played = Vec::new();
        for (i, m) in p.solution.iter().enumerate().step_by(2) {
            played.push(m.clone());
            let v = problem.judge(&played).expect("the line judges");
            let last = i + 1 == p.solution.len();
            let want = if last {
                Status::Solved
            } else {
                Status::Continue
            };
            assert_eq!(v.status, want, "{} after {played:?}", p.id);
            if !last {
                assert_eq!(v.reply.as_ref(), p.solution.get(i + 1), "{}", p.id);
                played.push(v.reply.unwrap_or_default());
            }
        }
    }
}

/// Every wrong first move of every win puzzle: a `Wrong` verdict's refutation leaves the
/// solver no win within `left + EXTRA` moves (the solver's moves left after its first, and
/// EXTRA), and a `Slower` one really still wins within them. Where the judge's look-ahead runs
/// past the prover's limit it falls back to a refutation within `left` only: that is checked
/// instead, and counted. No check of the test's own may run past the limit.
#[test]
fn every_wrong_first_move_is_refuted_or_slower() {
    let mut failures = Vec::new();
    let (mut wrong, mut slower, mut fallback, mut unchecked) = (0, 0, 0, 0);
    for p in set().expect("the set reads") {
        if p.goal == Goal::Stop {
            continue;
        }
        let problem = p.problem().expect("the puzzle sets up");
        let start = *problem.start();
        let left = p.goal.solver_moves() - 1;
        for m in start.legal_moves() {
            let text = m.to_string();
            if text == p.solution[0] {
                continue;
            }
            let v = problem.judge(&[text.as_str()]).expect("the move judges");
            let after = start.played(&m);
            let mut prover = Prover::new();
            let checked = match v.status {
                Status::Slower => {
                    slower += 1;
                    if !v.refutation.is_empty() {
                        failures.push(format!("{} {text}: slower with a refutation", p.id));
                    }
                    prover.holds_after(&after, left + EXTRA)
                }
                Status::Wrong => {
                    wrong += 1;
                    match v.refutation.first() {
                        // The game is over, or the defender has no move.
                        None => prover.holds_after(&after, left + EXTRA).map(|wins| !wins),
                        Some(r) => {
                            let reply = after.parse_move(r).expect("the refutation is legal");
                            let next = after.played(&reply);
                            if slower_or_refutation(&after, left + EXTRA).is_err() {
                                fallback += 1;
                                prover.wins_within(&next, left).map(|wins| !wins)
                            } else {
                                prover.wins_within(&next, left + EXTRA).map(|wins| !wins)
                            }
                        }
                    }
                }
                status => {
                    failures.push(format!("{} {text}: {status:?}", p.id));
                    continue;
                }
            };
            match checked {
                Ok(true) => {}
                Ok(false) => failures.push(format!("{} {text}: {v:?}", p.id)),
                Err(_) => unchecked += 1,
            }
        }
    }
    eprintln!("wrong {wrong} ({fallback} by the fallback), slower {slower}, unchecked {unchecked}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The proof search is bounded by nodes, not time: every refutation of the set is checked.
    assert_eq!(unchecked, 0);
    assert!(wrong > 0 && slower > 0, "wrong {wrong}, slower {slower}");
}

/// Puzzle 4 of the set (issue 33): b2-b1 is no win in 2. Its old "refutation", b6-b7, refuted
/// nothing (c5-d6 d7xd5 c7-d7 still wins by the lead after it); b6-b5 does: after it Blue
/// cannot win within 1 + EXTRA moves. Slower moves of the same puzzle still win.
#[test]
fn puzzle_4_b2_b1_is_refuted_for_real() {
    let puzzles = set().expect("the set reads");
    let p = &puzzles[3];
    assert_eq!(p.id, "win2-a4e9ec8a");
    let problem = p.problem().expect("the puzzle sets up");
    let v = problem.judge(&["b2-b1"]).expect("the move judges");
    assert_eq!(v.status, Status::Wrong);
    assert_eq!(v.refutation, ["b6-b5"]);
    let line = problem.replay(&["b2-b1", "b6-b5"]).expect("the line plays");
    let mut prover = Prover::new();
    assert!(!prover.wins_within(&line[2], 1 + EXTRA).unwrap());
    // After b6-b7 Blue still wins in 2: no refutation.
    let line = problem.replay(&["b2-b1", "b6-b7"]).expect("the line plays");
    assert!(prover.wins_within(&line[2], 2).unwrap());
}

#[test]
fn the_set_mixes_goals_and_variants_and_reads_back() {
    let puzzles = set().expect("the set reads");
    let mut by_goal: BTreeMap<Goal, usize> = BTreeMap::new();
    let mut variants = std::collections::BTreeSet::new();
    for p in &puzzles {
        *by_goal.entry(p.goal).or_default() += 1;
        variants.insert(p.variant.clone());
        let again: bluegray_puzzles::Puzzle = p.to_string().parse().expect("a line reads back");
        assert_eq!(&again, p);
        assert_eq!(
            p.id,
            bluegray_puzzles::Puzzle::id_for(&p.variant, &p.code, p.goal)
        );
    }
    for g in Goal::ALL {
        assert!(by_goal.get(&g).copied().unwrap_or(0) > 0, "no {g} puzzle");
    }
    assert!(variants.len() >= 3, "{variants:?}");
}

/// Every wrong first move of every `stop` puzzle: its refutation is the defender's move that
/// wins at once, so the goal is out of reach after it.
#[test]
fn every_wrong_stop_move_is_refuted_by_a_win() {
    let mut wrong = 0;
    for p in set().expect("the set reads") {
        if p.goal != Goal::Stop {
            continue;
        }
        let problem = p.problem().expect("the puzzle sets up");
        let start = *problem.start();
        for m in start.legal_moves() {
            let text = m.to_string();
            let v = problem.judge(&[text.as_str()]).expect("the move judges");
            let after = start.played(&m);
            if text == p.solution[0] {
                assert_eq!(v.status, Status::Solved, "{} {text}", p.id);
                assert!(immediate_wins(&after).is_empty(), "{} {text}", p.id);
                continue;
            }
            assert_eq!(v.status, Status::Wrong, "{} {text}", p.id);
            wrong += 1;
            let [r] = &v.refutation[..] else {
                panic!("{} {text}: {v:?}", p.id);
            };
            let reply = after.parse_move(r).expect("the refutation is legal");
            assert!(
                has_won(&after.played(&reply), problem.solver().other()),
                "{} {text}: {r}",
                p.id
            );
        }
    }
    assert!(wrong > 0);
}

/// "Solved!" is told from the rules core's outcome: every solution's last move is judged
/// solved with the ending of the position it leads to. Puzzle 1 (issue 33) is a lead of 3,
/// Gray's captain on c4 (12 steps to 9).
#[test]
fn every_solution_ends_as_the_rules_core_says() {
    let puzzles = set().expect("the set reads");
    for p in &puzzles {
        let problem = p.problem().expect("the puzzle sets up");
        let v = problem.judge(&p.solution).expect("the solution judges");
        assert_eq!(v.status, Status::Solved, "{}", p.id);
        let want = if p.goal == Goal::Stop {
            Some(Ending::Stopped)
        } else {
            let end = problem.replay(&p.solution).expect("the solution plays");
            Ending::of_win(end.last().expect("a position"), problem.solver())
        };
        assert!(want.is_some(), "{}", p.id);
        assert_eq!(v.ending, want, "{}", p.id);
    }
    let v = puzzles[0]
        .problem()
        .and_then(|problem| problem.judge(&puzzles[0].solution))
        .expect("puzzle 1 judges");
    assert_eq!(
        v.ending,
        Some(Ending::Lead {
            point: "c4".into(),
            ours: 12,
            theirs: 9,
            needed: 3
        })
    );
}

/// Each puzzle's theme, as the catalogue gives it, fits its solution: after a sacrifice the
/// defender has a capture due, a block stands on the defender's path, a
/// race is a captain move, and a win's ending names the rest. The set has more than one idea
/// in each kind of goal.
#[test]
fn every_theme_fits_its_solution() {
    let puzzles = set().expect("the set reads");
    let listed = catalogue().expect("the catalogue reads");
    let mut seen = BTreeMap::new();
    for p in &puzzles {
        let info = listed.iter().find(|x| x.id == p.id).expect("listed");
        let theme = p.theme().expect("the solution plays");
        assert_eq!(info.theme, theme, "{}", p.id);
        *seen.entry((p.goal == Goal::Stop, theme)).or_insert(0) += 1;
        let problem = p.problem().expect("the puzzle sets up");
        let positions = problem.replay(&p.solution).expect("the solution plays");
        let first = positions[0].parse_move(&p.solution[0]).expect("legal");
        let end = Ending::of_win(&positions[positions.len() - 1], problem.solver());
        let fits = match theme {
            // Some solver's move, not its winning one, leaves the defender a capture due.
            Theme::Sacrifice => (0..p.solution.len().max(2) - 1)
                .step_by(2)
                .any(|i| positions[i + 1].has_capture()),
            Theme::Block => {
                let d = problem.solver().other();
                positions[0]
                    .path(d)
                    .beyond(positions[0].progress(d))
                    .contains(first.to())
            }
            Theme::Race => first.kind() == MoveKind::Captain,
            Theme::Lead => matches!(end, Some(Ending::Lead { .. })),
            Theme::Breakthrough => end == Some(Ending::Breakthrough),
            Theme::CaptureChain => p.solution.iter().any(|m| m.matches('x').count() >= 2),
            Theme::Stop => p.goal == Goal::Stop,
        };
        assert!(fits, "{} {theme:?}", p.id);
    }
    let theme_of = |id: &str| listed.iter().find(|x| x.id == id).map(|x| x.theme);
    // Puzzle 1 and 4 of the file (issue 33).
    assert_eq!(theme_of("win2-0f679be1"), Some(Theme::Lead));
    assert_eq!(theme_of("win2-a4e9ec8a"), Some(Theme::Sacrifice));
    for stop in [false, true] {
        let kinds = seen.keys().filter(|(s, _)| *s == stop).count();
        assert!(kinds >= 2, "{seen:?}");
    }
}

/// The page's order mixes the set: every puzzle once; the wins in 2 and the stop puzzles before
/// the wins in 3; no two in a row of the same variant and theme, and a variant seldom again
/// within four; the first four of different variants, goals alternating; the same each time.
#[test]
fn the_catalogue_mixes_variants_themes_and_goals() {
    let puzzles = set().expect("the set reads");
    let listed = catalogue().expect("the catalogue reads");
    let mut ids: Vec<&str> = listed.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids.len(), puzzles.len());
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), puzzles.len(), "each puzzle once");
    let first_win3 = listed
        .iter()
        .position(|p| p.goal == Goal::Win3)
        .expect("a win in 3");
    assert!(listed[first_win3..].iter().all(|p| p.goal == Goal::Win3));
    let (mut same_variant_near, mut same_theme_next) = (0, 0);
    for (i, p) in listed.iter().enumerate() {
        let before = &listed[i.saturating_sub(4)..i];
        if before.iter().any(|q| q.variant == p.variant) {
            same_variant_near += 1;
        }
        if let Some(q) = before.last() {
            assert!(
                q.variant != p.variant || q.theme != p.theme,
                "{} after {}",
                p.id,
                q.id
            );
            if q.theme == p.theme {
                same_theme_next += 1;
            }
        }
    }
    assert!(
        same_variant_near * 10 < listed.len(),
        "{same_variant_near} puzzles near one of their variant"
    );
    assert!(
        same_theme_next * 3 < listed.len(),
        "{same_theme_next} puzzles after one of their theme"
    );
    let head = &listed[..4];
    let variants: std::collections::BTreeSet<&str> =
        head.iter().map(|p| p.variant.as_str()).collect();
    assert_eq!(variants.len(), 4, "{head:?}");
    assert!(head.windows(2).all(|w| w[0].goal != w[1].goal), "{head:?}");
    assert_eq!(catalogue().expect("the catalogue reads again"), listed);
}

/// The page gives the set as data (`puzzles(set)`): any set's text lists as the committed one
/// does, and a text that does not read says the line.
#[test]
fn a_set_given_as_text_lists_as_the_committed_one() {
    let lines: Vec<&str> = SET
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .take(3)
        .collect();
    let listed = catalogue_of(&format!("# three\n\n{}\n", lines.join("\n"))).expect("reads");
    assert_eq!(listed.len(), 3);
    let whole = catalogue().expect("the catalogue reads");
    for p in &listed {
        assert!(whole.contains(p), "{} as the committed set lists it", p.id);
    }
    assert_eq!(catalogue_of("").expect("an empty set reads"), vec![]);
    match catalogue_of(&format!("{}\nnot a puzzle", lines[0])) {
        Err(PuzzleError::BadLine { line: 2, .. }) => {}
        other => panic!("{other:?}"),
    }
}
