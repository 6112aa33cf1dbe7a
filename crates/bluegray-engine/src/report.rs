//! What a search reports: after each iteration ([`SearchInfo`]) and at the end
//! ([`SearchResult`]).

use bluegray_core::Move;

use crate::score::Score;

/// What the search reports after each completed iteration.
#[derive(Clone, Debug)]
pub struct SearchInfo {
    /// Completed depth.
    pub depth: u32,
    /// Score for the side to move.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Milliseconds since the search started.
    pub time_ms: f64,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// The answer of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play; `None` only when the position has no legal move.
    pub best: Option<Move>,
    /// Score for the side to move.
    pub score: Score,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Move>,
}
