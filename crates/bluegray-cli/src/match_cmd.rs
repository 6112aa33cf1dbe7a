//! `bluegray match`: games between two players — built-in levels, a uniformly random mover, or
//! external engines speaking the protocol — with every move checked by the rules core.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use bluegray_core::{Color, Game, Move, SplitMix64, Variant};
use bluegray_engine::{Engine, Level, Limits, SystemClock, DEFAULT_HASH_MB, ENGINE_BASE_MB};
use clap::Args;

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
    /// First player: a level number (1 to 8), `random`, or `cmd:COMMAND [ARGS…]`.
    a: String,
    /// Second player, in the same form.
    b: String,
}

/// Who chooses the moves.
enum Player {
    Level(Level, Box<Engine>),
    Random,
    External(External),
}

/// A child process speaking the engine protocol.
struct External {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

/// A game's result from player A's point of view.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Result3 {
    Win,
    Draw,
    Loss,
}

/// One game of the schedule: everything that decides it apart from the players.
struct Pairing {
    opening: Vec<Move>,
    /// The side player A takes.
    a_side: Color,
    seed: u64,
}

/// How one game ended, from player A's point of view.
struct GameEnd {
    result: Result3,
    how: String,
    /// Won on impasse, which Sackson counts as half a game.
    on_impasse: bool,
}

/// Plays the match and prints the totals.
///
/// The schedule (openings, sides, seeds) is fixed by the seed before any game starts, and every
/// built-in player forgets its previous games, so a match limited by depth or nodes gives the
/// same games and totals whatever the number of jobs.
pub fn run(args: &MatchArgs) -> Result<(), CliError> {
    let variant: Variant = args.variant.parse()?;
    if args.games == 0 {
        return Err(CliError("games must be at least 1".into()));
    }
    if args.jobs == 0 {
        return Err(CliError("jobs must be at least 1".into()));
    }
    let jobs = args.jobs.min(args.games);
    // Check both players before starting anything (an external engine is a process).
    let engines_per_job = [&args.a, &args.b]
        .into_iter()
        .map(|spec| PlayerKind::parse(spec).map(|k| usize::from(matches!(k, PlayerKind::Level(_)))))
        .sum::<Result<usize, CliError>>()?;
    let hash = table_size(jobs as usize, engines_per_job, args.hash)?;
    // Every job has its own pair of players (an external engine is started once per job).
    let mut teams = Vec::new();
    for _ in 0..jobs {
        teams.push([
            Player::new(&args.a, &variant, hash)?,
            Player::new(&args.b, &variant, hash)?,
        ]);
    }
    let limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        movetime_ms: args.movetime.map(|t| t as f64),
        ..Limits::default()
    };
    let schedule = schedule(&variant, args);
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel();
    let (mut wins, mut draws, mut losses, mut half_wins) = (0u32, 0u32, 0u32, 0u32);
    std::thread::scope(|scope| {
        for mut players in teams {
            let (tx, next, schedule, limits) = (tx.clone(), &next, &schedule, &limits);
            scope.spawn(move || {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    let Some(pairing) = schedule.get(g) else {
                        break;
                    };
                    let end = play_game(&variant, pairing, &mut players, limits);
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
        // Games finish out of order; the per-game lines still come in schedule order.
        let mut ends: Vec<Option<GameEnd>> = (0..schedule.len()).map(|_| None).collect();
        let mut printed = 0;
        for (g, end) in rx {
            match end.result {
                Result3::Win => wins += 1,
                Result3::Draw => draws += 1,
                Result3::Loss => losses += 1,
            }
            half_wins += u32::from(end.on_impasse);
            ends[g] = Some(end);
            while let Some(Some(end)) = ends.get(printed) {
                if args.verbose {
                    let tag = match end.result {
                        Result3::Win => "A wins",
                        Result3::Draw => "draw",
                        Result3::Loss => "B wins",
                    };
                    let a_side = schedule[printed].a_side;
                    println!("game {:>4}: A is {a_side}: {tag}: {}", printed + 1, end.how);
                }
                printed += 1;
            }
        }
    });
    let n = args.games;
    println!(
        "{} vs {}: {n} games, A wins {wins}, draws {draws}, A losses {losses} ({half_wins} decided on impasse)",
        args.a, args.b
    );
    println!("{}", elo_line(wins, draws, losses));
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

/// The match's games: each opening is played twice, with player A on each side.
fn schedule(variant: &Variant, args: &MatchArgs) -> Vec<Pairing> {
    let mut rng = SplitMix64::new(args.seed);
    let mut opening = Vec::new();
    (0..args.games)
        .map(|g| {
            if g % 2 == 0 {
                opening = random_opening(variant, args.openings, &mut rng);
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
                seed: args.seed ^ (g as u64).wrapping_mul(0x9E37_79B9),
            }
        })
        .collect()
}

/// The Elo difference of A over B with a 95% interval.
///
/// The interval is Wilson's score interval: the true scores `p` with
/// `(s - p)^2 <= z^2 / n * p (1 - p)`. A game's score variance is `p (1 - p)` less a quarter of
/// the draw rate, so without knowing the true draw rate `p (1 - p)` is the safe bound. Unlike
/// the normal interval around `s`, it stays honest at the extremes: a whitewash has a finite
/// lower bound, and a bound never passes a score of 0 or 1.
fn elo_line(wins: u32, draws: u32, losses: u32) -> String {
    let n = (wins + draws + losses) as f64;
    let s = (wins as f64 + draws as f64 / 2.0) / n;
    let k = 1.96f64.powi(2) / n;
    let centre = (s + k / 2.0) / (1.0 + k);
    let half = (k * s * (1.0 - s) + k * k / 4.0).sqrt() / (1.0 + k);
    let (low, high) = (centre - half, centre + half);
    // Rounding leaves a bound of a whitewash a hair inside (0, 1).
    let fmt = |x: f64| {
        if x <= 1e-9 {
            "-inf".to_string()
        } else if x >= 1.0 - 1e-9 {
            "+inf".to_string()
        } else {
            // Adding 0.0 turns -0 into 0.
            format!("{:+.0}", -400.0 * (1.0 / x - 1.0).log10() + 0.0)
        }
    };
    format!(
        "score {:.1}%  Elo {} (95% interval {} to {})",
        s * 100.0,
        fmt(s),
        fmt(low),
        fmt(high)
    )
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
            };
        }
        let side = game.side_to_move();
        let who = usize::from(side != a_side);
        let answer = players[who].choose(&game, limits, rng.next_u64());
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
        };
    }
}

/// A player as the command line names it, before anything is started.
enum PlayerKind<'a> {
    Level(Level),
    Random,
    External(&'a str),
}

impl PlayerKind<'_> {
    fn parse(spec: &str) -> Result<PlayerKind<'_>, CliError> {
        if spec == "random" {
            return Ok(PlayerKind::Random);
        }
        if let Some(command) = spec.strip_prefix("cmd:") {
            return Ok(PlayerKind::External(command));
        }
        spec.parse::<Level>().map(PlayerKind::Level).map_err(|_| {
            CliError(format!(
                "player '{}': expected a level from {} to {}, 'random' or 'cmd:COMMAND'",
                bluegray_core::excerpt(spec),
                Level::MIN.number(),
                Level::MAX.number()
            ))
        })
    }
}

impl Player {
    /// The player `spec` names; a built-in level gets a table of `hash_mb` megabytes.
    fn new(spec: &str, variant: &Variant, hash_mb: usize) -> Result<Player, CliError> {
        Ok(match PlayerKind::parse(spec)? {
            PlayerKind::Random => Player::Random,
            PlayerKind::External(command) => Player::External(External::spawn(command, variant)?),
            PlayerKind::Level(level) => Player::Level(level, Box::new(Engine::new(hash_mb))),
        })
    }

    fn new_game(&mut self) {
        match self {
            Player::Level(_, engine) => engine.clear(),
            Player::Random => {}
            // An engine that cannot take the command fails on its next move instead.
            Player::External(ext) => {
                let _ = ext.send("newgame");
            }
        }
    }

    /// The move text the player answers in the game's current position.
    fn choose(&mut self, game: &Game, limits: &Limits, seed: u64) -> Result<String, String> {
        match self {
            Player::Random => {
                let legal = game.legal_moves();
                let mut rng = SplitMix64::new(seed);
                legal
                    .get(rng.below(legal.len()))
                    .map(Move::to_string)
                    .ok_or_else(|| "no legal move".to_string())
            }
            Player::Level(level, engine) => {
                let limits = Limits { seed, ..*limits };
                let r =
                    engine.search_game(game, &limits, *level, &SystemClock::default(), &mut |_| {});
                r.best
                    .map(|m| m.to_string())
                    .ok_or_else(|| "no move".into())
            }
            Player::External(ext) => ext.choose(game, limits),
        }
    }

    fn quit(&mut self) {
        if let Player::External(ext) = self {
            let _ = ext.send("quit");
            // Give it a moment to exit by itself before making sure it does.
            std::thread::sleep(Duration::from_millis(50));
            let _ = ext.child.kill();
            let _ = ext.child.wait();
        }
    }
}

impl External {
    fn spawn(command: &str, variant: &Variant) -> Result<External, CliError> {
        let mut words = command.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| CliError("cmd: needs a command".into()))?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| CliError(format!("cannot start '{command}': {e}")))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, lines) = mpsc::channel();
        // A thread per engine turns its output into lines that can be waited for with a
        // timeout, so a hung engine loses its game instead of hanging the match.
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut ext = External {
            child,
            stdin,
            lines,
        };
        ext.send(&format!("variant {variant}"))
            .and_then(|()| ext.send("isready"))
            .and_then(|()| ext.wait_for("readyok", Duration::from_secs(10)))
            .map_err(|e| CliError(format!("engine '{command}': {e}")))?;
        Ok(ext)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("cannot write to the engine: {e}"))
    }

    /// Waits for a line starting with `word`; returns the rest of it. An `error` line from the
    /// engine is a failure.
    fn wait_for(&mut self, word: &str, timeout: Duration) -> Result<String, String> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => return Err(format!("no '{word}' in time")),
                Err(RecvTimeoutError::Disconnected) => return Err("the engine exited".into()),
            };
            let mut parts = line.splitn(2, char::is_whitespace);
            match parts.next() {
                Some(w) if w == word => return Ok(parts.next().unwrap_or("").trim().to_string()),
                Some("error") => return Err(format!("the engine said: {line}")),
                _ => {}
            }
        }
    }

    /// Brings the engine to a known state before each move: whatever a search that ran out of
    /// time, or an earlier command, still has to say is read and dropped, so that it is never
    /// taken for the answer in this position.
    fn sync(&mut self) -> Result<(), String> {
        self.send("stop")?;
        self.send("isready")?;
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.trim() == "readyok" => return Ok(()),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => return Err("no 'readyok' in time".into()),
                Err(RecvTimeoutError::Disconnected) => return Err("the engine exited".into()),
            }
        }
    }

    fn choose(&mut self, game: &Game, limits: &Limits) -> Result<String, String> {
        self.sync()?;
        let start = game.start_position().to_string();
        let moves: Vec<String> = game.moves().iter().map(Move::to_string).collect();
        let mut position = format!("position code {start}");
        if !moves.is_empty() {
            position += &format!(" moves {}", moves.join(" "));
        }
        let mut go = "go".to_string();
        if let Some(d) = limits.depth {
            go += &format!(" depth {d}");
        }
        if let Some(n) = limits.nodes {
            go += &format!(" nodes {n}");
        }
        if let Some(t) = limits.movetime_ms {
            go += &format!(" movetime {t}");
        }
        self.send(&position)?;
        self.send(&go)?;
        let timeout =
            Duration::from_millis(limits.movetime_ms.map_or(60_000, |t| 2 * t as u64 + 5_000));
        let answer = self.wait_for("bestmove", timeout)?;
        match answer.split_whitespace().next() {
            Some("none") | None => Err("bestmove none".into()),
            Some(m) => Ok(m.to_string()),
        }
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

    #[test]
    fn elo_of_an_even_score_is_zero_and_of_a_whitewash_infinite() {
        assert!(elo_line(5, 0, 5).contains("Elo +0 "));
        assert!(elo_line(10, 0, 0).contains("Elo +inf"));
        let line = elo_line(75, 0, 25);
        assert!(line.contains("Elo +191"), "{line}");
    }

    #[test]
    fn a_whitewash_still_has_a_finite_lower_bound() {
        // Wilson's bound for 100 wins in 100 games: a score of at least 1 / (1 + 1.96^2 / 100).
        let line = elo_line(100, 0, 0);
        assert!(line.contains("interval +566 to +inf"), "{line}");
        assert!(elo_line(0, 0, 100).contains("interval -inf to -566"));
    }

    #[test]
    fn the_interval_holds_the_estimate_and_narrows_with_more_games() {
        let bounds = |line: String| -> (i32, i32) {
            let tail = line.split("interval ").nth(1).unwrap().to_string();
            let mut it = tail
                .split(" to ")
                .map(|x| x.trim_end_matches(')').parse().unwrap());
            (it.next().unwrap(), it.next().unwrap())
        };
        let (lo, hi) = bounds(elo_line(15, 0, 5));
        let (lo_more, hi_more) = bounds(elo_line(150, 0, 50));
        assert!(lo < lo_more && lo_more < 191 && 191 < hi_more && hi_more < hi);
        // Draws count as half points and never narrow it below the safe bound.
        assert_eq!(bounds(elo_line(100, 100, 0)), (lo_more, hi_more));
    }
}
