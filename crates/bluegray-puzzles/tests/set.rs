//! Every puzzle of the committed set is sound: its goal holds against every defence, no
//! shorter win exists, exactly one first move reaches it, and its stored solution is the line
//! the proof search gives. Run in release (`cargo test -p bluegray-puzzles --release`): each
//! proof visits up to some ten thousand positions.

use std::collections::BTreeMap;

use bluegray_puzzles::{set, Goal, Status};

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
