//! `bluegray puzzles` as the set was made: a small run's output reads as a puzzle set, every
//! puzzle of it is sound, the header says how to make it again, the same arguments make the
//! same set, and bad arguments exit with code 2.

use std::process::{Command, Output};

use bluegray_puzzles::parse_set;

const BIN: &str = env!("CARGO_BIN_EXE_bluegray");

fn bluegray(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

/// The output of a run that must succeed (its errors shown when it does not).
fn printed(args: &[&str]) -> String {
    let out = bluegray(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
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
    let text = printed(&args);
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

/// `--keep`: a small set grown keeps its puzzles first and in their order, adds new ones up to
/// the caps, and its header records both steps, the first writing the file the second keeps.
#[test]
fn keep_grows_a_set_and_records_both_steps() {
    let dir = std::env::temp_dir().join(format!("bluegray-keep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let first = [
        "puzzles",
        "--seed",
        "5",
        "--games",
        "6",
        "--per-goal",
        "1",
        "--variants",
        "classic",
    ];
    let small = printed(&first);
    let kept = parse_set(&small).unwrap();
    assert!(!kept.is_empty(), "{small}");
    let path = dir.join("small.txt");
    std::fs::write(&path, &small).unwrap();
    let path = path.to_str().unwrap();
    let grow = [
        "puzzles",
        "--keep",
        path,
        "--seed",
        "5",
        "--games",
        "6",
        "--per-goal",
        "2",
        "--variants",
        "classic",
    ];
    let text = printed(&grow);
    let grown = parse_set(&text).unwrap();
    assert!(grown.len() >= kept.len(), "{text}");
    assert_eq!(grown[..kept.len()], kept[..], "{text}");
    assert!(
        text.contains("# Step 1: cargo run --release -p bluegray-cli -- puzzles --seed 5 --games 6 --per-goal 1 ")
            && text.contains(" > puzzles-step1.txt\n")
            && text.contains("# Step 2: cargo run --release -p bluegray-cli -- puzzles --keep puzzles-step1.txt --seed 5 --games 6 --per-goal 2 ")
            && text.contains(" > crates/bluegray-puzzles/puzzles.txt\n"),
        "{text}"
    );
    // Caps already met (the committed set has 7 of each goal in classic): no game is played,
    // and the whole kept set comes back as it was, every variant of it.
    let committed = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../bluegray-puzzles/puzzles.txt"
    );
    let again = printed(&[
        "puzzles",
        "--keep",
        committed,
        "--games",
        "6",
        "--per-goal",
        "7",
        "--variants",
        "classic",
    ]);
    assert_eq!(parse_set(&again).unwrap(), bluegray_puzzles::set().unwrap());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A `--keep` file that does not read, or is not there, is an error naming it (and the line).
#[test]
fn a_bad_keep_file_is_an_error_naming_the_line() {
    let dir = std::env::temp_dir().join(format!("bluegray-bad-keep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.txt");
    std::fs::write(
        &path,
        "# a header\n\nwin2-x | classic | win2 | 9/9 | a1-a2\n",
    )
    .unwrap();
    let path = path.to_str().unwrap();
    let out = bluegray(&["puzzles", "--keep", path, "--games", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(path) && err.contains("line 3"), "{err}");
    let missing = dir.join("missing.txt");
    let missing = missing.to_str().unwrap();
    let out = bluegray(&["puzzles", "--keep", missing, "--games", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(missing) && err.contains("cannot read"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
