//! `bluegray`: the command-line tool for Blue and Gray.
//!
//! Every bad argument prints one line on stderr saying what is wrong and exits with code 2.
//! `bluegray` alone prints its usage (the list of commands) on stderr and exits with code 2,
//! since no command was given.
//!
//! Memory: the transposition tables of every engine a command runs together, plus each
//! engine's own buffers, stay within [`MEMORY_CAP_MB`] (1 GiB). `engine` and `bench` accept
//! `--hash` up to that cap; `match` shrinks its default table size to fit `--jobs`, and a
//! `--jobs`/`--hash` request that cannot fit exits with code 2 and says what would.

use std::io::Write as _;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// `println!` for the commands' output. A reader that has gone away (`bluegray match … | head
/// -1`) is no failure of the command's: it stops quietly with code 0, as ripgrep does, rather
/// than panicking the way `println!` does on a closed pipe.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout().lock(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

mod balance_cmd;
mod bench_cmd;
mod engine_cmd;
mod explorer_cmd;
mod match_cmd;
mod perft_cmd;
mod player;
mod puzzles_cmd;
mod rating;
mod tune_cmd;

#[derive(Parser)]
#[command(
    name = "bluegray",
    version,
    about = "Blue and Gray (1903): rules, perft and more",
    arg_required_else_help = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the legal-move tree, one line per depth.
    Perft(perft_cmd::PerftArgs),
    /// List every named variant with a one-line description.
    Variants,
    /// Speak the engine protocol on stdin and stdout (see PROTOCOL.md).
    Engine(engine_cmd::EngineArgs),
    /// Play games between two players and report the score and Elo difference; with more
    /// players, a round robin and their ratings.
    Match(match_cmd::MatchArgs),
    /// Search a fixed set of positions to a fixed depth and report the speed.
    Bench(bench_cmd::BenchArgs),
    /// Make a puzzle set from engine self-play, each puzzle proved by exact search.
    Puzzles(puzzles_cmd::PuzzlesArgs),
    /// Measure how fair each named variant is: the strongest level against itself.
    Balance(balance_cmd::BalanceArgs),
    /// Play the opening explorer's games: the strongest level against itself, written per variant.
    Explorer(explorer_cmd::ExplorerArgs),
    /// Fit the evaluation's weights to self-play games (Texel's method).
    Tune(tune_cmd::TuneArgs),
}

/// A failure to report: one line on stderr, exit code 2.
#[derive(Debug)]
pub struct CliError(pub String);

impl<E: std::fmt::Display> From<E> for CliError {
    fn from(e: E) -> CliError {
        CliError(e.to_string())
    }
}

/// The most memory, in megabytes, the engines of one command may use together: transposition
/// tables plus each engine's buffers ([`bluegray_engine::ENGINE_BASE_MB`]).
pub const MEMORY_CAP_MB: usize = 1024;

/// Parses a transposition table size: whole megabytes, 1 to what one engine may use within
/// [`MEMORY_CAP_MB`].
pub fn hash_mb() -> clap::builder::RangedU64ValueParser<usize> {
    let max = MEMORY_CAP_MB.min(bluegray_engine::MAX_TT_MB) - bluegray_engine::ENGINE_BASE_MB;
    clap::builder::RangedU64ValueParser::new().range(1..=max as u64)
}

/// Parses a level number: decimal digits, 1 to 8.
pub fn level_arg(s: &str) -> Result<bluegray_engine::Level, String> {
    s.parse()
        .map_err(|e: bluegray_engine::LevelError| e.to_string())
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                // Help read by `| head` is not an error either.
                let _ = write!(std::io::stdout().lock(), "{e}");
                return ExitCode::SUCCESS;
            }
            if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                // No command at all: the usage is the answer, but it is still a failure.
                eprintln!("error: no command given\n");
                eprint!("{}", e.render());
                return ExitCode::from(2);
            }
            // clap's message spans several lines; what is wrong is said before its usage part.
            let msg = e.to_string();
            let what: Vec<&str> = msg
                .lines()
                .take_while(|l| !l.starts_with("Usage:"))
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect();
            eprintln!("{}", what.join(" "));
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        Command::Perft(args) => perft_cmd::run(&args),
        Command::Variants => {
            for v in bluegray_core::VariantName::all() {
                outln!("{:<26} {}", v.to_string(), v.description());
            }
            Ok(())
        }
        Command::Engine(args) => engine_cmd::run(&args),
        Command::Match(args) => match_cmd::run(&args),
        Command::Bench(args) => bench_cmd::run(&args),
        Command::Puzzles(args) => puzzles_cmd::run(&args),
        Command::Balance(args) => balance_cmd::run(&args),
        Command::Explorer(args) => explorer_cmd::run(&args),
        Command::Tune(args) => tune_cmd::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}
