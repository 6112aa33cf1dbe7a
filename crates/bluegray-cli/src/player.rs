//! The players of `bluegray match`: a built-in level, a uniformly random mover, or an external
//! engine (`cmd:`), a child process spoken to with the engine protocol (PROTOCOL.md).

use std::fmt;
use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::Arc;
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
    lines: Receiver<EngineLine>,
    /// Tells the thread reading the engine's output to stop.
    closed: Arc<AtomicBool>,
}

/// The longest line an engine may write, in bytes, line break excluded. A longer line loses the
/// engine its game; no more than this of a line is ever held in memory, the rest is read and
/// dropped.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// How many lines read from an engine wait at most for the match to take them; past that the
/// reader waits too, so an engine that floods its output only fills the pipe.
const QUEUED_LINES: usize = 64;

/// A line an engine wrote, or why it cannot be read as one.
type EngineLine = Result<String, BadLine>;

/// Why a line of an engine's output is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadLine {
    /// More than [`MAX_LINE_BYTES`] before the line break.
    TooLong,
    /// Not UTF-8.
    NotUtf8,
}

impl fmt::Display for BadLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadLine::TooLong => write!(f, "the engine's line exceeded {MAX_LINE_BYTES} bytes"),
            BadLine::NotUtf8 => f.write_str("the engine wrote invalid UTF-8"),
        }
    }
}

/// Passes an engine's output on a line at a time (without its `\n` or `\r\n`) until the output
/// ends, the receiver is gone or `closed` is set. A line is read into memory only up to
/// [`MAX_LINE_BYTES`]: a longer one is passed on as [`BadLine::TooLong`] as soon as the limit is
/// passed, and the rest of it is read and dropped a buffer at a time. A last line without a
/// line break counts as a line.
fn forward_lines(out: impl Read, tx: &SyncSender<EngineLine>, closed: &AtomicBool) {
    let mut reader = BufReader::new(out);
    let mut line = Vec::new();
    while !closed.load(Ordering::Relaxed) {
        line.clear();
        let limit = MAX_LINE_BYTES as u64 + 1;
        match reader.by_ref().take(limit).read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let ended = line.last() == Some(&b'\n');
        let item = if !ended && line.len() > MAX_LINE_BYTES {
            Err(BadLine::TooLong)
        } else {
            let text = line.strip_suffix(b"\n").unwrap_or(&line);
            let text = text.strip_suffix(b"\r").unwrap_or(text);
            std::str::from_utf8(text)
                .map(str::to_string)
                .map_err(|_| BadLine::NotUtf8)
        };
        let too_long = item == Err(BadLine::TooLong);
        if tx.send(item).is_err() || (too_long && !skip_line(&mut reader, closed)) {
            return;
        }
    }
}

/// Reads and drops the rest of a line, line break included; `false` when the output ends, or
/// `closed` is set, first.
fn skip_line(reader: &mut impl BufRead, closed: &AtomicBool) -> bool {
    while !closed.load(Ordering::Relaxed) {
        let buf = match reader.fill_buf() {
            Ok([]) => return false,
            Ok(buf) => buf,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(_) => return false,
        };
        match buf.iter().position(|&b| b == b'\n') {
            Some(i) => {
                reader.consume(i + 1);
                return true;
            }
            None => {
                let n = buf.len();
                reader.consume(n);
            }
        }
    }
    false
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

    /// The move text the player answers in the game's current position; a built-in player
    /// searches as `level` instead of its own when one is given (self-play's varied plies).
    pub fn choose(
        &mut self,
        game: &Game,
        limits: &Limits,
        seed: u64,
        level: Option<Level>,
    ) -> Result<String, String> {
        match self {
            Player::Random => {
                let legal = game.legal_moves();
                let mut rng = SplitMix64::new(seed);
                legal
                    .get(rng.below(legal.len()))
                    .map(Move::to_string)
                    .ok_or_else(|| "no legal move".to_string())
            }
            Player::Level(own, engine) => {
                let limits = Limits { seed, ..*limits };
                let level = level.unwrap_or(*own);
                let r =
                    engine.search_game(game, &limits, level, &SystemClock::default(), &mut |_| {});
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
            ext.quit();
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
        let (tx, lines) = mpsc::sync_channel(QUEUED_LINES);
        let closed = Arc::new(AtomicBool::new(false));
        // A thread per engine turns its output into lines that can be waited for with a
        // timeout, so a hung engine loses its game instead of hanging the match.
        let reader_closed = Arc::clone(&closed);
        std::thread::spawn(move || forward_lines(stdout, &tx, &reader_closed));
        let mut ext = External {
            child,
            stdin,
            lines,
            closed,
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

    /// Tells the engine to quit, and makes sure it does.
    fn quit(&mut self) {
        let _ = self.send("quit");
        self.closed.store(true, Ordering::Relaxed);
        // Give it a moment to exit by itself before making sure it does.
        std::thread::sleep(Duration::from_millis(50));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// The engine's next line, waited for until `deadline`; `awaited` names the answer waited
    /// for, for the message when none comes in time. A line that cannot be read is a failure.
    fn next_line(&self, deadline: Instant, awaited: &str) -> Result<String, String> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(Ok(line)) => Ok(line),
            Ok(Err(bad)) => Err(bad.to_string()),
            Err(RecvTimeoutError::Timeout) => Err(format!("no '{awaited}' in time")),
            Err(RecvTimeoutError::Disconnected) => Err("the engine exited".into()),
        }
    }

    /// Waits for a line starting with `word`; returns the rest of it. An `error` line from the
    /// engine is a failure.
    fn wait_for(&mut self, word: &str, timeout: Duration) -> Result<String, String> {
        let deadline = Instant::now() + timeout;
        loop {
            let line = self.next_line(deadline, word)?;
            let mut parts = line.splitn(2, char::is_whitespace);
            match parts.next() {
                Some(w) if w == word => return Ok(parts.next().unwrap_or("").trim().to_string()),
                Some("error") => {
                    return Err(format!(
                        "the engine said: {}",
                        bluegray_core::excerpt(&line)
                    ))
                }
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
        while self.next_line(deadline, "readyok")?.trim() != "readyok" {}
        Ok(())
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

    /// What [`forward_lines`] passes on for `output`.
    fn lines_of(output: &[u8]) -> Vec<EngineLine> {
        let (tx, rx) = mpsc::sync_channel(QUEUED_LINES);
        forward_lines(output, &tx, &AtomicBool::new(false));
        drop(tx);
        rx.into_iter().collect()
    }

    #[test]
    fn lines_are_cut_at_the_limit_and_bad_ones_named() {
        let longest = "x".repeat(MAX_LINE_BYTES);
        let mut output = format!("readyok\r\n{longest}\n{longest}y\nreadyok\n").into_bytes();
        output.extend_from_slice(b"bestmove \xff\xfe\nbestmove a2-a3");
        assert_eq!(
            lines_of(&output),
            [
                Ok("readyok".to_string()),
                Ok(longest),
                Err(BadLine::TooLong),
                Ok("readyok".to_string()),
                Err(BadLine::NotUtf8),
                Ok("bestmove a2-a3".to_string()),
            ]
        );
        assert_eq!(
            lines_of("z".repeat(3 * MAX_LINE_BYTES).as_bytes()),
            [Err(BadLine::TooLong)]
        );
        assert_eq!(
            BadLine::TooLong.to_string(),
            "the engine's line exceeded 65536 bytes"
        );
    }

    #[test]
    fn an_endless_line_is_refused_and_its_reader_stops_when_closed() {
        // An output that never ends nor breaks its line: only a reader that holds a bounded
        // part of a line can ever answer.
        let (tx, rx) = mpsc::sync_channel(QUEUED_LINES);
        let closed = Arc::new(AtomicBool::new(false));
        let reader_closed = Arc::clone(&closed);
        let reader =
            std::thread::spawn(move || forward_lines(std::io::repeat(b'x'), &tx, &reader_closed));
        assert_eq!(rx.recv(), Ok(Err(BadLine::TooLong)));
        closed.store(true, Ordering::Relaxed);
        reader.join().unwrap();
    }
}
