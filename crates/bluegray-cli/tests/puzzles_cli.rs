//! `bluegray puzzles` as the set was made: a small run's output reads as a puzzle set, every
//! puzzle of it is sound, the header says how to make it again, the same arguments make the
//! same set, and bad arguments exit with code 2.

use std::process::{Command, Output};

use bluegray_puzzles::parse_set;

const BIN: &str = env!("CARGO_BIN_EXE_bluegray");

fn bluegray(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

#[test]
fn a_small_run_makes_sound_reproducible_puzzles() {
    let args = [
        "puzzles",
        "--seed",
        "5",
        "--games",
        "6",
        "--per-goal",
        "2",
        "--variants",
        "classic",
        "super-turbo",
    ];
    let out = bluegray(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("puzzles --seed 5 --games 6 --per-goal 2 ")
            && text.contains("--variants classic super-turbo"),
        "{text}"
    );
    let set = parse_set(&text).unwrap();
    assert!(!set.is_empty(), "{text}");
    for p in &set {
        assert!(
            ["classic", "super-turbo"].contains(&p.variant.as_str()),
            "{p}"
        );
        let line = p.problem().unwrap().verify().unwrap();
        assert_eq!(line, p.solution, "{p}");
    }
    let again = bluegray(&args);
    assert_eq!(String::from_utf8(again.stdout).unwrap(), text);
}

#[test]
fn bad_arguments_exit_with_code_2() {
    for args in [
        &["puzzles", "--variants", "chess"][..],
        &["puzzles", "--levels", "9"],
        &["puzzles", "--games", "0"],
        &["puzzles", "--seed", "x"],
    ] {
        let out = bluegray(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
}
