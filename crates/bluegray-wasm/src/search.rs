//! The AI entries for the page's Web Worker: a game's line in (its variant, the position code it
//! started from and the moves played since), a move with its score and line out. [`think`] plays at a level; [`analyse`] judges a position at full
//! strength, the same way every time (hints, the evaluation bar, game review).

use bluegray_core::{Game, Move, MoveError};
use bluegray_engine::{
    mate_in, score_text, win_chance, Clock, Engine, Level, Limits, NoClock, SearchResult, MAX_DEPTH,
};
use serde::Serialize;

use crate::error::ApiError;
use crate::session::Session;

/// The answer of an AI search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "SearchResult", optional_fields))]
pub struct ThinkResult {
    /// The move to play, or `None` when there is no legal move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best: Option<String>,
    /// Score for the side to move, in centi-steps of captain progress.
    pub score: i32,
    /// Plies to a forced win (positive) or loss (negative), if the score shows one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mate_in: Option<i32>,
    /// The score for people: "+1.25" or "wins in 5 plies" / "loses in 4 plies".
    pub score_text: String,
    /// The side to move's chance of winning, in thousandths (the engine's `win_chance`).
    pub win_chance: u16,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation, starting with `best` (empty only when there is no move).
    pub pv: Vec<String>,
    /// The side the search played for.
    #[cfg_attr(test, ts(as = "crate::ts::Side"))]
    pub side: &'static str,
}

/// The most moves a line to search may have: far more than any game lasts (the no-progress
/// and repetition rules end it), so only a nonsense argument is refused.
pub const MAX_LINE: usize = 20_000;

/// Builds the game to search: the variant `spec` from the position code `start` (empty: the
/// variant's start), then `moves` played in turn, so that the engine knows the positions that
/// led there (a third repetition ends a game). A move that cannot be played is an error naming
/// its place (`moves[3]`, from 0).
pub fn game_for_search(spec: &str, start: &str, moves: &[String]) -> Result<Game, ApiError> {
    let mut session = if start.trim().is_empty() {
        Session::new(spec)?
    } else {
        Session::from_code(spec, start)?
    };
    for (i, text) in moves.iter().enumerate() {
        session.play(text).map_err(|mut e| {
            e.message = format!("moves[{i}]: {}", e.message);
            e
        })?;
    }
    Ok(session.into_game())
}

/// The search limits for an optional time budget (ms; `<= 0` or NaN means none: the level's
/// own budget applies).
pub fn limits_for(movetime_ms: Option<f64>, seed: u64) -> Limits<'static> {
    Limits {
        movetime_ms: movetime_ms.filter(|t| t.is_finite() && *t > 0.0),
        seed,
        ..Limits::default()
    }
}

/// The node budget of [`analyse`] when the caller gives none, and so of the page's hints,
/// evaluation and review: under 0.1 s a position in a browser, so that the review of a 150-ply
/// game stays well under 20 s (scripts/measure-web.mjs: 16.6 s on a busy machine). The budget
/// was set on a host where the engine searched about 4 million nodes a second in headless
/// Chromium (scripts/wasm-speed.mjs --browser; 3.9 to 4.6 million), and there 750,000 nodes made
/// that review take 34 s, 400,000 nodes 20 s; faster hosts reach about 10 million.
pub const ANALYSIS_NODES: u64 = 300_000;

/// The largest node budget [`analyse`] takes: half a minute to a minute in a browser.
pub const MAX_ANALYSIS_NODES: u64 = 100_000_000;

/// Refuses a finished game: there is nothing to search.
fn refuse_finished(game: &Game) -> Result<(), ApiError> {
    match game.outcome() {
        Some(o) => Err(MoveError::GameOver(o).into()),
        None => Ok(()),
    }
}

/// The page's view of a search of `game`. Never a move the page cannot play, whatever the
/// engine answers, and the line always starts with the move.
fn answer(game: &Game, result: SearchResult) -> ThinkResult {
    let legal = game.legal_moves();
    let best = match result.best {
        Some(m) if legal.contains(&m) => Some(m),
        _ => legal.first().copied(),
    };
    let pv = match best {
        Some(m) if result.pv.first() == Some(&m) => result.pv,
        Some(m) => vec![m],
        None => Vec::new(),
    };
    ThinkResult {
        best: best.map(|m| m.to_string()),
        score: result.score,
        mate_in: mate_in(result.score),
        score_text: score_text(result.score),
        win_chance: win_chance(result.score),
        depth: result.depth,
        nodes: result.nodes,
        pv: pv.iter().map(Move::to_string).collect(),
        side: game.side_to_move().as_str(),
    }
}

/// Searches the game's current position for the side to move, at `level`.
pub fn think(
    engine: &mut Engine,
    (spec, start, moves): (&str, &str, &[String]),
    level: Level,
    movetime_ms: Option<f64>,
    seed: u64,
    clock: &dyn Clock,
) -> Result<ThinkResult, ApiError> {
    let game = game_for_search(spec, start, moves)?;
    refuse_finished(&game)?;
    let limits = limits_for(movetime_ms, seed);
    let result = engine.search_game(&game, &limits, level, clock, &mut |_| {});
    Ok(answer(&game, result))
}

/// Analyses the game's current position at full strength within `nodes` nodes: no noise, no
/// clock, a fixed seed, and the engine's transposition table and move-ordering tables cleared
/// first, so that the same game gives the same answer every time, whatever was searched before.
/// A position with one legal move is searched as deeply as any other.
pub fn analyse(
    engine: &mut Engine,
    (spec, start, moves): (&str, &str, &[String]),
    nodes: u64,
) -> Result<ThinkResult, ApiError> {
    let game = game_for_search(spec, start, moves)?;
    refuse_finished(&game)?;
    engine.clear();
    let limits = Limits {
        nodes: Some(nodes.max(1)),
        // A depth limit, even the deepest, makes the engine search a single reply fully.
        depth: Some(MAX_DEPTH),
        ..Limits::default()
    };
    let result = engine.search_game(&game, &limits, Level::MAX, &NoClock, &mut |_| {});
    Ok(answer(&game, result))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_budgets_that_mean_none() {
        assert_eq!(limits_for(Some(f64::NAN), 0).movetime_ms, None);
        assert_eq!(limits_for(Some(0.0), 0).movetime_ms, None);
        assert_eq!(limits_for(Some(500.0), 0).movetime_ms, Some(500.0));
    }
}

#[cfg(test)]
mod analysis_tests {
    use super::*;
    use crate::error::ErrorCode;
    use bluegray_engine::mate_in;

    const JUMP: &str = "1sssc2s1/s1sss1ss1/3s2s2/2S2s3/3S1SS2/2S3S2/4S3S/8S/SS1SCS1SS b 0 1";

    #[test]
    fn the_same_position_gives_the_same_answer_whatever_came_before() {
        let mut engine = Engine::new(4);
        let first = analyse(&mut engine, ("classic", "", &[]), 20_000).unwrap();
        assert_eq!(
            analyse(&mut engine, ("classic", "", &[]), 20_000).unwrap(),
            first
        );
        // Unrelated searches in between: another variant, a noisy level, another position.
        think(
            &mut engine,
            ("sackson", "", &[]),
            Level::new(3),
            None,
            99,
            &NoClock,
        )
        .unwrap();
        analyse(&mut engine, ("sackson", JUMP, &[]), 5_000).unwrap();
        think(
            &mut engine,
            ("classic", "", &[]),
            Level::new(6),
            None,
            5,
            &NoClock,
        )
        .unwrap();
        assert_eq!(
            analyse(&mut engine, ("classic", "", &[]), 20_000).unwrap(),
            first
        );
        // And a fresh engine agrees.
        assert_eq!(
            analyse(&mut Engine::new(4), ("classic", "", &[]), 20_000).unwrap(),
            first
        );
        assert!(first.nodes <= 20_000 && first.nodes > 0);
        assert_eq!(first.pv.first(), first.best.as_ref());
        assert_eq!(first.side, "blue");
    }

    #[test]
    fn a_win_with_the_next_move_is_mate_in_one() {
        // Blue's captain one step from the red dot, Blue to move.
        let code = "s3c4/9/9/9/9/4C4/9/9/S8 b 0 30";
        let r = analyse(&mut Engine::new(1), ("sackson", code, &[]), ANALYSIS_NODES).unwrap();
        assert_eq!(r.best.as_deref(), Some("e4-e5"));
        assert_eq!(r.mate_in, Some(1));
        assert_eq!(mate_in(r.score), Some(1));
        assert_eq!(r.score_text, "wins in 1 ply");
        assert_eq!(r.pv, ["e4-e5"]);
    }

    #[test]
    fn a_single_reply_is_analysed_deeply() {
        // One legal move (a compulsory capture): still a real search, not a depth-1 answer.
        let r = analyse(&mut Engine::new(1), ("sackson", JUMP, &[]), 50_000).unwrap();
        assert_eq!(r.best.as_deref(), Some("f5xf7xh7"));
        assert!(r.depth > 1, "depth {}", r.depth);
        assert_eq!(r.pv[0], "f5xf7xh7");
    }

    #[test]
    fn a_finished_game_is_not_analysed() {
        let over = "s3c4/9/9/9/4C4/9/9/9/S8 g 0 30";
        let e = analyse(&mut Engine::new(1), ("sackson", over, &[]), 1000).unwrap_err();
        assert_eq!(e.code, ErrorCode::GameOver);
        // Said in the page's tables, as every game-over is.
        assert_eq!(e.said.map(|s| s.key), Some("core.gameOver"));
    }

    #[test]
    fn a_line_is_its_start_and_the_moves_played_since() {
        let moves: Vec<String> = ["e2-e3", "e8-e7"].map(String::from).to_vec();
        let game = game_for_search("sackson", "", &moves).unwrap();
        assert_eq!(game.moves().len(), 2);
        let start = Game::new(crate::session::parse_variant("sackson").unwrap())
            .position()
            .to_string();
        let same = game_for_search("sackson", &start, &moves).unwrap();
        assert_eq!(same.position(), game.position());
        // A move that cannot be played is named by its place in the line.
        let bad: Vec<String> = ["e2-e3", "e2-e3"].map(String::from).to_vec();
        let e = game_for_search("sackson", "", &bad).unwrap_err();
        assert!(e.message.starts_with("moves[1]: "), "{}", e.message);
        // The moves that led to a position count: the third repetition ends the game.
        let shuffle: Vec<String> = ["a1-a2", "i9-i8", "a2-a1", "i8-i9"]
            .iter()
            .cycle()
            .take(8)
            .map(|m| m.to_string())
            .collect();
        let code = "4c3s/9/9/9/9/9/9/9/S3C4 b 0 1";
        let repeated = game_for_search("sackson", code, &shuffle).unwrap();
        assert!(repeated.outcome().is_some(), "{:?}", repeated.outcome());
        let e = analyse(&mut Engine::new(1), ("sackson", code, &shuffle), 1000).unwrap_err();
        assert_eq!(e.code, ErrorCode::GameOver);
    }
}
