//! The reference counts of docs/RULES.md §8, read from the table in that file so that the rules
//! and this test can never disagree. Depth 4 of the larger trees takes a while in a debug build,
//! so those run only with optimisations (`cargo test --release`, as CI does).

use bluegray_core::{perft, Position, Variant};

/// The rules file, relative to this crate.
const RULES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/RULES.md");

/// One row of the §8 table: a variant spec, a position code (`None` for the start) and the
/// counts at depths 1, 2, ….
struct Row {
    spec: String,
    code: Option<String>,
    counts: Vec<u64>,
}

/// The rows of the table of §8: `| \`spec\`, start | d1 | d2 | … |` or with `` `CODE` ``.
fn reference_rows() -> Vec<Row> {
    let text = std::fs::read_to_string(RULES)
        .unwrap_or_else(|e| panic!("cannot read {RULES}, which holds the perft table: {e}"));
    let section = text
        .split("\n## ")
        .find(|s| s.starts_with("8."))
        .unwrap_or_else(|| panic!("{RULES} has no section 8"));
    section
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|line| {
            let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
            let (spec, where_) = cells[0].split_once(", ").unwrap_or_else(|| {
                panic!("row '{line}': expected '`spec`, start' or '`spec`, `CODE`'")
            });
            let unquote = |s: &str| s.trim_matches('`').to_string();
            Row {
                spec: unquote(spec),
                code: (where_ != "start").then(|| unquote(where_)),
                counts: cells[1..]
                    .iter()
                    .filter(|c| !c.is_empty())
                    .map(|c| c.parse().unwrap_or_else(|_| panic!("row '{line}': '{c}'")))
                    .collect(),
            }
        })
        .collect()
}

fn check(pos: &Position, expected: &[u64]) {
    for (i, &want) in expected.iter().enumerate() {
        let depth = i as u32 + 1;
        if depth == 4 && cfg!(debug_assertions) && want > 100_000 {
            // Too slow unoptimised; the release run in CI checks it.
            continue;
        }
        assert_eq!(perft(pos, depth), want, "depth {depth} of {pos}");
    }
}

#[test]
fn every_row_of_the_reference_table() {
    let rows = reference_rows();
    assert!(rows.len() >= 4, "{RULES} §8 lists {} rows", rows.len());
    for row in &rows {
        let rules = row.spec.parse::<Variant>().unwrap().rules;
        let pos = match &row.code {
            Some(code) => Position::from_code(code, rules).unwrap(),
            None => Position::new(rules),
        };
        check(&pos, &row.counts);
    }
}

#[test]
fn the_table_holds_the_specified_counts() {
    // The counts of the specification, so that an edit of the table cannot pass unnoticed.
    let rows = reference_rows();
    let counts = |spec: &str, start: bool| {
        rows.iter()
            .find(|r| r.spec == spec && r.code.is_none() == start)
            .map(|r| r.counts.clone())
            .unwrap_or_else(|| panic!("no row for {spec}"))
    };
    assert_eq!(counts("sackson", true), [25, 625, 19025, 579121]);
    assert_eq!(counts("super", true), [9, 81, 1098, 14884]);
    assert_eq!(
        counts("classic-turbo-light", true),
        [45, 2025, 88965, 3908529]
    );
    assert_eq!(counts("sackson", false), [1, 1, 64]);
}

#[test]
fn forced_double_capture() {
    let code = "1sssc2s1/s1sss1ss1/3s2s2/2S2s3/3S1SS2/2S3S2/4S3S/8S/SS1SCS1SS b 0 1";
    let pos = Position::from_code(code, Variant::default().rules).unwrap();
    check(&pos, &[1, 1, 64]);
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].to_string(), "f5xf7xh7");
}
