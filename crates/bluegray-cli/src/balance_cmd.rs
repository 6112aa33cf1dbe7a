//! `bluegray balance`: how fair each named variant is between equal strong players. The
//! strongest level plays itself at a fixed node budget from openings varied by a seed, every
//! game from its own opening; the first player's score, the draws, the games' length and how
//! they ended make one row per variant, printed as the table of `docs/BALANCE.md` and, with
//! `--data`, written as the engine's `balance.tsv`, from which the page says each variant's
//! balance. A run may measure some variants only: the file keeps the rows of the others, so the
//! table can be made in several sittings.

use std::path::{Path, PathBuf};

use bluegray_core::{EndReason, Variant, VariantName};
use bluegray_engine::balance::{parse_table, Balance};
use clap::Args;

use crate::match_cmd::{named_variants, self_play, SelfPlay};
use crate::CliError;

/// Arguments of `bluegray balance`.
#[derive(Args)]
pub struct BalanceArgs {
    /// Games per variant, each from its own opening.
    #[arg(long, default_value_t = 200)]
    games: u32,
    /// Nodes each player searches per move.
    #[arg(long, default_value_t = 200_000)]
    nodes: u64,
    /// Random plies played from the start to vary the openings.
    #[arg(long, default_value_t = 4)]
    openings: u32,
    /// Seed for the openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once, each on its own thread.
    #[arg(long, default_value_t = 1)]
    jobs: u32,
    /// Also write the rows, as the engine's `balance.tsv`, to this file, after each variant:
    /// a row replaces the file's row of its variant, other rows are kept, and the table printed
    /// at the end is the whole file's.
    #[arg(long)]
    data: Option<PathBuf>,
    /// The named variants to measure; all 17 when none is given.
    #[arg(value_name = "VARIANT")]
    variants: Vec<String>,
}

/// Plays every variant's games and prints the table (a row as each variant finishes).
pub fn run(args: &BalanceArgs) -> Result<(), CliError> {
    if args.games == 0 || args.jobs == 0 || args.nodes == 0 {
        return Err(CliError(
            "games, jobs and nodes must each be at least 1".into(),
        ));
    }
    let variants = named_variants(&args.variants)?;
    let mut rows = match &args.data {
        Some(path) => read_rows(path)?,
        None => Vec::new(),
    };
    // Check the file can be written before hours of games.
    if let Some(path) = &args.data {
        write_rows(path, &rows)?;
    }
    for name in variants {
        let variant = Variant::from(name);
        let mut b = Balance {
            variant: name,
            games: 0,
            first_wins: 0,
            draws: 0,
            second_wins: 0,
            plies: 0,
            breakthroughs: 0,
            leads: 0,
            impasses: 0,
            nodes: args.nodes,
        };
        let how = SelfPlay {
            games: args.games,
            openings: args.openings,
            varied_plies: 0,
            seed: args.seed,
            nodes: args.nodes,
            jobs: args.jobs,
        };
        self_play(&variant, &how, |_, end| {
            b.games += 1;
            b.plies += end.game.moves().len() as u64;
            match end.winner {
                Some(w) if w == variant.rules.first => b.first_wins += 1,
                Some(_) => b.second_wins += 1,
                None => b.draws += 1,
            }
            match end.reason {
                Some(EndReason::Breakthrough) => b.breakthroughs += 1,
                Some(EndReason::Lead { .. }) => b.leads += 1,
                // A built-in player always moves and never resigns, so every game ends by
                // the rules: whatever is left is an impasse.
                _ => b.impasses += 1,
            }
        })?;
        eprintln!("{}", row(&b));
        rows.retain(|r| r.variant != name);
        rows.push(b);
        if let Some(path) = &args.data {
            write_rows(path, &rows)?;
        }
    }
    outln!(
        "| Variant | Games | First player's score (95% interval) | First wins | Draws | Second wins | Average plies | Breakthrough | Lead | Impasse |"
    );
    outln!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for b in canonical(&rows) {
        outln!("{}", row(b));
    }
    Ok(())
}

/// The rows of a `balance.tsv` file; none when it does not exist yet.
fn read_rows(path: &Path) -> Result<Vec<Balance>, CliError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(CliError(format!("cannot read {}: {e}", path.display()))),
    };
    parse_table(&text).map_err(|e| CliError(format!("{}: {e}", path.display())))
}

/// Writes `rows` to `path` as a `balance.tsv`, in the order of [`VariantName::all`].
fn write_rows(path: &Path, rows: &[Balance]) -> Result<(), CliError> {
    let mut text = format!("{}\n", Balance::HEADER);
    for r in canonical(rows) {
        text.push_str(&r.to_line());
        text.push('\n');
    }
    std::fs::write(path, text)
        .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))
}

/// `rows` in the order of [`VariantName::all`].
fn canonical(rows: &[Balance]) -> Vec<&Balance> {
    VariantName::all()
        .into_iter()
        .filter_map(|v| rows.iter().find(|r| r.variant == v))
        .collect()
}

/// One row of the Markdown table.
fn row(b: &Balance) -> String {
    let pct = |n: u32| format!("{}%", b.percent(n));
    format!(
        "| {} | {} | {:.1}% ± {:.1} | {} | {} | {} | {:.0} | {} | {} | {} |",
        b.variant,
        b.games,
        100.0 * b.first_score(),
        100.0 * b.margin(),
        pct(b.first_wins),
        pct(b.draws),
        pct(b.second_wins),
        b.plies as f64 / f64::from(b.games.max(1)),
        pct(b.breakthroughs),
        pct(b.leads),
        pct(b.impasses)
    )
}
