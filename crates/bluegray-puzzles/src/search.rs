//! The exact proof search: an AND-OR search over the rules core's legal moves.
//!
//! The solver (the side to move at the puzzle's start) must win; the defender answers every
//! way it can. A **win** is a breakthrough or a win by the lead rule ([`Position::outcome`]); a
//! game that ends any other way (no legal move, or the no-progress limit) is no win for the
//! solver. Within a puzzle's few plies no position can occur three times, so repetition never
//! decides anything here.
//!
//! The search stops at the first move that proves a node (an OR node: one winning move is
//! enough) or refutes it (an AND node: one defence that holds is enough). Move lists live in
//! one buffer per ply, reused, so a search allocates nothing after its first few nodes. A node
//! limit bounds the work on any input.

use bluegray_core::{CaptainMode, Color, Move, MoveKind, Position, PATH_STEPS};

/// The most positions one search may visit before it gives up. Checking every first move of
/// the committed set's hardest puzzle takes about ten thousand; the limit leaves room for the
/// harder positions a page may give, and keeps a search well under a second or two in wasm.
pub const NODE_LIMIT: u64 = 1_000_000;

/// The search ran past [`NODE_LIMIT`] positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LimitReached;

/// Whether the game is over in `pos` without a legal move being needed to tell: a win
/// (breakthrough or lead) or the no-progress limit.
pub fn ended_by_rule(pos: &Position) -> bool {
    if pos.outcome().is_some() {
        return true;
    }
    let limit = pos.rules().impasse_plies;
    limit > 0 && pos.no_progress() >= limit
}

/// Whether `side` has won in `pos` (breakthrough or lead).
pub fn has_won(pos: &Position, side: Color) -> bool {
    pos.outcome().is_some_and(|o| o.winner == Some(side))
}

/// Whether the side to move in `pos` has a move that wins at once, read from the captain's
/// path without generating moves: no capture may be due (a capture is compulsory, and a
/// captain never captures), and the farthest point its captain can reach (one step, or a turbo
/// slide over empty points) must be the red dot or give the lead. The same answer as playing
/// every legal captain move and asking [`has_won`], which the tests check.
pub fn wins_at_once(pos: &Position) -> bool {
    if ended_by_rule(pos) || pos.has_capture() {
        return false;
    }
    let me = pos.side_to_move();
    let progress = pos.progress(me);
    let path = pos.path(me);
    let occupied = pos.occupied();
    let last = match pos.rules().captain {
        CaptainMode::Standard => progress.saturating_add(1).min(PATH_STEPS),
        CaptainMode::Turbo => PATH_STEPS,
    };
    let mut reach = progress;
    for k in progress + 1..=last {
        if occupied.contains(path.point(k)) {
            break;
        }
        reach = k;
    }
    if reach == progress {
        return false;
    }
    let lead = pos.rules().lead;
    reach == PATH_STEPS
        || (lead > 0 && u16::from(reach) >= u16::from(pos.progress(me.other())) + u16::from(lead))
}

/// Whether the game is over in `pos` for any reason: a win, no legal move, or the no-progress
/// limit.
pub fn is_over(pos: &Position) -> bool {
    ended_by_rule(pos) || pos.count_moves() == 0
}

/// A proof search with its node count and move buffers.
pub struct Prover {
    nodes: u64,
    limit: u64,
    buffers: Vec<Vec<Move>>,
}

impl Default for Prover {
    fn default() -> Prover {
        Prover::new()
    }
}

impl Prover {
    /// A prover with the standard node limit.
    pub fn new() -> Prover {
        Prover::with_limit(NODE_LIMIT)
    }

    /// A prover that visits at most `limit` positions in all.
    pub fn with_limit(limit: u64) -> Prover {
        Prover {
            nodes: 0,
            limit,
            buffers: Vec::new(),
        }
    }

    /// Positions visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn tick(&mut self) -> Result<(), LimitReached> {
        self.nodes += 1;
        if self.nodes > self.limit {
            Err(LimitReached)
        } else {
            Ok(())
        }
    }

    /// The legal moves of `pos` in the buffer of `ply`, taken out of the prover (put it back
    /// with [`Prover::give_back`]).
    fn moves(&mut self, pos: &Position, ply: usize) -> Vec<Move> {
        while self.buffers.len() <= ply {
            self.buffers.push(Vec::with_capacity(64));
        }
        let mut buf = std::mem::take(&mut self.buffers[ply]);
        pos.legal_moves_into(&mut buf);
        buf
    }

    fn give_back(&mut self, ply: usize, buf: Vec<Move>) {
        self.buffers[ply] = buf;
    }

    /// Whether the side to move in `pos` can force a win within `n` of its own moves against
    /// every defence.
    pub fn wins_within(&mut self, pos: &Position, n: u8) -> Result<bool, LimitReached> {
        self.win(pos, n, 0)
    }

    /// Whether, with the defender to move in `pos`, the other side (the solver) wins within
    /// `n` of its own moves whatever the defender plays. A game already over is no win unless
    /// the solver has won it.
    pub fn holds_after(&mut self, pos: &Position, n: u8) -> Result<bool, LimitReached> {
        let solver = pos.side_to_move().other();
        if has_won(pos, solver) {
            return Ok(true);
        }
        if n == 0 || ended_by_rule(pos) {
            return Ok(false);
        }
        self.defend(pos, n, 0)
    }

    /// Whether a solver's move `m` in `pos` wins within `n` of the solver's moves, `m`
    /// included.
    pub fn move_wins_within(
        &mut self,
        pos: &Position,
        m: &Move,
        n: u8,
    ) -> Result<bool, LimitReached> {
        if n == 0 {
            return Ok(false);
        }
        self.holds_after(&pos.played(m), n - 1)
    }

    /// The fewest solver's moves, at most `max`, in which the side to move wins by force;
    /// `None` if it cannot within `max`.
    pub fn distance(&mut self, pos: &Position, max: u8) -> Result<Option<u8>, LimitReached> {
        for n in 1..=max {
            if self.win(pos, n, 0)? {
                return Ok(Some(n));
            }
        }
        Ok(None)
    }

    /// OR node: the solver is to move in `pos`, which may be over.
    fn win(&mut self, pos: &Position, n: u8, ply: usize) -> Result<bool, LimitReached> {
        self.tick()?;
        if n == 0 || ended_by_rule(pos) || !within_reach(pos, n) {
            return Ok(false);
        }
        if wins_at_once(pos) {
            return Ok(true);
        }
        if n == 1 {
            return Ok(false);
        }
        let moves = self.moves(pos, ply);
        let result = self.win_moves(pos, &moves, n, ply);
        self.give_back(ply, moves);
        result
    }

    fn win_moves(
        &mut self,
        pos: &Position,
        moves: &[Move],
        n: u8,
        ply: usize,
    ) -> Result<bool, LimitReached> {
        // No move wins at once (the caller checked): captain moves first: they are the moves that make progress.
        for m in in_two_passes(moves, |m| m.kind() == MoveKind::Captain) {
            let next = pos.played(m);
            if !ended_by_rule(&next) && self.defend(&next, n - 1, ply + 1)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// AND node: the defender is to move in `pos` (not over by rule); true when the solver
    /// wins within `n` of its moves against every defence.
    fn defend(&mut self, pos: &Position, n: u8, ply: usize) -> Result<bool, LimitReached> {
        self.tick()?;
        let solver = pos.side_to_move().other();
        if !within_reach_of(pos, solver, n) || wins_at_once(pos) {
            return Ok(false);
        }
        let moves = self.moves(pos, ply);
        let result = self.defend_moves(pos, &moves, n, ply);
        self.give_back(ply, moves);
        result
    }

    fn defend_moves(
        &mut self,
        pos: &Position,
        moves: &[Move],
        n: u8,
        ply: usize,
    ) -> Result<bool, LimitReached> {
        if moves.is_empty() {
            // No legal move: an impasse, which is no win for the puzzle.
            return Ok(false);
        }
        // The defender has no win at once (the caller checked). Captain moves and captures
        // first: they refute most often.
        for m in in_two_passes(moves, |m| m.kind() != MoveKind::Step) {
            if !self.win(&pos.played(m), n, ply + 1)? {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

/// `moves` in two passes: first those `first` picks, then the others (a cheap move ordering).
fn in_two_passes(
    moves: &[Move],
    first: impl Fn(&Move) -> bool + Copy,
) -> impl Iterator<Item = &Move> {
    [true, false]
        .into_iter()
        .flat_map(move |pass| moves.iter().filter(move |m| first(m) == pass))
}

/// Whether the side to move in `pos` could possibly win within `n` of its moves, judged by
/// captain progress alone: a standard captain gains one step a move, and only its moves gain.
fn within_reach(pos: &Position, n: u8) -> bool {
    within_reach_of(pos, pos.side_to_move(), n)
}

fn within_reach_of(pos: &Position, side: Color, n: u8) -> bool {
    if pos.rules().captain == CaptainMode::Turbo {
        return true;
    }
    let ours = pos.progress(side);
    if ours + n >= PATH_STEPS {
        return true;
    }
    let lead = pos.rules().lead;
    lead > 0
        && u16::from(ours) + u16::from(n) >= u16::from(pos.progress(side.other())) + u16::from(lead)
}

/// The defender's immediate wins in `pos` (the defender to move): its captain moves that win
/// at once.
pub fn immediate_wins(pos: &Position) -> Vec<Move> {
    let me = pos.side_to_move();
    if ended_by_rule(pos) {
        return Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .filter(|m| m.kind() == MoveKind::Captain && has_won(&pos.played(m), me))
        .collect()
}
