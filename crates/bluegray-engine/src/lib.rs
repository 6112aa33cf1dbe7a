//! The computer opponent for Blue and Gray.
//!
//! Iterative-deepening alpha-beta (negamax with principal variation search and aspiration
//! windows) over the rules of `bluegray-core`, with a transposition table of fixed size, move
//! ordering by TT move, captures, killers and history, a quiescence search that resolves every
//! capture chain, and an evaluation built on the captains' race ([`eval`]). Weaker [`Level`]s
//! search less deeply and blur their evaluation with seeded noise.
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
//!
//! // A game, with its history for the repetition rule:
//! let mut game = bluegray_core::Game::new(Variant::default());
//! game.play_text("e2-e3")?;
//! let level = Level::try_from(3u8)?;
//! let result = engine.search_game(&game, &Limits::default(), level, &NoClock, &mut |_| {});
//! assert_eq!(result.best.map(|m| game.legal_moves().contains(&m)), Some(true));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::sync::atomic::AtomicBool;

use bluegray_core::{Game, Position, Rules};

pub mod balance;
mod clock;
mod depth;
pub mod eval;
pub mod explorer;
mod level;
mod ordering;
mod report;
mod score;
mod search;
mod tt;

#[cfg(not(target_arch = "wasm32"))]
pub use clock::SystemClock;
pub use clock::{Clock, NoClock};
pub use depth::MAX_DEPTH;
pub use level::{Level, LevelError, LevelParams};
pub use report::{SearchInfo, SearchResult};
pub use score::{mate_in, score_text, win_chance, Score, MATE, WIN_CHANCE_SCALE};

use ordering::Heuristics;
use search::{Bounds, Buffers, Search};
use tt::Tt;

/// Where a search must stop. Unset limits do not apply; with none set, a level's own limits do.
/// A level's caps (see [`LevelParams`]) apply in every case.
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

/// Of a time budget, the share the search may use: the rest covers unwinding the search and
/// the gaps between clock readings.
const TIME_SHARE: f64 = 0.95;

/// The largest transposition table an [`Engine`] takes, in megabytes.
pub const MAX_TT_MB: usize = 4096;

/// The transposition table size every interface uses unless told otherwise, in megabytes.
pub const DEFAULT_HASH_MB: usize = 16;

/// What an engine uses besides its transposition table once it has searched (per-ply move
/// lists, the evaluation cache, move-ordering history), in megabytes, rounded up: for callers
/// that budget the memory of many engines.
pub const ENGINE_BASE_MB: usize = 2;

/// A reusable searcher holding the transposition table and the other memory searches share.
pub struct Engine {
    tt: Tt,
    heuristics: Heuristics,
    /// Made at the first search, like the table's memory.
    buffers: Option<Box<Buffers>>,
    /// The noise and seed of the last search: noisy scores left in the table by one must not
    /// steer another.
    last_noise: (i32, u64),
    /// The rules of the last search. Position hashes do not cover the rules (the start
    /// positions of `sackson` and `classic` hash alike), so another variant's scores must go.
    last_rules: Option<Rules>,
}

impl Engine {
    /// An engine whose transposition table uses about `tt_mb` megabytes, 1 to [`MAX_TT_MB`]
    /// (other values are clamped). The table and the search's buffers are allocated at the
    /// first search, so an engine that never searches costs next to nothing.
    pub fn new(tt_mb: usize) -> Engine {
        Engine {
            tt: Tt::new(tt_mb.clamp(1, MAX_TT_MB)),
            heuristics: Heuristics::new(),
            buffers: None,
            last_noise: (0, 0),
            last_rules: None,
        }
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.heuristics.clear();
    }

    /// Searches the current position of `game` for the side to move, knowing the game's earlier
    /// positions for the repetition rule. A finished game (including an impasse, which only the
    /// game's history shows) gets no move: `best` is `None` and `depth` 0.
    pub fn search_game(
        &mut self,
        game: &Game,
        limits: &Limits,
        level: Level,
        clock: &dyn Clock,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        if game.outcome().is_some() {
            return SearchResult {
                best: None,
                score: 0,
                depth: 0,
                nodes: 0,
                pv: Vec::new(),
            };
        }
        let (before, _) = game.positions().split_at(game.positions().len() - 1);
        let history: Vec<u64> = before.iter().map(Position::hash).collect();
        self.search(game.position(), &history, limits, level, clock, on_info)
    }

    /// Searches `pos` for the side to move. `history` holds the hashes of the game's earlier
    /// positions (oldest first) for repetition detection. Calls `on_info` after each iteration.
    /// [`Engine::search_game`] builds the history from a [`Game`].
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        level: Level,
        clock: &dyn Clock,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let params = level.params();
        let any_limit =
            limits.depth.is_some() || limits.nodes.is_some() || limits.movetime_ms.is_some();
        let nodes = if any_limit {
            limits.nodes
        } else {
            params.default_nodes
        };
        let noise = (params.noise, if params.noise > 0 { limits.seed } else { 0 });
        if self.last_rules != Some(*pos.rules()) {
            self.clear();
            self.last_rules = Some(*pos.rules());
        }
        if noise != self.last_noise {
            self.tt.clear();
            self.last_noise = noise;
        }
        self.tt.allocate();
        let buffers = self.buffers.get_or_insert_with(|| Box::new(Buffers::new()));
        let start = clock.now_ms();
        let bounds = Bounds {
            max_depth: min_some(limits.depth, params.max_depth)
                .unwrap_or(MAX_DEPTH)
                .clamp(1, MAX_DEPTH),
            node_limit: min_some(nodes, params.max_nodes).unwrap_or(u64::MAX).max(1),
            deadline_ms: limits
                .movetime_ms
                .filter(|t| !t.is_nan())
                .map_or(f64::INFINITY, |t| start + t.max(0.0) * TIME_SHARE),
            stop: limits.stop,
            quick_single_reply: limits.depth.is_none(),
            noise: params.noise,
            seed: limits.seed,
        };
        Search::new(&mut self.tt, &mut self.heuristics, buffers, clock, bounds)
            .run(pos, history, on_info)
    }
}

/// The smaller of two optional limits, either of which may be absent.
fn min_some<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}
