//! `bluegray explorer`: the opening explorer's games. The strongest level plays itself in each
//! named variant at a fixed node budget (never a time limit, so that a seed gives the same
//! games on any machine); its first plies are played with the seeded noise of a weaker level,
//! which varies the openings among moves it judges close. Each variant's games, their results and
//! first plies, are written to `<out>/<variant>.txt` ([`bluegray_engine::explorer`]), with the
//! command that made them in its first lines; the page fetches that file when the explorer opens.

use std::path::PathBuf;

use bluegray_core::Variant;
use bluegray_engine::explorer::{ExplorerGame, ExplorerGames, GameResult};
use clap::Args;

use crate::match_cmd::{named_variants, self_play, SelfPlay};
use crate::CliError;

/// Arguments of `bluegray explorer`.
#[derive(Args)]
pub struct ExplorerArgs {
    /// Games per variant.
    #[arg(long, default_value_t = 150)]
    games: u32,
    /// Nodes each player searches per move.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// The first plies played with seeded noise, for variety among close moves.
    #[arg(long, default_value_t = 8)]
    varied: u32,
    /// Plies of each game kept in the file (the whole game when it is shorter).
    #[arg(long, default_value_t = 12)]
    plies: usize,
    /// Seed for the noise.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once, each on its own thread. The games do not depend on it.
    #[arg(long, default_value_t = 1)]
    jobs: u32,
    /// The folder the files are written to.
    #[arg(long, default_value = "crates/bluegray-engine/explorer")]
    out: PathBuf,
    /// The named variants to play; all 17 when none is given.
    #[arg(value_name = "VARIANT")]
    variants: Vec<String>,
}

/// Plays every variant's games and writes its file, a variant at a time.
pub fn run(args: &ExplorerArgs) -> Result<(), CliError> {
    if args.games == 0 || args.jobs == 0 || args.nodes == 0 || args.plies == 0 {
        return Err(CliError(
            "games, jobs, nodes and plies must each be at least 1".into(),
        ));
    }
    let variants = named_variants(&args.variants)?;
    std::fs::create_dir_all(&args.out)
        .map_err(|e| CliError(format!("cannot make {}: {e}", args.out.display())))?;
    for name in variants {
        let how = SelfPlay {
            games: args.games,
            openings: 0,
            varied_plies: args.varied,
            seed: args.seed,
            nodes: args.nodes,
            jobs: args.jobs,
        };
        let mut games = ExplorerGames {
            variant: name,
            games: Vec::new(),
        };
        self_play(&Variant::from(name), &how, |_, end| {
            let moves = end.game.moves();
            games.games.push(ExplorerGame {
                result: GameResult::from_winner(end.winner),
                moves: moves[..moves.len().min(args.plies)].to_vec(),
            });
        })?;
        let path = args.out.join(format!("{name}.txt"));
        let header = format!(
            "# The opening explorer's games of {name}: the strongest level against itself, its \
             first {} plies with seeded noise.\n# One game a line: its result (1-0 Blue won, 0-1 \
             Gray won, 1/2-1/2 drawn) and its first {} plies.\n# Made by: bluegray explorer \
             --games {} --nodes {} --varied {} --plies {} --seed {} {name}\n",
            args.varied, args.plies, args.games, args.nodes, args.varied, args.plies, args.seed
        );
        std::fs::write(&path, format!("{header}{games}"))
            .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))?;
        eprintln!("{name}: {} games written to {}", args.games, path.display());
    }
    Ok(())
}
