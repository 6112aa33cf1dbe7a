//! `bluegray match`: games between two players (see [`crate::player`]) or a round robin: the
//! schedule, every move checked by the rules core, the scores and the output.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use bluegray_core::{Color, EndReason, Game, Move, SplitMix64, Variant, VariantName};
use bluegray_engine::{Level, Limits, DEFAULT_HASH_MB, ENGINE_BASE_MB};
use clap::Args;

use crate::player::{Player, PlayerKind};
use crate::rating::{self, PairResult};
use crate::{hash_mb, CliError, MEMORY_CAP_MB};

/// Arguments of `bluegray match`.
#[derive(Args)]
pub struct MatchArgs {
    /// Number of games; colours alternate, each opening is played once from each side.
    #[arg(long, default_value_t = 20)]
    games: u32,
    /// Variant spec, e.g. `classic-turbo,lead=2`.
    #[arg(long, default_value = "sackson")]
    variant: String,
    /// Random plies played from the start to vary the openings.
    #[arg(long, default_value_t = 4)]
    openings: u32,
    /// Depth limit for every move; a level never goes beyond its own cap.
    #[arg(long)]
    depth: Option<u32>,
    /// Node limit for every move.
    #[arg(long)]
    nodes: Option<u64>,
    /// Time limit per move in milliseconds.
    #[arg(long)]
    movetime: Option<u64>,
    /// Seed for the openings and the levels' randomness.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once, each on its own thread with its own pair of players. Give no more
    /// than the machine has cores when the moves are limited by time.
    #[arg(long, default_value_t = 1)]
    jobs: u32,
    /// Transposition table size of every built-in player, in megabytes. All the tables of all
    /// the jobs together must fit in 1024 MB; without this option the size is 16 MB, or less
    /// when that many jobs need it.
    #[arg(long, value_parser = hash_mb())]
    hash: Option<usize>,
    /// Print a line per game.
    #[arg(long, short)]
    verbose: bool,
    /// The players: a level number (1 to 8), `random`, or `cmd:COMMAND [ARGS…]` each. Two play
    /// a match; more play a round robin, `--games` games for every pair, and get ratings
    /// relative to the first.
    #[arg(required = true, num_args = 2.., value_name = "PLAYER")]
    players: Vec<String>,
}

/// A game's result from player A's point of view.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Result3 {
    Win,
    Draw,
    Loss,
}

/// One game of the schedule: everything that decides it apart from the players.
pub(crate) struct Pairing {
    opening: Vec<Move>,
    /// The side player A takes.
    pub(crate) a_side: Color,
    seed: u64,
    /// The first plies of the game (the opening's included) a built-in player plays at
    /// [`VARIED_LEVEL`] instead of its own level, for variety among moves it judges close.
    varied_plies: u32,
}

/// How one game ended, from player A's point of view.
pub(crate) struct GameEnd {
    result: Result3,
    how: String,
    /// Won on impasse, which Sackson counts as half a game.
    on_impasse: bool,
    /// The winner, or `None` for a draw.
    pub(crate) winner: Option<Color>,
    /// How the rules ended it; `None` when a player gave no move or an illegal one.
    pub(crate) reason: Option<EndReason>,
    /// The game as played, the opening included.
    pub(crate) game: Game,
}

/// Wins, draws and losses of one pair, from the first player's point of view.
#[derive(Clone, Copy, Default)]
struct Totals {
    wins: u32,
    draws: u32,
    losses: u32,
    /// Wins, on either side, decided on impasse (Sackson's half games).
    half_wins: u32,
}

/// Plays the match, or the round robin, and prints the totals.
///
/// The schedule (openings, sides, seeds) is fixed by the seed before any game starts, and every
/// built-in player forgets its previous games, so a match limited by depth or nodes gives the
/// same games and totals whatever the number of jobs. Every pair of a round robin plays the
/// same schedule.
pub fn run(args: &MatchArgs) -> Result<(), CliError> {
    let variant: Variant = args.variant.parse()?;
    if args.games == 0 {
        return Err(CliError("games must be at least 1".into()));
    }
    if args.jobs == 0 {
        return Err(CliError("jobs must be at least 1".into()));
    }
    let jobs = args.jobs.min(args.games);
    // Check every player and the memory every pair needs before starting anything (an
    // external engine is a process).
    let builtin = args
        .players
        .iter()
        .map(|spec| PlayerKind::parse(spec).map(|k| matches!(k, PlayerKind::Level(_))))
        .collect::<Result<Vec<bool>, CliError>>()?;
    let pairs: Vec<(usize, usize)> = (0..args.players.len())
        .flat_map(|a| (a + 1..args.players.len()).map(move |b| (a, b)))
        .collect();
    let per_job = pairs
        .iter()
        .map(|&(a, b)| usize::from(builtin[a]) + usize::from(builtin[b]))
        .max()
        .unwrap_or(0);
    let hash = table_size(jobs as usize, per_job, args.hash)?;
    let limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        movetime_ms: args.movetime.map(|t| t as f64),
        ..Limits::default()
    };
    let schedule = schedule(&variant, args.games, args.openings, 0, args.seed, true);
    let round_robin = args.players.len() > 2;
    if round_robin {
        outln!(
            "round robin of {} players: {} pairs of {} games",
            args.players.len(),
            pairs.len(),
            args.games
        );
    }
    let mut results = Vec::new();
    for &(a, b) in &pairs {
        let names = [args.players[a].as_str(), args.players[b].as_str()];
        let t = play_pair(
            &variant,
            names,
            hash,
            jobs,
            &schedule,
            &limits,
            args.verbose,
        )?;
        outln!(
            "{} vs {}: {} games, A wins {}, draws {}, A losses {} ({} decided on impasse)",
            names[0],
            names[1],
            args.games,
            t.wins,
            t.draws,
            t.losses,
            t.half_wins
        );
        outln!("{}", rating::elo_line(t.wins, t.draws, t.losses));
        results.push(PairResult {
            a,
            b,
            games: args.games,
            a_points: f64::from(t.wins) + f64::from(t.draws) / 2.0,
        });
    }
    if round_robin {
        print_ratings(&args.players, &results);
    }
    Ok(())
}

/// The round robin's table: every player's score and rating relative to the first.
fn print_ratings(players: &[String], results: &[PairResult]) {
    // A round robin links every player to the first, so the fit always exists.
    let Some(ratings) = rating::fit(players.len(), results) else {
        return;
    };
    outln!(
        "ratings relative to {} (Elo, fitted to all games, one virtual draw per pair):",
        players[0]
    );
    outln!(
        "{:<12} {:>6} {:>7} {:>7} {:>16}",
        "player",
        "games",
        "score",
        "Elo",
        "95% interval"
    );
    for (i, (name, r)) in players.iter().zip(&ratings).enumerate() {
        let (games, points) = results.iter().fold((0u32, 0.0f64), |(g, p), res| {
            if res.a == i {
                (g + res.games, p + res.a_points)
            } else if res.b == i {
                (g + res.games, p + f64::from(res.games) - res.a_points)
            } else {
                (g, p)
            }
        });
        let interval = if i == 0 {
            "reference".to_string()
        } else {
            format!(
                "{:+.0} to {:+.0}",
                r.elo - r.margin + 0.0,
                r.elo + r.margin + 0.0
            )
        };
        outln!(
            "{:<12} {:>6} {:>6.1}% {:>+7.0} {:>16}",
            bluegray_core::excerpt(name),
            games,
            100.0 * points / f64::from(games),
            r.elo + 0.0,
            interval
        );
    }
}

/// Plays one pair's games of the schedule, `jobs` at a time.
fn play_pair(
    variant: &Variant,
    names: [&str; 2],
    hash: usize,
    jobs: u32,
    schedule: &[Pairing],
    limits: &Limits,
    verbose: bool,
) -> Result<Totals, CliError> {
    let mut totals = Totals::default();
    play_schedule(variant, names, hash, jobs, schedule, limits, |g, end| {
        match end.result {
            Result3::Win => totals.wins += 1,
            Result3::Draw => totals.draws += 1,
            Result3::Loss => totals.losses += 1,
        }
        totals.half_wins += u32::from(end.on_impasse);
        if verbose {
            let tag = match end.result {
                Result3::Win => "A wins",
                Result3::Draw => "draw",
                Result3::Loss => "B wins",
            };
            let a_side = schedule[g].a_side;
            outln!(
                "game {:>4}: A is {a_side}: {tag} in {} plies: {}",
                g + 1,
                end.game.moves().len(),
                end.how
            );
        }
    })?;
    Ok(totals)
}

/// The named variants `names` says, or all 17 when it is empty.
pub(crate) fn named_variants(names: &[String]) -> Result<Vec<VariantName>, CliError> {
    if names.is_empty() {
        return Ok(VariantName::all());
    }
    Ok(names
        .iter()
        .map(|v| v.parse::<VariantName>())
        .collect::<Result<_, _>>()?)
}

/// The level a built-in player plays the varied plies of a self-play game at
/// ([`SelfPlay::varied_plies`]): the strongest level with seeded noise, which varies the moves
/// only among those it judges close and never plays a blunder it can see.
const VARIED_LEVEL: u8 = 6;

/// How `games` games of the strongest level against itself are played.
pub(crate) struct SelfPlay {
    /// Games, each from its own opening.
    pub(crate) games: u32,
    /// Random plies played from the start to vary the openings.
    pub(crate) openings: u32,
    /// The first plies (the random ones included) played at [`VARIED_LEVEL`], seeded: variety
    /// from moves judged close rather than from random ones.
    pub(crate) varied_plies: u32,
    /// Seed for the openings and the noise.
    pub(crate) seed: u64,
    /// Nodes each player searches per move.
    pub(crate) nodes: u64,
    /// Games played at once, each on its own thread.
    pub(crate) jobs: u32,
}

/// Plays the games `how` says of the strongest level against itself in `variant`, each from
/// its own opening (equal players would repeat a game of the same opening), and hands each
/// game's end to `on_end` with its index, in schedule order.
pub(crate) fn self_play(
    variant: &Variant,
    how: &SelfPlay,
    on_end: impl FnMut(usize, &GameEnd),
) -> Result<(), CliError> {
    let jobs = how.jobs.min(how.games);
    let hash = table_size(jobs as usize, 2, None)?;
    let limits = Limits {
        nodes: Some(how.nodes),
        ..Limits::default()
    };
    let top = Level::MAX.number().to_string();
    let schedule = schedule(
        variant,
        how.games,
        how.openings,
        how.varied_plies,
        how.seed,
        false,
    );
    play_schedule(
        variant,
        [&top, &top],
        hash,
        jobs,
        &schedule,
        &limits,
        on_end,
    )
}

/// Plays the games of `schedule` between the players `names`, `jobs` at a time, and hands each
/// game's end to `on_end` with its index, in schedule order.
fn play_schedule(
    variant: &Variant,
    names: [&str; 2],
    hash: usize,
    jobs: u32,
    schedule: &[Pairing],
    limits: &Limits,
    mut on_end: impl FnMut(usize, &GameEnd),
) -> Result<(), CliError> {
    // Every job has its own pair of players (an external engine is started once per job).
    let mut teams = Vec::new();
    for _ in 0..jobs {
        teams.push([
            Player::new(names[0], variant, hash)?,
            Player::new(names[1], variant, hash)?,
        ]);
    }
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel();
    std::thread::scope(|scope| {
        for mut players in teams {
            let (tx, next) = (tx.clone(), &next);
            scope.spawn(move || {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    let Some(pairing) = schedule.get(g) else {
                        break;
                    };
                    let end = play_game(variant, pairing, &mut players, limits);
                    if tx.send((g, end)).is_err() {
                        break;
                    }
                }
                for p in &mut players {
                    p.quit();
                }
            });
        }
        drop(tx);
        // Games finish out of order; they are handed on in schedule order.
        let mut ends: Vec<Option<GameEnd>> = (0..schedule.len()).map(|_| None).collect();
        let mut done = 0;
        for (g, end) in rx {
            ends[g] = Some(end);
            while let Some(Some(end)) = ends.get(done) {
                on_end(done, end);
                done += 1;
            }
        }
    });
    Ok(())
}

/// The table size of each built-in player, `per_job` in each of `jobs` jobs, so that together
/// they stay within [`MEMORY_CAP_MB`]: the size asked for, or by default [`DEFAULT_HASH_MB`]
/// shrunk as needed. Tables are allocated at each player's first search, but all the jobs play
/// at once, so the budget counts every table.
fn table_size(jobs: usize, per_job: usize, asked: Option<usize>) -> Result<usize, CliError> {
    let engines = jobs * per_job;
    if engines == 0 {
        return Ok(asked.unwrap_or(DEFAULT_HASH_MB));
    }
    let fits = (MEMORY_CAP_MB / engines).saturating_sub(ENGINE_BASE_MB);
    match asked {
        Some(mb) if mb <= fits => Ok(mb),
        None if fits >= 1 => Ok(fits.min(DEFAULT_HASH_MB)),
        _ => {
            let table = asked.unwrap_or(1);
            let each = table + ENGINE_BASE_MB;
            Err(CliError(format!(
                "{jobs} jobs of {per_job} built-in players with {table} MB tables need {} MB \
                 ({ENGINE_BASE_MB} MB of buffers each included), more than the {MEMORY_CAP_MB} MB \
                 cap: use --jobs {} or fewer{}",
                engines * each,
                (MEMORY_CAP_MB / each / per_job).max(1),
                if asked.is_some() {
                    ", or a smaller --hash"
                } else {
                    ""
                }
            )))
        }
    }
}

/// `games` games from openings of `openings` random plies drawn with `seed`, the first
/// `varied_plies` played at [`VARIED_LEVEL`], player A on the first mover's side in even games.
/// `paired`: each opening is played twice, with player A on
/// each side (a match); otherwise every game has its own opening (equal players, whose second
/// game of an opening would repeat the first).
fn schedule(
    variant: &Variant,
    games: u32,
    openings: u32,
    varied_plies: u32,
    seed: u64,
    paired: bool,
) -> Vec<Pairing> {
    let mut rng = SplitMix64::new(seed);
    let mut opening = Vec::new();
    (0..games)
        .map(|g| {
            if g % 2 == 0 || !paired {
                opening = random_opening(variant, openings, &mut rng);
            }
            // Player A takes the first mover's side in even games.
            let a_side = if g % 2 == 0 {
                variant.rules.first
            } else {
                variant.rules.first.other()
            };
            Pairing {
                opening: opening.clone(),
                a_side,
                seed: seed ^ (g as u64).wrapping_mul(0x9E37_79B9),
                varied_plies,
            }
        })
        .collect()
}

/// Up to `plies` random legal moves from the start, stopping short of a finished game.
fn random_opening(variant: &Variant, plies: u32, rng: &mut SplitMix64) -> Vec<Move> {
    let mut game = Game::new(*variant);
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        let mut next = game.clone();
        if next.play(m).is_err() || next.outcome().is_some() {
            break;
        }
        game = next;
        moves.push(m);
    }
    moves
}

/// Plays one game of the schedule.
fn play_game(
    variant: &Variant,
    pairing: &Pairing,
    players: &mut [Player; 2],
    limits: &Limits,
) -> GameEnd {
    let a_side = pairing.a_side;
    let mut game = Game::new(*variant);
    for m in &pairing.opening {
        // The opening was generated from this same start, so it is legal.
        let _ = game.play(*m);
    }
    for p in players.iter_mut() {
        p.new_game();
    }
    let result_for = |winner: Option<Color>| match winner {
        Some(w) if w == a_side => Result3::Win,
        Some(_) => Result3::Loss,
        None => Result3::Draw,
    };
    let mut rng = SplitMix64::new(pairing.seed);
    loop {
        if let Some(o) = game.outcome() {
            return GameEnd {
                result: result_for(o.winner),
                how: o.to_string(),
                on_impasse: o.is_half_win(),
                winner: o.winner,
                reason: Some(o.reason),
                game,
            };
        }
        let side = game.side_to_move();
        let who = usize::from(side != a_side);
        let varied = game.moves().len() < pairing.varied_plies as usize;
        let level = varied.then(|| Level::new(VARIED_LEVEL));
        let answer = players[who].choose(&game, limits, rng.next_u64(), level);
        let failure = match answer {
            Ok(text) => match game.play_text(&text) {
                Ok(_) => continue,
                Err(e) => format!("{side} played an illegal move: {e}"),
            },
            Err(e) => format!("{side} gave no move: {e}"),
        };
        return GameEnd {
            result: result_for(Some(side.other())),
            how: failure,
            on_impasse: false,
            winner: Some(side.other()),
            reason: None,
            game,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_fit_the_memory_cap() {
        assert_eq!(table_size(1, 2, None).ok(), Some(DEFAULT_HASH_MB));
        assert_eq!(table_size(1, 0, Some(64)).ok(), Some(64));
        assert_eq!(table_size(2, 2, Some(64)).ok(), Some(64));
        // 100 jobs of two players: 1024 / 200 = 5 MB each, 2 of them buffers.
        assert_eq!(table_size(100, 2, None).ok(), Some(3));
        let too_many = table_size(1000, 2, None).err().unwrap().0;
        assert!(too_many.contains("--jobs 170 or fewer"), "{too_many}");
        let too_big = table_size(4, 2, Some(512)).err().unwrap().0;
        assert!(too_big.contains("smaller --hash"), "{too_big}");
    }
}
