//! `bluegray puzzles`: makes a puzzle set from engine self-play.
//!
//! For each variant it plays games (a few random plies from the start, then the engine at a
//! level drawn from `--levels` for each game, its noise seeded), and looks at every position
//! of every game for a puzzle: a `stop` (the opponent threatens a win and exactly one move
//! stops it), a `win2` or a `win3` (a forced win, no faster one, and exactly one first move).
//! Each is proved by `bluegray-puzzles`' exact search ([`Problem::verify`]), and the solver
//! must have at least three legal moves to choose from. Positions are taken with their
//! counters reset (no progress 0, move 1), so no puzzle hangs on the no-progress rule; one
//! puzzle at most is taken from each game (of the goal the variant has fewest of), and
//! duplicates are dropped by id. A win puzzle is taken only if the judge's verdict on each
//! of its wrong first moves checks out (a refutation that refutes, a slower win that wins;
//! what `tests/set.rs` checks of the set). Everything follows from `--seed`: the same
//! arguments always make the same set.
//!
//! `--keep FILE` grows an existing set: its puzzles are kept, all of them, first and in their
//! order (so their ids, and what players have solved, stay), they count toward each variant's
//! caps, and new puzzles are added until the caps are met. The header then records every
//! step, from the kept file's own header, so that the set can be rebuilt from scratch.

use std::fmt::Write as _;
use std::time::Instant;

use std::path::PathBuf;

use bluegray_core::{Game, Position, SplitMix64, Variant, VariantName};
use bluegray_engine::{Engine, Level, Limits, NoClock};
use bluegray_puzzles::search::{is_over, Prover};
use bluegray_puzzles::{parse_set, slower_or_refutation, Goal, Problem, Puzzle, Status, EXTRA};
use clap::Args;

use crate::CliError;

/// The fewest legal moves a puzzle's position must offer the solver.
const MIN_CHOICES: u64 = 3;

/// Arguments of `bluegray puzzles`.
#[derive(Args)]
pub struct PuzzlesArgs {
    /// Seed of the openings and of the engine's noise.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games per variant (at most; a variant stops early once it has its puzzles).
    #[arg(long, default_value_t = 40)]
    games: u32,
    /// Most puzzles of each goal per variant.
    #[arg(long, default_value_t = 5)]
    per_goal: usize,
    /// Variant specs, comma-free names separated by spaces (default: every named variant).
    #[arg(long, num_args = 1..)]
    variants: Vec<String>,
    /// Levels the engine plays at, one drawn per game.
    #[arg(long, num_args = 1.., default_values_t = [6u8, 7, 8])]
    levels: Vec<u8>,
    /// Most random plies at the start of a game (at least 2 are played).
    #[arg(long, default_value_t = 8)]
    openings: u32,
    /// Most positions the engine searches for one move (within its level's own caps).
    #[arg(long, default_value_t = 4000)]
    move_nodes: u64,
    /// Most positions the quick test of one position may search.
    #[arg(long, default_value_t = 200_000)]
    nodes: u64,
    /// An existing set to grow: its puzzles are kept, first and in their order, and count
    /// toward the caps.
    #[arg(long, value_name = "FILE")]
    keep: Option<PathBuf>,
}

/// Where the header's steps write their sets: the last step the committed file.
const SET_PATH: &str = "crates/bluegray-puzzles/puzzles.txt";

/// The commands a set's header records as having made it, each without its `> file`.
fn recorded_steps(text: &str) -> Vec<String> {
    let command = |rest: &str| {
        let rest = rest.trim();
        let rest = rest.rsplit_once(" > ").map_or(rest, |(cmd, _)| cmd);
        rest.trim().to_string()
    };
    let mut steps = Vec::new();
    for line in text.lines() {
        let Some(line) = line.strip_prefix('#') else {
            continue;
        };
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("Made by (reproducible from the seed):") {
            steps.push(command(rest));
        } else if let Some((_, rest)) = line.strip_prefix("Step ").and_then(|r| r.split_once(": "))
        {
            steps.push(command(rest));
        }
    }
    steps
}

/// The file step `n` (from 1) of `count` writes.
fn step_file(n: usize, count: usize) -> String {
    if n == count {
        SET_PATH.to_string()
    } else {
        format!("puzzles-step{n}.txt")
    }
}

/// Plays the games, collects the puzzles and prints the set on stdout.
pub fn run(args: &PuzzlesArgs) -> Result<(), CliError> {
    let specs: Vec<String> = if args.variants.is_empty() {
        VariantName::all().iter().map(ToString::to_string).collect()
    } else {
        args.variants.clone()
    };
    let variants: Vec<Variant> = specs
        .iter()
        .map(|s| s.parse::<Variant>())
        .collect::<Result<_, _>>()?;
    let levels: Vec<Level> = args
        .levels
        .iter()
        .map(|&n| crate::level_arg(&n.to_string()))
        .collect::<Result<_, _>>()
        .map_err(CliError)?;
    if args.games == 0 || args.per_goal == 0 {
        return Err(CliError("--games and --per-goal must be at least 1".into()));
    }
    let (kept, kept_steps) = match &args.keep {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| CliError(format!("--keep {}: cannot read: {e}", path.display())))?;
            let kept = parse_set(&text)
                .map_err(|e| CliError(format!("--keep {}: {e}", path.display())))?;
            (kept, recorded_steps(&text))
        }
        None => (Vec::new(), Vec::new()),
    };
    let started = Instant::now();
    let mut all: Vec<Puzzle> = Vec::new();
    // A small table: the weak levels need little, and a noisy search clears it at every move.
    let mut engine = Engine::new(1);
    for (variant, spec) in variants.iter().zip(&specs) {
        // The kept puzzles of this variant count toward its caps (and are not found again).
        let mut found: Vec<Puzzle> = kept
            .iter()
            .filter(|p| p.variant == *spec)
            .cloned()
            .collect();
        let kept_here = found.len();
        let mut refused = 0usize;
        // Each variant's games follow from the seed and its spec alone, so a run over fewer
        // variants makes the same puzzles for those.
        let spec_hash = spec
            .bytes()
            .fold(0u64, |h, b| bluegray_core::rng::mix(h ^ u64::from(b)));
        let mut rng = SplitMix64::new(args.seed ^ spec_hash);
        for _ in 0..args.games {
            if Goal::ALL
                .iter()
                .all(|g| found.iter().filter(|p| p.goal == *g).count() >= args.per_goal)
            {
                break;
            }
            let level = levels[rng.below(levels.len())];
            let game = play_game(&mut engine, variant, level, args, &mut rng);
            // One puzzle a game at most, of the goal the variant has fewest of: a game's
            // neighbouring positions make puzzles too alike.
            let count = |found: &[Puzzle], g: Goal| found.iter().filter(|p| p.goal == g).count();
            let mut candidates: Vec<Puzzle> = Vec::new();
            for pos in game.positions() {
                let wanted = |g: Goal| {
                    count(&found, g) < args.per_goal && !candidates.iter().any(|p| p.goal == g)
                };
                if let Some(p) = look_at(pos, spec, args, wanted) {
                    if !found.iter().any(|q| q.id == p.id) {
                        candidates.push(p);
                    }
                }
            }
            // The first, by that order, whose wrong first moves the judge gets right.
            candidates.sort_by_key(|p| (count(&found, p.goal), p.goal));
            let chosen = candidates.into_iter().find(|p| {
                let right = judged_right(p);
                refused += usize::from(!right);
                right
            });
            if let Some(best) = chosen {
                found.push(best);
            }
        }
        eprintln!(
            "{spec}: {} puzzles, {} kept, {refused} refused for the judge's verdicts ({} s)",
            found.len(),
            kept_here,
            started.elapsed().as_secs()
        );
        all.extend(found.into_iter().skip(kept_here));
    }
    all.sort_by(|a, b| (a.goal, &a.variant, &a.id).cmp(&(b.goal, &b.variant, &b.id)));
    let added = all.len();
    // The kept puzzles first, in their order, then the new ones.
    let mut all: Vec<Puzzle> = kept.iter().cloned().chain(all).collect();
    let mut seen = std::collections::BTreeSet::new();
    all.retain(|p| seen.insert(p.id.clone()));
    let mut out = String::new();
    let tally: Vec<String> = Goal::ALL
        .iter()
        .map(|g| format!("{} {g}", all.iter().filter(|p| p.goal == *g).count()))
        .collect();
    let _ = writeln!(
        out,
        "# Blue and Gray puzzles: {} ({}), each proved by bluegray-puzzles' exact search.",
        all.len(),
        tally.join(", ")
    );
    if args.keep.is_none() {
        let _ = writeln!(
            out,
            "# Made by (reproducible from the seed): cargo run --release -p bluegray-cli -- puzzles {} > {SET_PATH}",
            command_line(args, &specs, None)
        );
    } else {
        // Every step the kept set records, then this one, keeping the step before's file.
        let mut steps: Vec<String> = kept_steps.clone();
        if steps.is_empty() {
            let _ = writeln!(
                out,
                "# The kept set ({} puzzles) records no command that made it.",
                kept.len()
            );
        }
        let count = steps.len() + 1;
        let keep_file = if steps.is_empty() {
            args.keep
                .as_ref()
                .map(|p| p.display().to_string())
                .unwrap_or_default()
        } else {
            step_file(count - 1, count)
        };
        steps.push(format!(
            "cargo run --release -p bluegray-cli -- puzzles {}",
            command_line(args, &specs, Some(&keep_file))
        ));
        let _ = writeln!(
            out,
            "# Grown from the earlier set of {} puzzles ({} added); made in {count} step{} (reproducible from the seeds; a step with --keep keeps the set the step before made, first and in its order, and adds to it):",
            kept.len(),
            added,
            if count == 1 { "" } else { "s" }
        );
        for (n, step) in steps.iter().enumerate() {
            // Earlier steps wrote the committed file; here each writes its own.
            let step = step.replace(
                &format!("--keep {SET_PATH}"),
                &format!("--keep {}", step_file(n, count)),
            );
            let _ = writeln!(
                out,
                "# Step {}: {step} > {}",
                n + 1,
                step_file(n + 1, count)
            );
        }
        let _ = writeln!(
            out,
            "# Each step is run with the code of the commit that wrote its file (the engine's games change with the code): the last with this file's commit, an earlier one with the commit that wrote the set the next step kept (git log -- {SET_PATH})."
        );
    }
    let _ = writeln!(
        out,
        "# id | variant | goal | position code | solution (solver's moves, defender's longest replies)"
    );
    for p in &all {
        let _ = writeln!(out, "{p}");
    }
    print!("{out}");
    eprintln!("{} puzzles in {} s", all.len(), started.elapsed().as_secs());
    Ok(())
}

/// The arguments as they would be typed again (`--keep` naming `keep`).
fn command_line(args: &PuzzlesArgs, specs: &[String], keep: Option<&str>) -> String {
    let keep = keep.map(|k| format!("--keep {k} ")).unwrap_or_default();
    let mut s = format!(
        "{keep}--seed {} --games {} --per-goal {} --openings {} --move-nodes {} --nodes {} --levels {}",
        args.seed,
        args.games,
        args.per_goal,
        args.openings,
        args.move_nodes,
        args.nodes,
        args.levels
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    );
    if !args.variants.is_empty() {
        let _ = write!(s, " --variants {}", specs.join(" "));
    }
    s
}

/// One self-play game: random plies, then the engine for both sides until the game ends.
fn play_game(
    engine: &mut Engine,
    variant: &Variant,
    level: Level,
    args: &PuzzlesArgs,
    rng: &mut SplitMix64,
) -> Game {
    let openings = args.openings;
    engine.clear();
    let mut game = Game::new(*variant);
    let plies = 2 + rng.below(openings.max(2) as usize - 1);
    for _ in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            return game;
        }
        let m = legal[rng.below(legal.len())];
        if game.play(m).is_err() {
            return game;
        }
    }
    while game.outcome().is_none() && game.moves().len() < 400 {
        let limits = Limits {
            nodes: Some(args.move_nodes),
            seed: rng.next_u64(),
            ..Limits::default()
        };
        let result = engine.search_game(&game, &limits, level, &NoClock, &mut |_| {});
        let Some(m) = result.best else { break };
        if game.play(m).is_err() {
            break;
        }
    }
    game
}

/// `pos` with its counters reset: no progress 0, move 1.
fn reset(pos: &Position) -> Option<Position> {
    let mut setup = pos.setup();
    setup.no_progress = 0;
    setup.move_number = 1;
    Position::from_setup(&setup, *pos.rules()).ok()
}

/// The puzzle `pos` makes, if any, of a goal that is `wanted`.
fn look_at(
    pos: &Position,
    spec: &str,
    args: &PuzzlesArgs,
    wanted: impl Fn(Goal) -> bool,
) -> Option<Puzzle> {
    let pos = reset(pos)?;
    // A first move forced by the rules (a lone capture) or one of two is no puzzle.
    if is_over(&pos) || pos.count_moves() < MIN_CHOICES {
        return None;
    }
    let mut prover = Prover::with_limit(args.nodes);

    // The quickest forced win, if within 3, tells which win goal to try.
    let goal = match prover.distance(&pos, 3) {
        Ok(Some(2)) => Goal::Win2,
        Ok(Some(3)) => Goal::Win3,
        Ok(None) => Goal::Stop,
        _ => return None,
    };
    if !wanted(goal) {
        return None;
    }
    let code = pos.to_string();
    let problem = Problem::new(spec, &code, goal).ok()?;
    let solution = problem.verify().ok()?;
    Some(Puzzle {
        id: Puzzle::id_for(spec, &code, goal),
        variant: spec.to_string(),
        code,
        goal,
        solution,
    })
}

/// Whether the judge's verdict on every wrong first move of a win puzzle checks out, as
/// `tests/set.rs` checks it: a `Wrong` move's refutation leaves the solver no win within the
/// moves left and [`EXTRA`] (within the moves left where the judge's look-ahead ran past the
/// prover's limit), a `Slower` one still wins within them, and no check runs past the limit
/// (so the test can make every one). A `stop` puzzle's refutations are the defender's wins.
fn judged_right(p: &Puzzle) -> bool {
    if p.goal == Goal::Stop {
        return true;
    }
    let Ok(problem) = p.problem() else {
        return false;
    };
    let start = *problem.start();
    let left = p.goal.solver_moves() - 1;
    for m in start.legal_moves() {
        let text = m.to_string();
        if p.solution.first() == Some(&text) {
            continue;
        }
        let Ok(v) = problem.judge(&[text.as_str()]) else {
            return false;
        };
        let after = start.played(&m);
        let mut prover = Prover::new();
        let checked = match v.status {
            Status::Slower if v.refutation.is_empty() => prover.holds_after(&after, left + EXTRA),
            Status::Wrong => match v.refutation.first() {
                None => prover.holds_after(&after, left + EXTRA).map(|wins| !wins),
                Some(r) => {
                    let Ok(reply) = after.parse_move(r) else {
                        return false;
                    };
                    let next = after.played(&reply);
                    let within = if slower_or_refutation(&after, left + EXTRA).is_err() {
                        left
                    } else {
                        left + EXTRA
                    };
                    prover.wins_within(&next, within).map(|wins| !wins)
                }
            },
            _ => return false,
        };
        if checked != Ok(true) {
            return false;
        }
    }
    true
}
