//! The players of `bluegray match`: a built-in level, a uniformly random mover, or an external
//! engine (`cmd:`), a child process spoken to with the engine protocol (PROTOCOL.md).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use bluegray_core::{Game, Move, SplitMix64, Variant};
use bluegray_engine::{Engine, Level, Limits, SystemClock};

use crate::CliError;

/// Who chooses the moves.
pub enum Player {
    /// A built-in level with its own engine.
    Level(Level, Box<Engine>),
    /// A uniformly random legal move.
    Random,
    /// An external engine.
    External(External),
}

/// A child process speaking the engine protocol.
pub struct External {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

/// A player as the command line names it, before anything is started.
pub enum PlayerKind<'a> {
    /// `1` to `8`.
    Level(Level),
    /// `random`.
    Random,
    /// `cmd:COMMAND [ARGS…]`: the command.
    External(&'a str),
}

impl PlayerKind<'_> {
    /// Reads a player argument: a level number, `random` or `cmd:COMMAND [ARGS…]`.
    pub fn parse(spec: &str) -> Result<PlayerKind<'_>, CliError> {
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
    pub fn new(spec: &str, variant: &Variant, hash_mb: usize) -> Result<Player, CliError> {
        Ok(match PlayerKind::parse(spec)? {
            PlayerKind::Random => Player::Random,
            PlayerKind::External(command) => Player::External(External::spawn(command, variant)?),
            PlayerKind::Level(level) => Player::Level(level, Box::new(Engine::new(hash_mb))),
        })
    }

    /// Forgets the previous game.
    pub fn new_game(&mut self) {
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
    pub fn choose(&mut self, game: &Game, limits: &Limits, seed: u64) -> Result<String, String> {
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

    /// Ends the player: an external engine is told to quit, then stopped.
    pub fn quit(&mut self) {
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
