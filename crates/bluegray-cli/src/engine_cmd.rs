//! `bluegray engine`: the engine protocol on stdin and stdout (see the engine crate's
//! PROTOCOL.md).
//!
//! A thread reads stdin so that `stop` reaches a running search: the engine crate has no
//! threads of its own, it only polls the stop flag it is given.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Weak};

use bluegray_core::{excerpt, Game, Move, Position, Variant};
use bluegray_engine::{Engine, Level, Limits, SearchInfo, SystemClock, DEFAULT_HASH_MB, MAX_DEPTH};
use clap::Args;

use crate::{hash_mb, level_arg, CliError};

/// Arguments of `bluegray engine`.
#[derive(Args)]
pub struct EngineArgs {
    /// Transposition table size in megabytes, 1 to 1022 (allocated at the first search).
    #[arg(long, default_value_t = DEFAULT_HASH_MB, value_parser = hash_mb())]
    hash: usize,
    /// The level `go` plays at unless it names one, 1 to 8.
    #[arg(long, default_value = "8", value_parser = level_arg)]
    level: Level,
}

/// The protocol state: the game to search and the engine.
struct Session {
    variant: Variant,
    game: Game,
    engine: Engine,
    level: Level,
}

/// Runs the protocol until `quit` or the end of input.
pub fn run(args: &EngineArgs) -> Result<(), CliError> {
    let lines = spawn_reader();
    let variant = Variant::default();
    let mut session = Session {
        variant,
        game: Game::new(variant),
        engine: Engine::new(args.hash),
        level: args.level,
    };
    let stdout = std::io::stdout();
    for (line, stop) in lines {
        let mut out = stdout.lock();
        let reply = session.handle(&line, &stop, &mut out);
        match reply {
            Reply::Continue => {}
            Reply::Quit => break,
            Reply::Error(msg) => writeln!(out, "error {msg}")?,
        }
        out.flush()?;
    }
    Ok(())
}

/// Reads stdin on its own thread and forwards each line with the stop flag of the search it
/// may start. Every `go` gets a flag of its own, and `stop` or `quit` raise the flags of every
/// `go` read so far, at once, while a search may be running: so a `stop` always reaches the
/// search it was sent after, even when another `go` follows it straight away. The end of
/// input stops nothing: a script piped in without `quit` gets every search run to its end.
/// Bytes that are not UTF-8 are replaced, so such a line gets an `error` answer.
/// (`stop` and `quit` with extra words are errors, so they stop nothing.)
fn spawn_reader() -> mpsc::Receiver<(String, Arc<AtomicBool>)> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut searches: Vec<Weak<AtomicBool>> = Vec::new();
        for bytes in std::io::stdin().lock().split(b'\n') {
            let Ok(bytes) = bytes else { break };
            let bytes = bytes.strip_suffix(b"\r").unwrap_or(&bytes);
            let line = String::from_utf8_lossy(bytes).into_owned();
            let flag = Arc::new(AtomicBool::new(false));
            let words: Vec<&str> = line.split_whitespace().take(2).collect();
            match words.as_slice() {
                ["go", ..] => {
                    searches.retain(|w| w.strong_count() > 0);
                    searches.push(Arc::downgrade(&flag));
                }
                // Only the command alone: `stop now` is an error, and errors change nothing.
                ["stop" | "quit"] => {
                    for search in searches.drain(..).filter_map(|w| w.upgrade()) {
                        search.store(true, Ordering::Relaxed);
                    }
                }
                _ => {}
            }
            if tx.send((line, flag)).is_err() {
                break;
            }
        }
    });
    rx
}

/// The commands that take no arguments: extra words after them are an error.
const ARGUMENTLESS: [&str; 4] = ["isready", "newgame", "stop", "quit"];

/// What a command leads to.
enum Reply {
    Continue,
    Quit,
    Error(String),
}

impl Session {
    fn handle(&mut self, line: &str, stop: &AtomicBool, out: &mut dyn Write) -> Reply {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            return Reply::Continue;
        };
        let rest: Vec<&str> = words.collect();
        if let (true, Some(extra)) = (ARGUMENTLESS.contains(&command), rest.first()) {
            return Reply::Error(format!(
                "{command} takes no arguments, not '{}'",
                excerpt(extra)
            ));
        }
        let result = match command {
            "isready" => writeln!(out, "readyok").map_err(|e| e.to_string()),
            "variant" => self.set_variant(&rest.join(" ")),
            "position" => self.set_position(&rest),
            "newgame" => {
                self.engine.clear();
                Ok(())
            }
            "go" => self.go(&rest, stop, out),
            // The reader thread has already raised the flag; between searches there is
            // nothing to stop.
            "stop" => Ok(()),
            "quit" => return Reply::Quit,
            other => Err(format!(
                "unknown command '{}': expected variant, position, go, stop, isready, newgame or quit",
                excerpt(other)
            )),
        };
        match result {
            Ok(()) => Reply::Continue,
            Err(msg) => Reply::Error(msg),
        }
    }

    fn set_variant(&mut self, spec: &str) -> Result<(), String> {
        let variant: Variant = spec.parse().map_err(|e| format!("{e}"))?;
        self.variant = variant;
        self.game = Game::new(variant);
        Ok(())
    }

    /// `position startpos|code CODE [moves M …]`. On any error the position stays as it was.
    fn set_position(&mut self, args: &[&str]) -> Result<(), String> {
        let (start, rest) = match args.split_first() {
            Some((&"startpos", rest)) => (Position::new(self.variant.rules), rest),
            Some((&"code", rest)) => {
                let end = rest
                    .iter()
                    .position(|w| *w == "moves")
                    .unwrap_or(rest.len());
                if end == 0 {
                    return Err("position code needs a position code".into());
                }
                let code = rest[..end].join(" ");
                let pos = Position::from_code(&code, self.variant.rules)
                    .map_err(|e| format!("bad position code: {e}"))?;
                (pos, &rest[end..])
            }
            Some((other, _)) => {
                return Err(format!(
                    "position '{}': expected 'startpos' or 'code CODE'",
                    excerpt(other)
                ))
            }
            None => return Err("position needs 'startpos' or 'code CODE'".into()),
        };
        let moves = match rest.split_first() {
            None => &[][..],
            Some((&"moves", moves)) => moves,
            Some((other, _)) => {
                return Err(format!(
                    "position: expected 'moves', not '{}'",
                    excerpt(other)
                ))
            }
        };
        let mut game = Game::from_position(self.variant, start);
        for (i, text) in moves.iter().enumerate() {
            // The error quotes the move (shortened when long); saying it again would double it.
            game.play_text(text)
                .map_err(|e| format!("move {}: {e}", i + 1))?;
        }
        self.game = game;
        Ok(())
    }

    fn go(&mut self, args: &[&str], stop: &AtomicBool, out: &mut dyn Write) -> Result<(), String> {
        let mut limits = Limits {
            stop: Some(stop),
            ..Limits::default()
        };
        let mut level = self.level;
        let mut words = args.iter();
        while let Some(&word) = words.next() {
            let value = words
                .next()
                .ok_or_else(|| format!("go: '{}' needs a value", excerpt(word)))?;
            let number = || {
                Some(value)
                    .filter(|v| v.bytes().all(|b| b.is_ascii_digit()))
                    .and_then(|v| v.parse::<u64>().ok())
                    .ok_or_else(|| {
                        format!(
                            "go: {} '{}' is not a whole number",
                            excerpt(word),
                            excerpt(value)
                        )
                    })
            };
            match word {
                "depth" => {
                    limits.depth = Some(number()?.clamp(1, u64::from(MAX_DEPTH)) as u32);
                }
                "nodes" => limits.nodes = Some(number()?),
                "movetime" => limits.movetime_ms = Some(number()? as f64),
                "seed" => limits.seed = number()?,
                "level" => level = value.parse().map_err(|e| format!("go: {e}"))?,
                other => {
                    return Err(format!(
                        "go: unknown limit '{}': expected depth, nodes, movetime, level or seed",
                        excerpt(other)
                    ))
                }
            }
        }
        let clock = SystemClock::default();
        let mut write_error = None;
        // A finished game gets no move from the search: `bestmove none`.
        let result = self.engine.search_game(
            &self.game,
            &limits,
            level,
            &clock,
            &mut |info: &SearchInfo| {
                if let Err(e) = writeln!(out, "{}", info_line(info)).and_then(|()| out.flush()) {
                    write_error = Some(e.to_string());
                }
            },
        );
        if let Some(e) = write_error {
            return Err(e);
        }
        let best = result.best.map_or("none".to_string(), |m| m.to_string());
        writeln!(out, "bestmove {best}").map_err(|e| e.to_string())
    }
}

/// `info depth D score S nodes N nps N time MS pv M …`.
fn info_line(info: &SearchInfo) -> String {
    let nps = (info.nodes as f64 * 1000.0 / info.time_ms.max(0.001)) as u64;
    let pv: Vec<String> = info.pv.iter().map(Move::to_string).collect();
    format!(
        "info depth {} score {} nodes {} nps {} time {} pv {}",
        info.depth,
        info.score,
        info.nodes,
        nps,
        info.time_ms.round() as u64,
        pv.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A protocol session at level 1, so that any `go` is answered at once.
    fn session() -> Session {
        let variant = Variant::default();
        Session {
            variant,
            game: Game::new(variant),
            engine: Engine::new(1),
            level: Level::MIN,
        }
    }

    /// Lines that are sometimes almost commands: words of the protocol, moves, codes and
    /// numbers glued with random characters. `level` is left out so that every search stays at
    /// level 1 and quick.
    fn line() -> impl Strategy<Value = String> {
        let words = prop::sample::select(vec![
            "variant",
            "position",
            "startpos",
            "code",
            "moves",
            "go",
            "depth",
            "nodes",
            "movetime",
            "seed",
            "isready",
            "newgame",
            "stop",
            "quit",
            "sackson",
            "classic-turbo,lead=2",
            "super-pow",
            "e2-e3",
            "e8-e7",
            "d2-d3",
            "c3xc5xe5",
            "sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS",
            "b",
            "g",
            "0",
            "1",
            "3",
            "99999999999999999999",
            "+3",
            "-1",
            " ",
            "\t",
            "x",
            "é",
            "\u{0}",
        ]);
        (prop::collection::vec(words, 0..10), ".{0,8}").prop_map(|(words, tail)| {
            let mut out = words.join(" ");
            out.push_str(&tail);
            out
        })
    }

    /// Checks one line's answer: no panic, short errors, and a `go` ends with `bestmove`.
    fn check(s: &mut Session, line: &str) -> Result<(), TestCaseError> {
        let mut out = Vec::new();
        let reply = s.handle(line, &AtomicBool::new(false), &mut out);
        let text = String::from_utf8(out).unwrap();
        if let Reply::Error(msg) = &reply {
            prop_assert!(!msg.is_empty());
            prop_assert!(!msg.contains('\n'), "{msg}");
            prop_assert!(msg.chars().count() < 600, "{} chars", msg.chars().count());
        }
        if matches!(reply, Reply::Continue) && line.split_whitespace().next() == Some("go") {
            prop_assert!(
                text.lines()
                    .last()
                    .is_some_and(|l| l.starts_with("bestmove ")),
                "{text}"
            );
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn any_line_is_answered_without_panicking(lines in prop::collection::vec(line(), 1..6)) {
            let mut s = session();
            for l in &lines {
                check(&mut s, l)?;
            }
        }

        #[test]
        fn any_bytes_are_answered_without_panicking(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
            let mut s = session();
            check(&mut s, &String::from_utf8_lossy(&bytes))?;
        }

        #[test]
        fn long_bad_words_are_echoed_short(word in "[a-z]{1,5}", n in 100usize..3000) {
            let mut s = session();
            let long = word.repeat(n);
            for l in [
                long.clone(),
                format!("position startpos moves {long}"),
                format!("position {long}"),
                format!("variant {long}"),
                format!("go depth {long}"),
                format!("go {long} 1"),
                format!("position code {long}"),
            ] {
                check(&mut s, &l)?;
            }
        }
    }
}
