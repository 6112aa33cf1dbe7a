//! `bluegray tune` as the weights were fitted: a small run prints the error before and after
//! and a `WEIGHTS` line with a weight for every term, the unit kept; the same arguments give
//! the same weights; bad arguments exit with code 2.

use std::process::{Command, Output};

use bluegray_engine::eval::TERMS;

const BIN: &str = env!("CARGO_BIN_EXE_bluegray");

fn bluegray(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

#[test]
fn a_small_run_prints_weights_for_every_term_and_repeats_itself() {
    let args = [
        "tune",
        "--games",
        "10",
        "--nodes",
        "400",
        "--steps",
        "50",
        "--seed",
        "4",
        "--jobs",
        "2",
        "sackson",
        "super-pow",
    ];
    let out = bluegray(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("held-out games:"), "{text}");
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("pub const WEIGHTS: Weights = ["))
        .unwrap_or_else(|| panic!("no WEIGHTS line: {text}"));
    let weights: Vec<i32> = line
        .trim_end_matches("];")
        .split(", ")
        .map(|w| w.parse().unwrap())
        .collect();
    assert_eq!(weights.len(), TERMS);
    assert_eq!(weights[0], 100, "the unit stays");
    assert_eq!(
        bluegray(&args).stdout,
        text.as_bytes(),
        "the same seed, the same fit"
    );
}

#[test]
fn kept_positions_are_fitted_again_without_playing() {
    let dir = std::env::temp_dir().join(format!("bluegray-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("positions.tsv");
    let file = file.to_str().unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec![
            "tune",
            "--games",
            "10",
            "--nodes",
            "400",
            "--steps",
            "50",
            "--positions",
            file,
        ];
        args.extend_from_slice(extra);
        args.push("classic-turbo");
        bluegray(&args)
    };
    let played = run(&[]);
    assert!(played.status.success());
    assert!(String::from_utf8_lossy(&played.stderr).contains("games played"));
    // Read back: nothing is played, and the same positions give the same fit.
    let read = run(&[]);
    assert!(!String::from_utf8_lossy(&read.stderr).contains("games played"));
    assert_eq!(read.stdout, played.stdout);
    // A strong prior keeps today's weights.
    let today = bluegray_engine::eval::WEIGHTS
        .map(|w| w.to_string())
        .join(", ");
    let held = String::from_utf8(run(&["--prior", "1000000"]).stdout).unwrap();
    assert!(held.contains(&format!("Weights = [{today}];")), "{held}");
    // A file that is not one is refused, and left alone.
    std::fs::write(file, "held\tresult\tStep\n0\t1\t3\n").unwrap();
    let refused = run(&[]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("not a positions file"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_arguments_exit_with_code_2() {
    for args in [
        &["tune", "--games", "0"][..],
        &["tune", "--per-game", "0"],
        &["tune", "chess"],
        &["tune", "--prior", "-1"],
        // Too few games to hold any out.
        &["tune", "--games", "1", "--nodes", "300", "sackson"],
    ] {
        let out = bluegray(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    }
}
