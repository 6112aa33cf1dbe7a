//! The adapter as the page uses it, natively: states, moves, records, errors and the AI.

use bluegray_engine::{Clock, Engine, Level, NoClock};
use bluegray_wasm::catalogue::catalogue;
use bluegray_wasm::error::{ApiError, ErrorCode};
use bluegray_wasm::search::{think, ANALYSIS_NODES};
use bluegray_wasm::session::Session;
use bluegray_wasm::view::{MoveRow, PerSide};

/// The code, reason and points of an error.
fn kind<T: std::fmt::Debug>(
    r: Result<T, ApiError>,
) -> (ErrorCode, Option<&'static str>, Vec<String>) {
    let e = r.unwrap_err();
    assert!(!e.message.is_empty());
    (e.code, e.reason, e.points)
}

#[test]
fn errors_carry_a_code_and_for_a_refused_move_its_rule_and_points() {
    let mut s = Session::new("sackson").unwrap();
    assert_eq!(
        kind(s.play("e1-e2")),
        (
            ErrorCode::IllegalMove,
            Some("captain-blocked"),
            vec!["e2".to_string()]
        )
    );
    assert_eq!(
        kind(s.play("b7-b6")),
        (
            ErrorCode::IllegalMove,
            Some("no-piece"),
            vec!["b7".to_string()]
        )
    );
    assert_eq!(kind(s.play("zz")).0, ErrorCode::BadMoveText);
    assert_eq!(kind(Session::new("chess")).0, ErrorCode::BadVariant);
    assert_eq!(
        kind(Session::from_code("sackson", "x")).0,
        ErrorCode::BadPosition
    );
    assert_eq!(
        kind(Session::from_code("nope", "x")).0,
        ErrorCode::BadVariant
    );
    assert_eq!(
        kind(Session::from_record("[Variant \"sackson\"]\n\n1. e1-e2 *")),
        (
            ErrorCode::BadRecord,
            Some("captain-blocked"),
            vec!["e2".to_string()]
        )
    );
    assert_eq!(
        kind(Session::from_record("[Variant \"x\"]")).0,
        ErrorCode::BadRecord
    );
    assert_eq!(kind(s.set_tag("Result", "1-0")).0, ErrorCode::BadTag);
    assert_eq!(kind(s.set_tag("a b", "1-0")).0, ErrorCode::BadTag);
    assert_eq!(kind(s.play_index(999)).0, ErrorCode::BadArgument);
    let mut done = Session::from_code("sackson", "s3c4/9/9/9/4C4/9/9/9/S8 g 0 30").unwrap();
    assert_eq!(kind(done.play("a9-a8")).0, ErrorCode::GameOver);
    assert_eq!(kind(done.play_index(0)).0, ErrorCode::GameOver);
    // Every game-over is said in the page's tables, whichever call met it.
    let said = |e: ApiError| e.said.map(|s| s.key);
    assert_eq!(said(done.play_index(0).unwrap_err()), Some("core.gameOver"));
    assert_eq!(said(done.play("a9-a8").unwrap_err()), Some("core.gameOver"));
    let mut engine = Engine::new(1);
    let over = think(
        &mut engine,
        ("sackson", &done.code(), &[]),
        lv(1),
        None,
        1,
        &NoClock,
    );
    assert_eq!(kind(over).0, ErrorCode::GameOver);
}

#[test]
fn any_tag_value_survives_the_record() {
    let mut s = Session::new("classic").unwrap();
    s.play("e2-e3").unwrap();
    for value in [
        "a\nb",
        "a\r\nb",
        "tab\there",
        "\u{0}\u{1b}\u{7f}",
        "quote \" and \\",
        "",
    ] {
        s.set_tag("Blue", value).unwrap();
        let back = Session::from_record(&s.record()).unwrap();
        assert_eq!(back.game().tags(), s.game().tags(), "{value:?}");
        assert_eq!(back.record(), s.record());
    }
}

/// The level numbered `n`.
fn lv(n: u8) -> Level {
    Level::try_from(n).unwrap()
}

/// A wall clock for searches with a time budget.
struct Wall(std::time::Instant);

impl Clock for Wall {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

const START: &str = "sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS b 0 1";
const JUMP: &str = "1sssc2s1/s1sss1ss1/3s2s2/2S2s3/3S1SS2/2S3S2/4S3S/8S/SS1SCS1SS b 0 1";

fn row(number: u16, first: Option<&str>, second: Option<&str>) -> MoveRow {
    MoveRow {
        number,
        first: first.map(str::to_string),
        second: second.map(str::to_string),
    }
}

#[test]
fn the_score_sheet_numbers_moves_from_the_start_position() {
    let mut g = Session::new("sackson").unwrap();
    for m in ["e2-e3", "e8-e7", "d2-d3"] {
        g.play(m).unwrap();
    }
    assert_eq!(
        g.state().move_rows,
        [
            row(1, Some("e2-e3"), Some("e8-e7")),
            row(2, Some("d2-d3"), None)
        ]
    );
    // Gray to move at move 12: the sheet starts with Gray's half of move 12.
    let mut g = Session::from_code("sackson", "4c4/9/9/9/9/9/9/s7S/4C4 g 0 12").unwrap();
    for m in ["a2-a1", "i2-i3", "a1-b1"] {
        g.play(m).unwrap();
    }
    assert_eq!(
        g.state().move_rows,
        [
            row(12, None, Some("a2-a1")),
            row(13, Some("i2-i3"), Some("a1-b1"))
        ]
    );
}

#[test]
fn new_game_state_shows_the_start() {
    let s = Session::new("sackson").unwrap().state();
    assert_eq!(s.code, START);
    assert_eq!(s.side, "blue");
    assert_eq!(s.board.len(), 36);
    assert_eq!(s.moves.len(), 25);
    assert!(!s.capture_required);
    assert_eq!(s.progress, PerSide { blue: 0, gray: 0 });
    assert_eq!(s.steps, 17);
    assert_eq!(s.paths.blue.first().map(String::as_str), Some("e1"));
    assert_eq!(s.paths.gray.last().map(String::as_str), Some("e5"));
    assert_eq!(s.diagonals.len(), 6);
    assert!(s.result.is_none() && !s.can_undo && !s.can_redo && s.last_move.is_none());
    assert!(s.record.contains("[Variant \"sackson\"]"));
    let captain = s.board.iter().find(|p| p.point == "e1").unwrap();
    assert_eq!((captain.color, captain.kind), ("blue", "captain"));
}

#[test]
fn the_catalogue_gives_the_level_range_and_the_analysis_budget() {
    let cat = catalogue();
    let numbers: Vec<u8> = cat.levels.iter().map(|l| l.number).collect();
    let range: Vec<u8> = (cat.min_level..=cat.max_level).collect();
    assert_eq!(numbers, range, "one level for each number of the range");
    assert_eq!(
        (cat.min_level, cat.max_level),
        (Level::MIN.number(), Level::MAX.number())
    );
    assert_eq!(cat.analysis_nodes, ANALYSIS_NODES);
    assert!(cat.analysis_nodes <= cat.max_analysis_nodes);
    assert_eq!(cat.levels[0].name, "Recruit");
}

#[test]
fn a_missing_move_index_is_named_as_given() {
    let mut s = Session::new("sackson").unwrap();
    let e = s.play_index((1 << 53) - 1).unwrap_err();
    assert_eq!(e.code, ErrorCode::BadArgument);
    assert!(
        e.message.contains("no legal move number 9007199254740991"),
        "{}",
        e.message
    );
    let e = s.play_index(u64::MAX).unwrap_err();
    assert!(e.message.contains(&u64::MAX.to_string()), "{}", e.message);
}

#[test]
fn every_variant_starts() {
    let cat = catalogue();
    assert_eq!(cat.variants.len(), 17);
    assert_eq!(cat.levels.len() as u8, cat.max_level);
    for v in &cat.variants {
        let s = Session::new(&v.name).unwrap().state();
        assert_eq!(s.variant, v.name);
        assert!(!s.moves.is_empty(), "{}", v.name);
    }
    let s = Session::new("super-light-pow").unwrap().state();
    assert!(s.board.iter().any(|p| p.kind == "private"));
    assert_eq!(
        s.paths.blue.first().map(String::as_str),
        Some("e9"),
        "POW swaps paths"
    );
    assert_eq!(
        Session::new("classic-turbo,first=gray")
            .unwrap()
            .state()
            .side,
        "gray"
    );
}

#[test]
fn bad_specs_codes_and_records_are_errors_with_messages() {
    assert!(Session::new("chess")
        .unwrap_err()
        .message
        .contains("'chess'"));
    assert!(Session::new("sackson,speed=1")
        .unwrap_err()
        .message
        .contains("'speed'"));
    assert!(Session::from_code("sackson", "garbage")
        .unwrap_err()
        .message
        .contains("position code"));
    assert!(Session::from_record("[Variant \"nope\"]\n\n*")
        .unwrap_err()
        .message
        .contains("nope"));
    assert!(Session::from_record("[Variant \"sackson\"]\n\n1. e1-e3 *")
        .unwrap_err()
        .message
        .contains("move 1"));
    assert_eq!(Session::new("").unwrap().state().variant, "sackson");
}

#[test]
fn play_by_text_and_index_undo_redo() {
    let mut s = Session::new("sackson").unwrap();
    assert_eq!(s.play(" E2-E3 ").unwrap(), "e2-e3");
    assert!(s
        .play("e2-e3")
        .unwrap_err()
        .message
        .contains("illegal move"));
    assert!(s.play("zz").is_err());
    let st = s.state();
    assert_eq!(st.side, "gray");
    assert_eq!(st.last_move.as_ref().unwrap().points, vec!["e2", "e3"]);
    let idx = st.moves.iter().position(|m| m.text == "e8-e7").unwrap();
    assert_eq!(s.play_index(idx as u64).unwrap(), "e8-e7");
    assert!(s
        .play_index(9999)
        .unwrap_err()
        .message
        .contains("no legal move number"));
    assert_eq!(s.state().history, vec!["e2-e3", "e8-e7"]);
    assert_eq!(s.undo().as_deref(), Some("e8-e7"));
    assert!(s.state().can_redo);
    assert_eq!(s.redo().as_deref(), Some("e8-e7"));
    assert_eq!(s.redo(), None);
    s.undo();
    s.undo();
    assert_eq!(s.undo(), None);
    assert_eq!(s.state().code, START);
}

#[test]
fn compulsory_multi_jump_lists_points_and_captures() {
    let mut s = Session::from_code("sackson", JUMP).unwrap();
    let st = s.state();
    assert!(st.capture_required);
    assert_eq!(st.moves.len(), 1);
    let m = &st.moves[0];
    assert_eq!(m.text, "f5xf7xh7");
    assert_eq!(m.points, vec!["f5", "f7", "h7"]);
    assert_eq!(m.captured, vec!["f6", "g7"]);
    assert_eq!(m.kind, "capture");
    assert!(s.play("d5-d6").unwrap_err().message.contains("compulsory"));
    s.play_index(0).unwrap();
    let st = s.state();
    assert!(!st.board.iter().any(|p| p.point == "f6" || p.point == "g7"));
    assert_eq!(st.last_move.unwrap().captured, vec!["f6", "g7"]);
}

#[test]
fn results_say_who_and_how() {
    let mut s = Session::from_code("sackson", "s3c4/9/9/9/9/4C4/9/9/S8 b 0 30").unwrap();
    assert_eq!(s.state().progress.blue, 16);
    s.play("e4-e5").unwrap();
    let st = s.state();
    let r = st.result.unwrap();
    assert_eq!(
        (r.winner, r.reason, r.token),
        (Some("blue"), "breakthrough", "1-0")
    );
    assert!(r.text.contains("Blue wins by breakthrough"));
    assert!(st.moves.is_empty());
    assert!(st.record.contains("1-0"));
    assert!(s
        .play("a1-a2")
        .unwrap_err()
        .message
        .contains("game is over"));
    assert!(s
        .play_index(0)
        .unwrap_err()
        .message
        .contains("game is over"));
    // Lead rule of the classic variants.
    let mut s = Session::from_code("classic", "s3c4/9/9/9/9/9/9/3C5/S8 b 0 3").unwrap();
    s.play("d2-c2").unwrap();
    let r = s.state().result.unwrap();
    assert_eq!((r.winner, r.reason), (Some("blue"), "lead"));
    assert!(!r.half_win);
}

#[test]
fn records_round_trip_and_tags() {
    let mut s = Session::new("classic-turbo").unwrap();
    s.play("e2-e3").unwrap();
    s.play("e8-e7").unwrap();
    s.play("e1-e2").unwrap();
    s.set_tag("Blue", "Ann").unwrap();
    assert!(s.set_tag("Result", "1-0").is_err());
    assert!(s.set_tag("bad name", "x").is_err());
    let rec = s.state().record;
    assert!(rec.contains("[Blue \"Ann\"]"));
    let t = Session::from_record(&rec).unwrap();
    assert_eq!(t.state().code, s.state().code);
    assert_eq!(t.tag("blue").as_deref(), Some("Ann"));
    let first = t.state().moves[0].text.clone();
    let shouted = format!(" {} ", first.to_uppercase());
    assert_eq!(t.legal_move(&shouted).ok(), Some(first));
    assert_eq!(t.state().ply, 3, "legal_move plays nothing");
    assert_eq!(kind(t.legal_move("a8-a5")).0, ErrorCode::IllegalMove);
    assert_eq!(kind(t.legal_move("a8")).0, ErrorCode::BadMoveText);
    assert_eq!(t.tag("Gray"), None);
    assert_eq!(t.state().history, vec!["e2-e3", "e8-e7", "e1-e2"]);
    let c = Session::from_code("sackson", JUMP).unwrap();
    assert!(c.state().record.contains("[Position"));
    assert_eq!(
        Session::from_record(&c.state().record)
            .unwrap()
            .state()
            .code,
        JUMP
    );
}

#[test]
fn think_returns_a_legal_move_with_score_and_pv() {
    let mut engine = Engine::new(1);
    let r = think(&mut engine, ("sackson", "", &[]), lv(1), None, 7, &NoClock).unwrap();
    let best = r.best.clone().unwrap();
    assert!(Session::new("sackson").unwrap().play(&best).is_ok());
    assert_eq!(r.side, "blue");
    assert!(!r.score_text.is_empty());
    let wall = Wall(std::time::Instant::now());
    let r = think(
        &mut engine,
        ("sackson", JUMP, &[]),
        lv(8),
        Some(200.0),
        1,
        &wall,
    )
    .unwrap();
    assert_eq!(r.best.as_deref(), Some("f5xf7xh7"));
    assert_eq!(r.pv.first().map(String::as_str), Some("f5xf7xh7"));
    let mut s = Session::new("sackson").unwrap();
    s.play("e2-e3").unwrap();
    let r = think(
        &mut engine,
        ("sackson", "", &["e2-e3".to_string()]),
        lv(3),
        None,
        1,
        &NoClock,
    )
    .unwrap();
    assert_eq!(r.side, "gray");
    assert!(s.play(r.best.as_deref().unwrap()).is_ok());
    // A time budget is honoured (with a generous margin for a loaded machine).
    let t = std::time::Instant::now();
    let r = think(
        &mut engine,
        ("classic", "", &[]),
        lv(8),
        Some(150.0),
        3,
        &wall,
    )
    .unwrap();
    assert!(r.best.is_some() && r.depth >= 1);
    assert!(t.elapsed().as_millis() < 3000, "took {:?}", t.elapsed());
    let won = "s3c4/9/9/9/9/9/9/9/S3C4 b 0 3";
    let done = Session::from_code("sackson", "s3c4/9/9/9/4C4/9/9/9/S8 g 0 30");
    assert!(done.is_ok());
    assert!(think(
        &mut engine,
        ("sackson", "s3c4/9/9/9/4C4/9/9/9/S8 g 0 30", &[]),
        lv(1),
        None,
        1,
        &NoClock
    )
    .unwrap_err()
    .message
    .contains("game is over"));
    assert!(
        think(&mut engine, ("nope", won, &[]), lv(1), None, 1, &NoClock)
            .unwrap_err()
            .message
            .contains("'nope'")
    );
    assert!(think(
        &mut engine,
        ("", "", &["zz".to_string()]),
        lv(1),
        None,
        1,
        &NoClock
    )
    .is_err());
}

#[test]
fn the_players_end_a_game_with_a_reason_the_view_carries() {
    use bluegray_core::Color;
    use bluegray_wasm::args::{ending, Ending, JsArg, Param};
    let (ph, ps) = (
        Param::new("Game.end", "how"),
        Param::new("Game.end", "side"),
    );
    let s = |t: &str| JsArg::String(t.into());
    assert_eq!(
        ending(&s("resign"), &s("gray"), ph, ps),
        Ok(Ending::Resign(Color::Gray))
    );
    assert_eq!(
        ending(&s("draw"), &JsArg::Undefined, ph, ps),
        Ok(Ending::Draw)
    );
    assert_eq!(
        ending(&s("abort"), &JsArg::Undefined, ph, ps),
        Ok(Ending::Abort)
    );
    assert_eq!(
        ending(&s("claim"), &s("gray"), ph, ps),
        Ok(Ending::ClaimWin(Color::Gray))
    );
    assert_eq!(
        ending(&s("claim-draw"), &JsArg::Undefined, ph, ps),
        Ok(Ending::ClaimDraw)
    );
    for (how, side, says) in [
        (
            s("resign"),
            JsArg::Undefined,
            "side must be 'blue' or 'gray'",
        ),
        (s("resign"), s("Blue"), "side must be 'blue' or 'gray'"),
        (s("time"), JsArg::Undefined, "side must be 'blue' or 'gray'"),
        (s("draw"), s("blue"), "side must be undefined for a draw"),
        (
            s("quit"),
            JsArg::Undefined,
            "how must be 'resign', 'draw', 'abort', 'time', 'claim' or 'claim-draw', not 'quit'",
        ),
        (
            JsArg::Number(1.0),
            JsArg::Undefined,
            "how must be 'resign', 'draw', 'abort', 'time', 'claim' or 'claim-draw', not the number 1",
        ),
    ] {
        let e = ending(&how, &side, ph, ps).unwrap_err();
        assert_eq!(e.code, ErrorCode::BadArgument);
        assert!(e.message.starts_with("Game.end: "), "{}", e.message);
        assert!(e.message.contains(says), "{}", e.message);
    }

    let mut g = Session::new("sackson").unwrap();
    g.play("e2-f3").unwrap();
    let r = g.end(Ending::Resign(Color::Gray)).unwrap();
    assert_eq!(
        (r.winner, r.reason, r.token),
        (Some("blue"), "resignation", "1-0")
    );
    assert_eq!(g.state().result, Some(r));
    assert!(g.state().moves.is_empty());
    assert!(g.record().contains("[Termination \"resignation\"]"));
    let again = Session::from_record(&g.record()).unwrap();
    assert_eq!(again.state().result, g.state().result);
    let e = g.end(Ending::Draw).unwrap_err();
    assert_eq!(e.code, ErrorCode::GameOver);
    assert_eq!(g.play("e8-d7").unwrap_err().code, ErrorCode::GameOver);

    let mut g = Session::new("sackson").unwrap();
    let r = g.end(Ending::Draw).unwrap();
    assert_eq!(
        (r.winner, r.reason, r.token),
        (None, "agreement", "1/2-1/2")
    );

    let mut g = Session::new("sackson").unwrap();
    g.play("e2-f3").unwrap();
    g.play("e8-d7").unwrap();
    let e = g.end(Ending::Abort).unwrap_err();
    assert_eq!(e.code, ErrorCode::TooLate);
    assert!(e.message.contains("too late to abort"), "{}", e.message);
    assert_eq!(g.state().result, None);
    g.undo();
    let r = g.end(Ending::Abort).unwrap();
    assert_eq!((r.winner, r.reason, r.token), (None, "aborted", "*"));

    // A flag fall: the side whose clock ran out loses; its clock times are kept in the record.
    assert_eq!(
        ending(&s("time"), &s("blue"), ph, ps),
        Ok(Ending::Time(Color::Blue))
    );
    let mut g = Session::new("sackson").unwrap();
    g.set_tag("TimeControl", "1+0").unwrap();
    g.play("e2-f3").unwrap();
    g.set_clock(59_500);
    assert_eq!(g.clocks(), vec![Some(59_500)]);
    let r = g.end(Ending::Time(Color::Gray)).unwrap();
    assert_eq!((r.winner, r.reason, r.token), (Some("blue"), "time", "1-0"));
    assert!(g.record().contains("[Termination \"time forfeit\"]"));
    assert!(g.record().contains("{[%clk 0:00:59.5]}"));
    let again = Session::from_record(&g.record()).unwrap();
    assert_eq!(again.state().result, g.state().result);
    assert_eq!(again.clocks(), vec![Some(59_500)]);
}

#[test]
fn a_tree_set_from_lines_is_checked_and_crosses_in_the_state() {
    let mut s = Session::from_record("1. d2-d3 d8-d7 *").unwrap();
    assert!(
        s.state().tree.is_none(),
        "no variations: the history says it all"
    );
    s.set_tree("d2-d3 d8-d7\ne2-e3").unwrap();
    let tree = s.state().tree.expect("a variation");
    let firsts: Vec<&str> = tree.children.iter().map(|c| c.mv.as_str()).collect();
    assert_eq!(firsts, ["d2-d3", "e2-e3"]);
    assert!(s.record().contains("1. d2-d3 (1. e2-e3) 1... d8-d7"));
    // A move that cannot be played is named, with the rule it breaks; nothing changes.
    let e = s.set_tree("d2-d3 d8-d7\nd2-d4").unwrap_err();
    assert_eq!(e.code, ErrorCode::BadRecord);
    assert!(
        e.message
            .starts_with("bad game record: variation, move 1. (Blue): "),
        "{}",
        e.message
    );
    assert!(e.reason.is_some());
    assert_eq!(s.state().tree.unwrap().children.len(), 2);
    // Making the variation the game's line replays the game along it.
    s.set_tree("e2-e3\nd2-d3 d8-d7").unwrap();
    assert_eq!(s.state().history, ["e2-e3"]);
    let long = vec!["d2-d3"; 1001].join(" ");
    assert_eq!(kind(s.set_tree(&long)).0, ErrorCode::BadArgument);
}
