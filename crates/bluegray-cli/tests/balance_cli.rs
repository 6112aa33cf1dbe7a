//! `bluegray balance` as `docs/BALANCE.md` was made: a small run writes rows the engine reads
//! back, keeps the rows of variants it did not measure, prints the whole table, plays the same
//! games again from the same seed, and refuses bad arguments and files with code 2.

use std::process::{Command, Output};

use bluegray_core::VariantName;
use bluegray_engine::balance::parse_table;

const BIN: &str = env!("CARGO_BIN_EXE_bluegray");

fn bluegray(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

fn balance(data: &str, variant: &str) -> String {
    let out = bluegray(&[
        "balance", "--games", "4", "--nodes", "300", "--seed", "3", "--jobs", "2", "--data", data,
        variant,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_small_run_writes_rows_keeps_others_and_repeats_itself() {
    let dir = std::env::temp_dir().join(format!("bluegray-balance-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("balance.tsv");
    let data = data.to_str().unwrap();
    let _ = std::fs::remove_file(data);

    balance(data, "classic-turbo");
    let table = balance(data, "sackson");
    let rows = parse_table(&std::fs::read_to_string(data).unwrap()).unwrap();
    // Both variants, in the catalogue's order, each adding up.
    let names: Vec<VariantName> = rows.iter().map(|r| r.variant).collect();
    assert_eq!(
        names,
        ["sackson".parse().unwrap(), "classic-turbo".parse().unwrap()]
    );
    for r in &rows {
        assert_eq!((r.games, r.nodes), (4, 300));
        assert_eq!(r.first_wins + r.draws + r.second_wins, 4);
        assert_eq!(r.breakthroughs + r.leads + r.impasses, 4);
        // Every game has at least its four random opening plies.
        assert!(r.plies >= 16, "{}", r.plies);
    }
    // The printed table is the whole file's, one row per variant.
    assert_eq!(
        table
            .lines()
            .filter(|l| l.starts_with("| sackson |"))
            .count(),
        1
    );
    assert_eq!(
        table
            .lines()
            .filter(|l| l.starts_with("| classic-turbo |"))
            .count(),
        1
    );
    // Measuring a variant again replaces its row with the same games.
    balance(data, "sackson");
    assert_eq!(
        parse_table(&std::fs::read_to_string(data).unwrap()).unwrap(),
        rows
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_arguments_and_files_exit_with_code_2() {
    let dir = std::env::temp_dir().join(format!("bluegray-balance-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let junk = dir.join("junk.tsv");
    std::fs::write(&junk, "not a table\n").unwrap();
    let cases: [&[&str]; 4] = [
        &["balance", "--games", "0", "sackson"],
        &["balance", "--games", "2", "chess"],
        &[
            "balance",
            "--games",
            "2",
            "--data",
            junk.to_str().unwrap(),
            "sackson",
        ],
        &["balance", "--nodes", "many"],
    ];
    for args in cases {
        let out = bluegray(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            !err.trim().is_empty() && !err.contains("panicked"),
            "{args:?}: {err}"
        );
    }
    // A bad file is left as it was.
    assert_eq!(std::fs::read_to_string(&junk).unwrap(), "not a table\n");
    std::fs::remove_dir_all(&dir).unwrap();
}
