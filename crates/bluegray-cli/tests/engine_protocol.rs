//! `bluegray engine`, `match` and `bench` as users and other programs run them: the protocol's
//! answers, its errors, `stop` during a search, and matches against external engines.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Output, Stdio};
use std::time::{Duration, Instant};

use bluegray_core::{Position, Variant};

const BIN: &str = env!("CARGO_BIN_EXE_bluegray");

/// `bluegray engine` with its standard input and output piped to the test.
fn spawn_engine() -> Child {
    Command::new(BIN)
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Runs `bluegray engine` on a whole script and returns its output lines.
fn session(script: &str) -> Vec<String> {
    let mut child = spawn_engine();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn bluegray(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

#[test]
fn go_reports_iterations_and_a_legal_best_move() {
    // No `quit`: it would stop the search at once, and input that simply ends lets it finish.
    let lines = session("variant classic\nposition startpos moves e2-e3 e8-e7\ngo depth 3\n");
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info ")).collect();
    assert_eq!(infos.len(), 3, "{lines:?}");
    for (i, info) in infos.iter().enumerate() {
        let words: Vec<&str> = info.split_whitespace().collect();
        assert_eq!(&words[1..3], ["depth", &(i + 1).to_string()]);
        for key in ["score", "nodes", "nps", "time", "pv"] {
            assert!(words.contains(&key), "{info}");
        }
    }
    let last = lines.last().unwrap();
    let m = last.strip_prefix("bestmove ").expect("ends with bestmove");
    let v: Variant = "classic".parse().unwrap();
    let mut pos = Position::new(v.rules);
    for text in ["e2-e3", "e8-e7"] {
        let mv = pos.parse_move(text).unwrap();
        pos.play(&mv);
    }
    assert!(pos.parse_move(m).is_ok(), "{m} is not legal");
    // The last info line's principal variation starts with the best move.
    assert!(infos[2].contains(&format!(" pv {m}")));
}

#[test]
fn position_codes_are_searched() {
    let code = "1sssc2s1/s1sss1ss1/3s2s2/2S2s3/3S1SS2/2S3S2/4S3S/8S/SS1SCS1SS b 0 1";
    let lines = session(&format!("position code {code}\ngo depth 2\n"));
    assert_eq!(lines.last().unwrap(), "bestmove f5xf7xh7");
    // A won position has nothing to play.
    let lines = session("position code 4c4/9/9/9/4C4/9/9/9/S7s g 0 1\ngo\n");
    assert_eq!(lines, ["bestmove none"]);
}

#[test]
fn bad_commands_answer_an_error_and_the_engine_goes_on() {
    let lines = session(
        "fly\nvariant chess\nposition code xyz\nposition startpos moves e2-e3 e2-e3\n\
         position sideways\ngo depth\ngo depth x\ngo level 9\ngo speed 3\nisready\n\
         position startpos moves e2-e3\ngo depth 1\n",
    );
    let errors: Vec<&String> = lines.iter().filter(|l| l.starts_with("error ")).collect();
    assert_eq!(errors.len(), 9, "{lines:?}");
    assert!(errors[0].contains("'fly'"));
    assert!(errors[1].contains("chess"));
    assert!(errors[2].contains("position code"));
    assert!(errors[3].contains("move 2"));
    assert!(errors[8].contains("'speed'"));
    assert!(lines.contains(&"readyok".to_string()));
    // After all that the engine still plays, from the last good position (Gray to move).
    let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
    let mut pos = Position::new(Variant::default().rules);
    pos.play(&pos.parse_move("e2-e3").unwrap());
    assert!(pos.parse_move(best).is_ok(), "{best}");
}

/// A running engine, talked to a line at a time.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = spawn_engine();
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Engine {
            child,
            stdin,
            stdout,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    fn read_until(&mut self, prefix: &str) -> String {
        loop {
            let mut line = String::new();
            assert!(
                self.stdout.read_line(&mut line).unwrap() > 0,
                "engine exited"
            );
            if line.starts_with(prefix) {
                return line.trim().to_string();
            }
        }
    }
}

#[test]
fn a_stop_followed_at_once_by_go_still_stops_the_running_search() {
    let mut e = Engine::start();
    let t = Instant::now();
    // One write: the reader sees all three lines before the first search looks at its flag.
    e.send("go movetime 60000\nstop\ngo depth 1");
    e.read_until("bestmove ");
    e.read_until("bestmove ");
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    // A line that is not UTF-8 is answered, and the engine goes on.
    e.stdin.write_all(b"\xff\xfe go\nisready\n").unwrap();
    e.stdin.flush().unwrap();
    assert!(e.read_until("error ").contains("unknown command"));
    assert_eq!(e.read_until("readyok"), "readyok");
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}

#[test]
fn stop_ends_a_search_at_once_and_movetime_is_kept() {
    let mut e = Engine::start();
    e.send("go movetime 60000");
    std::thread::sleep(Duration::from_millis(200));
    let t = Instant::now();
    e.send("stop");
    let best = e.read_until("bestmove ");
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "{:?}",
        t.elapsed()
    );
    assert_ne!(best, "bestmove none");

    let t = Instant::now();
    e.send("go movetime 300");
    e.read_until("bestmove ");
    let took = t.elapsed();
    assert!(took < Duration::from_millis(400), "{took:?}");
    assert!(took > Duration::from_millis(150), "{took:?}");

    e.send("isready");
    assert_eq!(e.read_until("readyok"), "readyok");
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}

#[test]
fn a_match_between_levels_reports_score_and_elo() {
    let o = bluegray(&["match", "--games", "2", "--depth", "2", "2", "random"]);
    assert!(o.status.success());
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(
        out.contains("2 vs random: 2 games, A wins 2, draws 0, A losses 0"),
        "{out}"
    );
    assert!(out.contains("Elo"), "{out}");
}

#[test]
fn a_round_robin_plays_every_pair_and_rates_everyone_against_the_first() {
    let o = bluegray(&[
        "match", "--games", "2", "--depth", "2", "--seed", "3", "random", "1", "3",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(
        out.starts_with("round robin of 3 players: 3 pairs of 2 games\n"),
        "{out}"
    );
    for pair in [
        "random vs 1: 2 games",
        "random vs 3: 2 games",
        "1 vs 3: 2 games",
    ] {
        assert!(out.contains(pair), "{pair} missing in {out}");
    }
    let table: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("ratings relative to random"))
        .collect();
    assert_eq!(table.len(), 5, "{out}");
    let row = |name: &str| -> Vec<&str> {
        let line = table.iter().find(|l| l.starts_with(name)).unwrap();
        line.split_whitespace().collect()
    };
    assert_eq!(
        row("random")[1..],
        ["4", row("random")[2], "+0", "reference"]
    );
    // Depth-limited levels crush a random mover, and a deeper level rates higher.
    let elo = |name: &str| row(name)[3].parse::<i32>().unwrap();
    assert!(elo("1") > 0 && elo("3") > elo("1"), "{out}");
    assert_eq!(row("3")[1], "4");
    assert_eq!(row("3")[5], "to", "{out}");
}

#[test]
fn a_match_on_several_threads_plays_the_same_games() {
    // Limited by depth, the games do not depend on timing, so jobs change only the speed; the
    // per-game lines stay in schedule order though games finish out of order.
    let run = |jobs: &str| {
        let o = bluegray(&[
            "match", "--games", "6", "-v", "--depth", "3", "--seed", "5", "--jobs", jobs, "3",
            "random",
        ]);
        assert!(o.status.success());
        String::from_utf8(o.stdout).unwrap()
    };
    let one = run("1");
    assert_eq!(
        one.lines().filter(|l| l.starts_with("game ")).count(),
        6,
        "{one}"
    );
    assert_eq!(run("3"), one);
}

#[test]
fn a_match_against_an_external_engine_checks_its_moves() {
    // The engine itself as an external program: it plays properly.
    let me = format!("cmd:{BIN} engine");
    let o = bluegray(&[
        "match",
        "--games",
        "2",
        "--nodes",
        "2000",
        "--variant",
        "super",
        &me,
        "random",
    ]);
    assert!(o.status.success());
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains("A wins 2"), "{out}");

    // A broken engine that always answers an illegal move loses every game.
    let out = match_against_fake("echo bestmove a1-a9", 2);
    assert!(out.contains("illegal move"), "{out}");
}

/// A shell script standing in for an engine: it answers `isready` properly and `go` with the
/// shell command `answer`. Removed when dropped.
struct FakeEngine {
    dir: std::path::PathBuf,
}

impl FakeEngine {
    fn new(answer: &str) -> FakeEngine {
        // One directory per fake: the tests run at once.
        static COUNT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("bluegray-fake-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("fake.sh"),
            format!(
                "while read line; do case \"$line\" in isready) echo readyok;; go*) {answer};; \
                 quit) exit 0;; esac; done\n"
            ),
        )
        .unwrap();
        FakeEngine { dir }
    }

    /// The player argument of `bluegray match`.
    fn player(&self) -> String {
        format!("cmd:sh {}", self.dir.join("fake.sh").display())
    }
}

impl Drop for FakeEngine {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Plays `games` games of a fake engine answering `go` with `answer` against level 1, checks
/// that the match finishes and the fake loses them all, and returns the output.
fn match_against_fake(answer: &str, games: u32) -> String {
    let fake = FakeEngine::new(answer);
    let games_arg = games.to_string();
    let o = bluegray(&[
        "match",
        "--games",
        &games_arg,
        "-v",
        "--depth",
        "1",
        &fake.player(),
        "1",
    ]);
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains(&format!("A wins 0, draws 0, A losses {games}")),
        "{out}"
    );
    out
}

#[test]
fn an_engine_line_over_the_limit_loses_the_game_and_the_match_goes_on() {
    // 200 000 bytes, then the line break: the next game starts as usual, and is lost the same
    // way.
    let out = match_against_fake("head -c 200000 /dev/zero | tr '\\0' x; echo", 2);
    let reason = "gave no move: the engine's line exceeded 65536 bytes";
    assert_eq!(out.matches(reason).count(), 2, "{out}");
    // A line that never ends: only a reader that stops holding it at the limit can answer.
    let out = match_against_fake("yes x | tr -d '\\n'", 1);
    assert!(out.contains(reason), "{out}");
}

#[test]
fn an_engine_writing_invalid_utf8_loses_the_game_and_the_match_goes_on() {
    let out = match_against_fake("printf 'bestmove \\377\\376\\n'", 2);
    let reason = "gave no move: the engine wrote invalid UTF-8";
    assert_eq!(out.matches(reason).count(), 2, "{out}");
}

#[test]
fn bench_prints_nodes_time_and_speed() {
    let o = bluegray(&["bench", "--depth", "2"]);
    assert!(o.status.success());
    let out = String::from_utf8(o.stdout).unwrap();
    for key in ["total nodes ", "time ms ", "nodes/s "] {
        assert!(out.lines().any(|l| l.starts_with(key)), "{out}");
    }
}

#[test]
fn echoed_input_is_cut_short_and_commands_without_arguments_take_none() {
    let long_move = "a".repeat(100_000);
    let lines = session(&format!(
        "isready foo\nnewgame bar\nstop baz\nquit x\nposition startpos moves {long_move}\n\
         {long_move}\ngo depth +3\nisready\n"
    ));
    let errors: Vec<&String> = lines.iter().filter(|l| l.starts_with("error ")).collect();
    assert_eq!(errors.len(), 7, "{lines:?}");
    for (e, word) in errors.iter().zip(["isready", "newgame", "stop", "quit"]) {
        assert!(e.contains(&format!("{word} takes no arguments")), "{e}");
    }
    for e in &errors[4..6] {
        assert!(e.len() < 400, "{} bytes", e.len());
        assert!(e.contains(&format!("{}…", "a".repeat(80))), "{e}");
    }
    assert!(errors[6].contains("'+3'"));
    // `quit x` did not quit: the last isready was answered.
    assert_eq!(lines.last().map(String::as_str), Some("readyok"));
}

#[test]
fn too_many_jobs_for_the_memory_cap_exit_2_with_a_message() {
    let o = bluegray(&["match", "--games", "1000", "--jobs", "1000", "1", "1"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("1024 MB cap") && err.contains("--jobs 170 or fewer"),
        "{err}"
    );
    let o = bluegray(&[
        "match", "--games", "2", "--jobs", "2", "--hash", "600", "1", "1",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8(o.stderr)
        .unwrap()
        .contains("smaller --hash"));
}

#[test]
fn bad_arguments_exit_2_with_one_line() {
    for args in [
        &["match", "9", "1"][..],
        &["match", "--variant", "chess", "1", "2"],
        &["match", "--games", "0", "1", "2"],
        &["match", "--jobs", "0", "1", "2"],
        &["bench", "--depth", "0"],
        &["engine", "--level", "0"],
        &["engine", "--hash", "18446744073709551615"],
        &["bench", "--hash", "0"],
        &["bench", "--hash", "4096"],
        &["engine", "--level", "+3"],
        &["match", "+3", "1"],
    ] {
        let o = bluegray(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}
