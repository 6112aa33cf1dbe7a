//! `bluegray perft` and `bluegray variants` as a user runs them: output format, and one line on
//! stderr with exit code 2 for every kind of bad input.

use std::process::{Command, Output};

fn bluegray(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bluegray"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn perft_prints_a_line_per_depth() {
    let o = bluegray(&["perft", "--variant", "super", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "1 9\n2 81\n3 1098\n");
}

#[test]
fn perft_divide_lists_root_moves_and_total() {
    let code = "1sssc2s1/s1sss1ss1/3s2s2/2S2s3/3S1SS2/2S3S2/4S3S/8S/SS1SCS1SS b 0 1";
    let o = bluegray(&["perft", "--position", code, "--divide", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "f5xf7xh7 64\ntotal 64\n");
}

#[test]
fn variants_lists_all_seventeen() {
    let o = bluegray(&["variants"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 17);
    assert!(out.lines().any(|l| l.starts_with("super-turbo-light-pow ")));
}

#[test]
fn bad_input_is_one_line_on_stderr_and_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["perft", "0"], "depth '0'"),
        (&["perft", "deep"], "depth 'deep'"),
        (&["perft", " 3"], "depth ' 3'"),
        (&["perft", "+3"], "depth '+3'"),
        (
            &["perft", "--variant", "checkers", "2"],
            "unknown variant 'checkers'",
        ),
        (&["perft", "--variant", "classic,lead=many", "2"], "'many'"),
        (
            &["perft", "--position", "9/9/9/9/9/9/9/9/9 b 0 1", "2"],
            "captains",
        ),
        (
            &[
                "perft",
                "--position",
                "sssscssss/sssssssss/9/9/4S4/9/9/SSSSSSSSS/SSSSCSSSS b 0 1",
                "1",
            ],
            "e5",
        ),
        (&["perft"], "<DEPTH>"),
        (&["explode"], "explode"),
    ];
    for (args, needle) in cases {
        let o = bluegray(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn no_command_prints_the_usage_and_exits_2() {
    let o = bluegray(&[]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.starts_with("error: no command given"), "{err}");
    for command in [
        "Usage: bluegray <COMMAND>",
        "perft",
        "engine",
        "match",
        "bench",
    ] {
        assert!(err.contains(command), "{err}");
    }
    assert!(o.stdout.is_empty());
}

#[test]
fn a_reader_that_has_gone_away_stops_the_output_quietly() {
    // The pipe's reading end is closed before the command starts, so its very first line meets
    // a closed pipe, as `bluegray match … | head -1` meets it after the first.
    for args in [
        &["variants"][..],
        &["perft", "3"],
        &["match", "--games", "2", "1", "1"],
        &["match", "--help"],
    ] {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let o = Command::new(env!("CARGO_BIN_EXE_bluegray"))
            .args(args)
            .stdout(writer)
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("the binary runs")
            .wait_with_output()
            .expect("it ends");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
