//! `bluegray perft`.

use std::time::Instant;

use bluegray_core::{divide, excerpt, perft, Position, Variant};
use clap::Args;

use crate::CliError;

/// Arguments of `bluegray perft`.
#[derive(Args)]
pub struct PerftArgs {
    /// Variant spec, e.g. `classic-turbo,lead=2`.
    #[arg(long, default_value = "sackson")]
    variant: String,
    /// Position code; the variant's start when absent.
    #[arg(long)]
    position: Option<String>,
    /// Print the count below each root move, then the total.
    #[arg(long)]
    divide: bool,
    /// Depth in plies, 1 to 20.
    depth: String,
}

/// Runs perft and prints the counts.
pub fn run(args: &PerftArgs) -> Result<(), CliError> {
    let variant: Variant = args.variant.parse()?;
    // Digits only: Rust's integer parsing would also take "+3", and a stray space is more
    // likely a quoting mistake than a depth.
    let depth = Some(args.depth.as_str())
        .filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|d| d.parse::<u32>().ok())
        .filter(|d| (1..=20).contains(d))
        .ok_or_else(|| {
            CliError(format!(
                "depth '{}' must be a whole number from 1 to 20",
                excerpt(&args.depth)
            ))
        })?;
    let pos = match &args.position {
        Some(code) => Position::from_code(code, variant.rules)?,
        None => Position::new(variant.rules),
    };
    let started = Instant::now();
    if args.divide {
        let mut total = 0;
        for (m, n) in divide(&pos, depth) {
            outln!("{m} {n}");
            total += n;
        }
        outln!("total {total}");
        report_speed(total, started);
    } else {
        for d in 1..=depth {
            let t = Instant::now();
            let n = perft(&pos, d);
            outln!("{d} {n}");
            report_speed(n, t);
        }
    }
    Ok(())
}

fn report_speed(nodes: u64, since: Instant) {
    let secs = since.elapsed().as_secs_f64();
    eprintln!(
        "  {nodes} nodes in {:.3} s: {:.1} M nodes/s",
        secs,
        nodes as f64 / secs.max(1e-9) / 1e6
    );
}
