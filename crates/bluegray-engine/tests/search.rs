//! The search from the outside: forced wins found and scored exactly, captures chosen for the
//! material they really win, limits respected, and determinism.

use std::sync::atomic::AtomicBool;

use bluegray_core::{Game, Move, Position, Variant};
use bluegray_engine::{
    Engine, Level, Limits, NoClock, SearchInfo, SearchResult, SystemClock, MATE,
};

fn pos(spec: &str, code: &str) -> Position {
    let v: Variant = spec.parse().unwrap();
    Position::from_code(code, v.rules).unwrap()
}

fn search(p: &Position, limits: Limits) -> SearchResult {
    Engine::new(4).search(p, &[], &limits, Level::MAX, &NoClock, &mut |_| {})
}

fn to_depth(p: &Position, depth: u32) -> SearchResult {
    search(
        p,
        Limits {
            depth: Some(depth),
            ..Limits::default()
        },
    )
}

fn best(r: &SearchResult) -> String {
    r.best.map(|m| m.to_string()).unwrap_or_default()
}

/// The score of a win `plies` plies from now.
fn win_in(plies: i32) -> i32 {
    MATE + 1000 - plies
}

#[test]
fn takes_a_breakthrough_in_one() {
    // Blue's captain on e4 steps onto the red dot; Gray's guard on a9 is no matter.
    let r = to_depth(&pos("sackson", "s3c4/9/9/9/9/4C4/9/9/S8 b 0 1"), 4);
    assert_eq!(best(&r), "e4-e5");
    assert_eq!(r.score, win_in(1));
}

#[test]
fn finds_a_breakthrough_in_two_moves() {
    // From f4 the captain needs two steps, and Gray's guard on a9 is too far to block e4.
    let r = to_depth(&pos("sackson", "s3c4/9/9/9/9/5C3/9/9/S8 b 0 1"), 5);
    assert_eq!(best(&r), "f4-e4");
    assert_eq!(r.score, win_in(3));
}

#[test]
fn finds_a_breakthrough_in_four_moves_through_a_forced_capture() {
    // Gray's guard on f4 blocks the captain on g4; Blue must capture it (f3xf5), then the
    // captain walks f4, e4, e5 before the guard on a9 can get in the way.
    let r = to_depth(&pos("sackson", "s3c4/9/9/9/9/5sC2/5S3/9/9 b 0 1"), 8);
    assert_eq!(best(&r), "f3xf5");
    assert_eq!(r.score, win_in(7));
    assert_eq!(r.pv.len(), 7);
}

/// The position turned half round with the colours swapped: what Blue could do in `code`,
/// Gray can do in the result.
fn turned_round(code: &str) -> String {
    let mut fields = code.split(' ');
    let board = fields.next().unwrap();
    let ranks: Vec<String> = board
        .split('/')
        .rev()
        .map(|rank| {
            let mut points = String::new();
            for c in rank.chars() {
                match c.to_digit(10) {
                    Some(n) => points.push_str(&"1".repeat(n as usize)),
                    None if c.is_ascii_uppercase() => points.push(c.to_ascii_lowercase()),
                    None => points.push(c.to_ascii_uppercase()),
                }
            }
            points.chars().rev().collect()
        })
        .collect();
    let side = if fields.next() == Some("b") { "g" } else { "b" };
    let rest: Vec<&str> = fields.collect();
    format!("{} {side} {}", ranks.join("/"), rest.join(" "))
}

#[test]
fn gray_finds_the_same_breakthrough() {
    let code = turned_round("s3c4/9/9/9/9/5sC2/5S3/9/9 b 0 1");
    let r = to_depth(&pos("sackson", &code), 8);
    // f3xf5 turned round.
    assert_eq!(best(&r), "d7xd5");
    assert_eq!(r.score, win_in(7));
}

#[test]
fn a_turbo_captain_slides_home_and_a_lead_wins() {
    // A turbo captain on e7 (progress 10) with its path clear slides to the red dot at once.
    let r = to_depth(&pos("classic-turbo", "4c4/9/4C4/9/9/9/9/9/S7s b 0 1"), 3);
    assert_eq!(best(&r), "e7-e5");
    assert_eq!(r.score, win_in(1));
    // Classic wins on a lead of 3: Blue at progress 5 (b4) against Gray's 3 steps to 6.
    let r = to_depth(&pos("classic", "9/6c2/9/9/9/1C7/9/9/S7s b 0 1"), 3);
    assert_eq!(best(&r), "b4-b5");
    assert_eq!(r.score, win_in(1));
}

#[test]
fn a_lost_position_is_scored_as_a_loss_as_late_as_possible() {
    // Gray's captain on e6 steps onto the red dot next move whatever Blue does.
    let r = to_depth(&pos("sackson", "9/9/9/4c4/9/9/9/9/S3C4 b 0 1"), 4);
    assert_eq!(r.score, -win_in(2));
    assert!(r.best.is_some());
}

#[test]
fn takes_the_capture_that_wins_most_material() {
    // h2xh4xh6 takes two guards, h2xf2 one; nothing recaptures.
    let r = to_depth(&pos("sackson", "4c4/9/6S2/9/7s1/9/7s1/6sS1/4C4 b 0 1"), 1);
    assert_eq!(best(&r), "h2xh4xh6");
}

#[test]
fn sees_the_recapture_at_the_end_of_a_capture_chain() {
    // The same, but after h2xh4xh6 the guard on i6 takes back two (i6xg6xg8), so the single
    // capture is better. Even a depth 1 search must see it: capture chains are resolved.
    let r = to_depth(&pos("sackson", "4c4/9/6S2/8s/7s1/9/7s1/6sS1/4C4 b 0 1"), 1);
    assert_eq!(best(&r), "h2xf2");
}

#[test]
fn a_position_without_moves_is_adjudicated() {
    // Blue's captain is blocked on e1 and Blue has no guard; Gray's captain is ahead.
    let r = to_depth(&pos("sackson", "9/4c4/9/9/9/9/9/4s4/4C4 b 0 1"), 3);
    assert!(r.best.is_none());
    assert!(r.score <= -MATE);
}

#[test]
fn respects_depth_limits_and_reports_each_iteration() {
    let start = Position::new(Variant::default().rules);
    let mut depths = Vec::new();
    let r = Engine::new(4).search(
        &start,
        &[],
        &Limits {
            depth: Some(4),
            ..Limits::default()
        },
        Level::MAX,
        &NoClock,
        &mut |i: &SearchInfo| depths.push((i.depth, i.pv.first().copied())),
    );
    assert_eq!(r.depth, 4);
    assert_eq!(depths.iter().map(|d| d.0).collect::<Vec<_>>(), [1, 2, 3, 4]);
    assert_eq!(depths[3].1, r.best);
    // The principal variation is a playable line.
    let mut game = Game::new(Variant::default());
    for m in &r.pv {
        game.play(*m).unwrap();
    }
}

#[test]
fn respects_node_limits() {
    let start = Position::new(Variant::default().rules);
    for n in [1, 100, 5_000] {
        let r = search(
            &start,
            Limits {
                nodes: Some(n),
                ..Limits::default()
            },
        );
        assert!(r.nodes <= n, "{} nodes for a limit of {n}", r.nodes);
        assert!(start.legal_moves().contains(&r.best.unwrap()));
    }
}

#[test]
fn respects_time_limits() {
    let p = pos(
        "sackson",
        "ssss1ssss/s2s5/1sssss1s1/1C4s2/9/2S4c1/1S1SSSSS1/1S6S/SSSS1SSSS b 8 16",
    );
    for budget in [100.0, 300.0] {
        let clock = SystemClock::default();
        let mut engine = Engine::new(4);
        let limits = Limits {
            movetime_ms: Some(budget),
            ..Limits::default()
        };
        let t0 = bluegray_engine::Clock::now_ms(&clock);
        let r = engine.search(&p, &[], &limits, Level::MAX, &clock, &mut |_| {});
        let took = bluegray_engine::Clock::now_ms(&clock) - t0;
        assert!(took <= budget * 1.1, "{took} ms for a budget of {budget}");
        assert!(took >= budget * 0.5, "{took} ms for a budget of {budget}");
        assert!(p.legal_moves().contains(&r.best.unwrap()));
    }
}

#[test]
fn a_raised_stop_flag_still_gives_a_legal_move() {
    let start = Position::new(Variant::default().rules);
    let stop = AtomicBool::new(true);
    let r = search(
        &start,
        Limits {
            stop: Some(&stop),
            ..Limits::default()
        },
    );
    assert!(r.nodes <= 1024);
    assert!(start.legal_moves().contains(&r.best.unwrap()));
}

#[test]
fn equal_seeds_give_equal_games() {
    let play = |seed: u64| -> Vec<Move> {
        let mut engines = [Engine::new(1), Engine::new(1)];
        let mut game = Game::new(Variant::default());
        for ply in 0..12 {
            let r = engines[ply % 2].search(
                game.position(),
                &[],
                &Limits {
                    seed,
                    ..Limits::default()
                },
                Level::new(2),
                &NoClock,
                &mut |_| {},
            );
            game.play(r.best.unwrap()).unwrap();
        }
        game.moves().to_vec()
    };
    assert_eq!(play(3), play(3));
    assert!(
        (0..6).any(|s| play(s) != play(3)),
        "the seed changes nothing"
    );
}

#[test]
fn nothing_learned_under_other_rules_is_reused() {
    // The same board under rules where jumps and lead differ hashes alike.
    let code = "sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS b 0 1";
    let sackson = pos("sackson", code);
    let other = pos("super-turbo,lead=2,jumps=any", code);
    let limits = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    let run = |e: &mut Engine, p: &Position| {
        let r = e.search(p, &[], &limits, Level::MAX, &NoClock, &mut |_| {});
        (r.best, r.score, r.nodes)
    };
    let mut used = Engine::new(4);
    run(&mut used, &sackson);
    assert_eq!(run(&mut used, &other), run(&mut Engine::new(4), &other));
}

#[test]
fn a_search_cut_short_still_reports_a_line_starting_with_its_move() {
    let start = Position::new(Variant::default().rules);
    for nodes in (1..60).map(|k| 37 * k * k) {
        let r = search(
            &start,
            Limits {
                nodes: Some(nodes),
                ..Limits::default()
            },
        );
        assert!(r.best.is_some(), "{nodes}");
        assert_eq!(r.pv.first(), r.best.as_ref(), "{nodes} nodes");
    }
}
