//! `bluegray bench`: a fixed set of positions searched to a fixed depth, for comparing builds.

use std::time::Instant;

use bluegray_core::{Position, Variant};
use bluegray_engine::{Engine, Level, Limits, NoClock, DEFAULT_HASH_MB};
use clap::Args;

use crate::{hash_mb, CliError};

/// Arguments of `bluegray bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// Depth of every search, 1 to 30.
    #[arg(long, default_value_t = 7)]
    depth: u32,
    /// Transposition table size in megabytes, 1 to 1022.
    #[arg(long, default_value_t = DEFAULT_HASH_MB, value_parser = hash_mb())]
    hash: usize,
}

/// The bench positions: variant spec and position code (empty for the variant's start).
pub const POSITIONS: [(&str, &str); 10] = [
    ("sackson", ""),
    ("classic", ""),
    ("super", ""),
    ("classic-turbo-light", ""),
    ("sackson,jumps=any,diagonals=marked", ""),
    (
        "sackson",
        "1sssc2s1/s1sss1ss1/3s2s2/2S2s3/3S1SS2/2S3S2/4S3S/8S/SS1SCS1SS b 0 1",
    ),
    (
        "sackson",
        "ssss1ssss/s2s5/1sssss1s1/1C4s2/9/2S4c1/1S1SSSSS1/1S6S/SSSS1SSSS b 8 16",
    ),
    (
        "sackson",
        "sssssss1s/9/s1Cssss2/2s3s2/2S3s2/2S4c1/3SSSSSS/9/1SSS1SSSS b 3 26",
    ),
    (
        "super-pow",
        "1p1pCpppp/p1p1ppp2/p6p1/3p3p1/1pp3P2/P4P2P/1P1P3P1/2PPP1P1P/PPP1cP1P1 b 30 16",
    ),
    (
        "classic-turbo",
        "ssss1s2s/s7s/2sssss2/1s7/1C3S1c1/1S5S1/1S1S1SS2/5S2S/SSSS1S1SS b 2 21",
    ),
];

/// Searches every bench position with a fresh table and prints the totals.
pub fn run(args: &BenchArgs) -> Result<(), CliError> {
    if !(1..=30).contains(&args.depth) {
        return Err(CliError(format!(
            "depth {} must be from 1 to 30",
            args.depth
        )));
    }
    let limits = Limits {
        depth: Some(args.depth),
        ..Limits::default()
    };
    let mut total_nodes = 0;
    let started = Instant::now();
    for (spec, code) in POSITIONS {
        let variant: Variant = spec.parse()?;
        let pos = if code.is_empty() {
            Position::new(variant.rules)
        } else {
            Position::from_code(code, variant.rules)?
        };
        // A fresh engine per position: the count must not depend on what was searched before.
        let mut engine = Engine::new(args.hash);
        let t = Instant::now();
        let r = engine.search(&pos, &[], &limits, Level::MAX, &NoClock, &mut |_| {});
        let best = r.best.map_or("none".to_string(), |m| m.to_string());
        outln!(
            "{:<36} depth {:>2} nodes {:>10} {:>7.0} ms  best {best}",
            spec,
            r.depth,
            r.nodes,
            t.elapsed().as_secs_f64() * 1000.0
        );
        total_nodes += r.nodes;
    }
    let secs = started.elapsed().as_secs_f64();
    outln!("total nodes {total_nodes}");
    outln!("time ms {:.0}", secs * 1000.0);
    outln!("nodes/s {:.0}", total_nodes as f64 / secs.max(1e-9));
    Ok(())
}
