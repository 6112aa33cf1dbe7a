//! The computer opponent for Blue and Gray.
//!
//! The search takes its clock as a parameter ([`Clock`]) and uses no threads, so the same code
//! runs natively and in a browser's Web Worker.
//!
//! ```
//! use bluegray_core::{Position, Variant};
//! use bluegray_engine::{Engine, Level, Limits, NoClock};
//!
//! let pos = Position::new(Variant::default().rules);
//! let mut engine = Engine::new(1);
//! let result = engine.search(&pos, &[], &Limits { depth: Some(2), ..Limits::default() }, Level::MAX, &NoClock, &mut |_| {});
//! assert!(result.best.is_some());
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use bluegray_core::{Move, Position};
use std::sync::atomic::{AtomicBool, Ordering};

/// Milliseconds from some fixed origin; the caller supplies it (`performance.now()` in a browser).
pub trait Clock {
    /// The current time in milliseconds.
    fn now_ms(&self) -> f64;
}

/// A clock that never advances: for searches limited by depth or nodes only.
pub struct NoClock;

impl Clock for NoClock {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// The native wall clock.
#[cfg(not(target_arch = "wasm32"))]
pub struct SystemClock(std::time::Instant);

#[cfg(not(target_arch = "wasm32"))]
impl Default for SystemClock {
    fn default() -> SystemClock {
        SystemClock(std::time::Instant::now())
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for SystemClock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

/// Where a search must stop. Unset limits do not apply; with none set, a level's own limits do.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits<'a> {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Most nodes.
    pub nodes: Option<u64>,
    /// Time budget in milliseconds.
    pub movetime_ms: Option<f64>,
    /// Seed for the weaker levels' randomness: equal seeds give equal moves.
    pub seed: u64,
    /// Set from elsewhere to stop the search as soon as possible.
    pub stop: Option<&'a AtomicBool>,
}

/// A playing strength, from 1 (beginner) to [`Level::MAX`] (full strength).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    /// Full strength.
    pub const MAX: Level = Level(8);
    /// The weakest level.
    pub const MIN: Level = Level(1);

    /// The level `n`, clamped to 1..=MAX.
    pub fn new(n: u8) -> Level {
        Level(n.clamp(Level::MIN.0, Level::MAX.0))
    }

    /// Its number.
    pub fn number(self) -> u8 {
        self.0
    }

    /// A short name for menus.
    pub fn name(self) -> &'static str {
        ["Recruit", "Drummer", "Private", "Corporal", "Sergeant", "Lieutenant", "Colonel", "General"]
            [(self.0 - 1) as usize]
    }

    /// All levels, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (Level::MIN.0..=Level::MAX.0).map(Level)
    }
}

/// A search score from the side to move's point of view, in centi-steps of captain progress;
/// wins and losses are beyond ±[`MATE`].
pub type Score = i32;

/// Scores at or beyond this are forced wins; `MATE + 1000 - plies` prefers faster ones.
pub const MATE: Score = 1_000_000;

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

/// A reusable searcher holding the transposition table.
pub struct Engine {
    nodes: u64,
}

impl Engine {
    /// An engine whose transposition table uses about `tt_mb` megabytes.
    pub fn new(_tt_mb: usize) -> Engine {
        Engine { nodes: 0 }
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {}

    /// Searches `pos` for the side to move. `history` holds the hashes of the game's earlier
    /// positions (oldest first) for repetition detection. Calls `on_info` after each iteration.
    pub fn search(
        &mut self,
        pos: &Position,
        _history: &[u64],
        limits: &Limits,
        _level: Level,
        _clock: &dyn Clock,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        // Placeholder: fixed-depth negamax on captain progress and material, to be replaced by
        // the real search.
        self.nodes = 0;
        let depth = limits.depth.unwrap_or(3).max(1);
        let mut best = None;
        let mut best_score = -MATE * 2;
        for m in pos.legal_moves() {
            let s = -self.negamax(&pos.played(&m), depth - 1);
            if s > best_score {
                best_score = s;
                best = Some(m);
            }
            if limits.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                break;
            }
        }
        let pv: Vec<Move> = best.into_iter().collect();
        on_info(&SearchInfo { depth, score: best_score, nodes: self.nodes, time_ms: 0.0, pv: pv.clone() });
        SearchResult { best, score: best_score, depth, nodes: self.nodes, pv }
    }

    fn negamax(&mut self, pos: &Position, depth: u32) -> Score {
        self.nodes += 1;
        if let Some(o) = pos.outcome() {
            return if o.winner == Some(pos.side_to_move()) { MATE } else { -MATE };
        }
        let moves = pos.legal_moves();
        if depth == 0 || moves.is_empty() {
            let us = pos.side_to_move();
            let prog = pos.progress(us) as i32 - pos.progress(us.other()) as i32;
            let mat = pos.guards(us).count() as i32 - pos.guards(us.other()).count() as i32;
            return prog * 100 + mat * 50;
        }
        moves.iter().map(|m| -self.negamax(&pos.played(m), depth - 1)).max().unwrap_or(0)
    }
}
