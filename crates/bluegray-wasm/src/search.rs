//! The AI entry for the page's Web Worker: a game record or position code in, a move with its
//! score and line out.

use bluegray_core::{Game, Move};
use bluegray_engine::{mate_in, Clock, Engine, Level, Limits};
use serde::Serialize;

use crate::error::{ApiError, ErrorCode};
use crate::session::{parse_variant, Session};
use crate::view::{score_text, side_name};

/// The answer of an AI search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ThinkResult {
    /// The move to play, or `None` when there is no legal move.
    pub best: Option<String>,
    /// Score for the side to move, in centi-steps of captain progress.
    pub score: i32,
    /// Plies to a forced win (positive) or loss (negative), if the score shows one.
    pub mate_in: Option<i32>,
    /// The score for people: "+1.25" or "wins in 5 plies" / "loses in 4 plies".
    pub score_text: String,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation, starting with `best`.
    pub pv: Vec<String>,
    /// The side the search played for.
    pub side: &'static str,
}

/// Builds the game to search from a game record (text starting with `[`) or a position code of
/// variant `spec`; an empty text is the variant's start.
pub fn game_for_search(record_or_code: &str, spec: &str) -> Result<Game, ApiError> {
    let text = record_or_code.trim();
    if text.is_empty() {
        return Ok(Game::new(parse_variant(spec)?));
    }
    let session = if text.starts_with('[') {
        Session::from_record(text)?
    } else {
        Session::from_code(spec, text)?
    };
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

/// Searches the game's current position for the side to move.
pub fn think(
    engine: &mut Engine,
    record_or_code: &str,
    spec: &str,
    level: Level,
    movetime_ms: Option<f64>,
    seed: u64,
    clock: &dyn Clock,
) -> Result<ThinkResult, ApiError> {
    let game = game_for_search(record_or_code, spec)?;
    if let Some(o) = game.outcome() {
        return Err(ApiError::new(
            ErrorCode::GameOver,
            format!("the game is over: {o}"),
        ));
    }
    let limits = limits_for(movetime_ms, seed);
    let result = engine.search_game(&game, &limits, level, clock, &mut |_| {});
    let legal = game.legal_moves();
    // Never hand the page a move it cannot play, whatever the engine answers.
    let best = match result.best {
        Some(m) if legal.contains(&m) => Some(m),
        _ => legal.first().copied(),
    };
    Ok(ThinkResult {
        best: best.map(|m| m.to_string()),
        score: result.score,
        mate_in: mate_in(result.score),
        score_text: score_text(result.score),
        depth: result.depth,
        nodes: result.nodes,
        pv: result.pv.iter().map(Move::to_string).collect(),
        side: side_name(game.side_to_move()),
    })
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
