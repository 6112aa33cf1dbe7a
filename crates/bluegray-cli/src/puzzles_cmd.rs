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
//! duplicates are dropped by id. Everything follows from `--seed`: the same arguments always
//! make the same set.

use std::fmt::Write as _;
use std::time::Instant;

use bluegray_core::{Game, Position, SplitMix64, Variant, VariantName};
use bluegray_engine::{Engine, Level, Limits, NoClock};
use bluegray_puzzles::search::{is_over, Prover};
use bluegray_puzzles::{Goal, Problem, Puzzle};
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
    let started = Instant::now();
    let mut all: Vec<Puzzle> = Vec::new();
    // A small table: the weak levels need little, and a noisy search clears it at every move.
    let mut engine = Engine::new(1);
    for (variant, spec) in variants.iter().zip(&specs) {
        let mut found: Vec<Puzzle> = Vec::new();
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
            if let Some(best) = candidates
                .into_iter()
                .min_by_key(|p| (count(&found, p.goal), p.goal))
            {
                found.push(best);
            }
        }
        eprintln!(
            "{spec}: {} puzzles ({} s)",
            found.len(),
            started.elapsed().as_secs()
        );
        all.extend(found);
    }
    all.sort_by(|a, b| (a.goal, &a.variant, &a.id).cmp(&(b.goal, &b.variant, &b.id)));
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
    let _ = writeln!(
        out,
        "# Made by (reproducible from the seed): cargo run --release -p bluegray-cli -- puzzles {} > crates/bluegray-puzzles/puzzles.txt",
        command_line(args, &specs)
    );
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

/// The arguments as they would be typed again.
fn command_line(args: &PuzzlesArgs, specs: &[String]) -> String {
    let mut s = format!(
        "--seed {} --games {} --per-goal {} --openings {} --move-nodes {} --nodes {} --levels {}",
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
