//! `bluegray`: the command-line tool for Blue and Gray.
//!
//! Every bad argument prints one line on stderr saying what is wrong and exits with code 2.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod bench_cmd;
mod engine_cmd;
mod match_cmd;
mod perft_cmd;

#[derive(Parser)]
#[command(
    name = "bluegray",
    version,
    about = "Blue and Gray (1903): rules, perft and more"
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
    /// Play games between two players and report the score and Elo difference.
    Match(match_cmd::MatchArgs),
    /// Search a fixed set of positions to a fixed depth and report the speed.
    Bench(bench_cmd::BenchArgs),
}

/// A failure to report: one line on stderr, exit code 2.
pub struct CliError(pub String);

impl<E: std::fmt::Display> From<E> for CliError {
    fn from(e: E) -> CliError {
        CliError(e.to_string())
    }
}

/// Parses a transposition table size: whole megabytes within what the engine accepts.
pub fn hash_mb() -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::new().range(1..=bluegray_engine::MAX_TT_MB as u64)
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                print!("{e}");
                return ExitCode::SUCCESS;
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
                println!("{:<26} {}", v.to_string(), v.description());
            }
            Ok(())
        }
        Command::Engine(args) => engine_cmd::run(&args),
        Command::Match(args) => match_cmd::run(&args),
        Command::Bench(args) => bench_cmd::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}
