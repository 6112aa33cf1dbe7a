//! The search: iterative deepening negamax with principal variation search, aspiration
//! windows, a transposition table, late move reductions, an extension for forced moves and a
//! quiescence search that plays out every capture sequence before evaluating.
//!
//! Captures are compulsory, so a position where the side to move can capture is never quiet:
//! there is no "stand pat" option. Quiescence therefore searches all captures with no static
//! cutoff, and a chain of forced captures is always resolved before a score is believed.

use std::sync::atomic::{AtomicBool, Ordering};

use bluegray_core::rng::mix;
use bluegray_core::{Move, MoveKind, Outcome, Position};

use crate::clock::Clock;
use crate::depth::MAX_PLY;
use crate::eval::{captain_wins_next, evaluate};
use crate::ordering::{is_special, pick_next, Heuristics};
use crate::report::{SearchInfo, SearchResult};
use crate::score::{win_in, Score, MATE};
use crate::tt::{Bound, Tt};
/// Beyond every score.
const INFINITY: Score = MATE + 2000;
/// How often, in nodes, the clock and the stop flag are read.
const CHECK_EVERY: u64 = 256;
/// First half-width of an aspiration window.
const ASPIRATION: Score = 35;
/// Entries in the evaluation cache (a power of two).
const EVAL_CACHE: usize = 1 << 15;

/// Per-ply buffers, kept between searches so that no node allocates.
pub(crate) struct Buffers {
    moves: Vec<Vec<Move>>,
    keys: Vec<Vec<i32>>,
    pv: Vec<Vec<Move>>,
    /// Hashes of the game's positions, then of the positions on the current search path.
    stack: Vec<u64>,
    /// Recent static evaluations by position hash. Transpositions reach the same quiet leaves
    /// again and again, and evaluating is the search's single largest cost. Cleared by every
    /// search, since the rules (and so the evaluation) may differ between searches.
    evals: Vec<(u64, Score)>,
}

impl Buffers {
    pub fn new() -> Buffers {
        Buffers {
            moves: (0..MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            keys: (0..MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            pv: (0..MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            stack: Vec::with_capacity(1024),
            evals: vec![(0, 0); EVAL_CACHE],
        }
    }
}

/// Where a search must stop, resolved from the caller's limits and the level.
pub(crate) struct Bounds<'a> {
    pub max_depth: u32,
    pub node_limit: u64,
    /// Clock reading after which the search stops; infinite without a time budget.
    pub deadline_ms: f64,
    pub stop: Option<&'a AtomicBool>,
    /// Whether a position with one legal move is answered after the first iteration: right
    /// when playing, wrong when the caller asked for a depth to analyse.
    pub quick_single_reply: bool,
    /// Half-width of the evaluation noise; 0 for full strength.
    pub noise: i32,
    pub seed: u64,
}

/// One search in progress.
pub(crate) struct Search<'a> {
    tt: &'a mut Tt,
    heur: &'a mut Heuristics,
    buf: &'a mut Buffers,
    clock: &'a dyn Clock,
    bounds: Bounds<'a>,
    start_ms: f64,
    nodes: u64,
    next_check: u64,
    stopped: bool,
    /// Extensions only below this ply, so that forced sequences cannot run away.
    extension_limit: usize,
    /// The best root move of the current iteration so far, kept for when time runs out.
    root_best: Option<(Move, Score)>,
}

impl<'a> Search<'a> {
    pub fn new(
        tt: &'a mut Tt,
        heur: &'a mut Heuristics,
        buf: &'a mut Buffers,
        clock: &'a dyn Clock,
        bounds: Bounds<'a>,
    ) -> Search<'a> {
        let start_ms = clock.now_ms();
        Search {
            tt,
            heur,
            buf,
            clock,
            start_ms,
            nodes: 0,
            next_check: CHECK_EVERY.min(bounds.node_limit),
            bounds,
            stopped: false,
            extension_limit: 0,
            root_best: None,
        }
    }

    /// Iterative deepening from `pos`, whose game went through the positions hashed in
    /// `history`. Calls `on_info` after every completed iteration.
    pub fn run(
        &mut self,
        pos: &Position,
        history: &[u64],
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            let score = match pos.outcome() {
                Some(o) => terminal(&o, pos, 0),
                None => adjudicate(pos, 0),
            };
            return SearchResult {
                best: None,
                score,
                depth: 0,
                nodes: 0,
                pv: Vec::new(),
            };
        }
        self.buf.stack.clear();
        self.buf.stack.extend_from_slice(history);
        self.buf.stack.push(pos.hash());
        self.buf.evals.fill((0, 0));
        self.heur.age();

        let mut result = SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
        let mut prev = 0;
        for depth in 1..=self.bounds.max_depth {
            self.extension_limit = (2 * depth as usize + 8).min(MAX_PLY - 8);
            self.root_best = None;
            let score = self.aspiration(pos, depth, prev);
            if self.stopped {
                // A root move that beat the previous best before time ran out is better
                // informed than the previous iteration's choice.
                if let Some((m, s)) = self.root_best {
                    result.best = Some(m);
                    result.score = s;
                    // A re-search that was cut short may have cleared the line behind it.
                    let line = &self.buf.pv[0];
                    result.pv = if line.first() == Some(&m) {
                        line.clone()
                    } else {
                        vec![m]
                    };
                }
                break;
            }
            prev = score;
            result = SearchResult {
                best: self.buf.pv[0].first().copied(),
                score,
                depth,
                nodes: self.nodes,
                pv: self.buf.pv[0].clone(),
            };
            on_info(&SearchInfo {
                depth,
                score,
                nodes: self.nodes,
                time_ms: self.clock.now_ms() - self.start_ms,
                pv: result.pv.clone(),
            });
            let decided = score.abs() >= MATE && win_in(depth as usize) <= score.abs();
            if decided || (legal.len() == 1 && self.bounds.quick_single_reply) {
                break;
            }
        }
        if result.best.is_none() {
            // Stopped before the first iteration finished: the move ordering's favourite.
            let mut keys = Vec::new();
            self.heur
                .score_moves(&legal, &mut keys, pos.side_to_move(), 0, None);
            let first = pick_next(&mut keys).map_or(0, |(i, _)| i);
            result.best = Some(legal[first]);
            result.pv = vec![legal[first]];
        }
        result.nodes = self.nodes;
        result
    }

    /// One iteration, in a narrow window around the last score when it can be trusted,
    /// widening on failure.
    fn aspiration(&mut self, pos: &Position, depth: u32, prev: Score) -> Score {
        let mut delta = ASPIRATION;
        let (mut alpha, mut beta) = if depth >= 4 && prev.abs() < MATE / 2 {
            (prev - delta, prev + delta)
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            let score = self.negamax(pos, depth as i32, alpha, beta, 0);
            if self.stopped {
                return score;
            }
            if score <= alpha {
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
            } else {
                return score;
            }
            delta *= 3;
            if delta > 1000 || score.abs() >= MATE {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    /// Counts a node; reads the clock and the stop flag now and then. True when the search
    /// must stop.
    #[inline]
    fn tick(&mut self) -> bool {
        // Once stopped, nothing more counts: a re-search after a stop must not exceed a node
        // limit.
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.check();
        }
        self.stopped
    }

    #[cold]
    fn check(&mut self) {
        let b = &self.bounds;
        if self.nodes >= b.node_limit
            || b.stop.is_some_and(|s| s.load(Ordering::Relaxed))
            || self.clock.now_ms() >= b.deadline_ms
        {
            self.stopped = true;
        }
        self.next_check = (self.nodes + CHECK_EVERY).min(b.node_limit);
    }

    /// The evaluation, blurred by the level's seeded noise.
    #[inline]
    fn eval(&mut self, pos: &Position) -> Score {
        let key = pos.hash();
        let slot = &mut self.buf.evals[key as usize & (EVAL_CACHE - 1)];
        // Key 0 marks an empty slot; a position hashing to 0 is merely never cached.
        let e = if slot.0 == key && key != 0 {
            slot.1
        } else {
            let e = evaluate(pos);
            *slot = (key, e);
            e
        };
        if self.bounds.noise == 0 {
            return e;
        }
        let span = 2 * self.bounds.noise as u64 + 1;
        let r = mix(pos.hash() ^ mix(self.bounds.seed)) % span;
        e + r as Score - self.bounds.noise
    }

    /// Whether the game is adjudicated here: too long without progress, or a repetition. A
    /// position met again on the path is scored as if the repetition were completed, since
    /// the side that gains by it can repeat it again.
    fn impasse(&self, pos: &Position) -> bool {
        let limit = pos.rules().impasse_plies;
        let since = pos.no_progress();
        if limit > 0 && since >= limit {
            return true;
        }
        // Only positions since the last capture or captain move can be equal to this one.
        let stack = &self.buf.stack;
        let n = stack.len();
        let h = pos.hash();
        let mut back = 2;
        while back <= since as usize && back < n {
            if stack[n - 1 - back] == h {
                return true;
            }
            back += 2;
        }
        false
    }

    /// Records `m` followed by the child's line as the principal variation at `ply`.
    #[inline]
    fn update_pv(&mut self, ply: usize, m: Move) {
        let (here, below) = self.buf.pv.split_at_mut(ply + 1);
        let line = &mut here[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&below[0]);
    }

    fn negamax(
        &mut self,
        pos: &Position,
        mut depth: i32,
        mut alpha: Score,
        mut beta: Score,
        ply: usize,
    ) -> Score {
        self.buf.pv[ply].clear();
        if self.tick() {
            return 0;
        }
        if let Some(o) = pos.outcome() {
            return terminal(&o, pos, ply);
        }
        if ply > 0 {
            if self.impasse(pos) {
                return adjudicate(pos, ply);
            }
            // No line from here can beat a win already found nearer the root.
            alpha = alpha.max(-win_in(ply));
            beta = beta.min(win_in(ply + 1));
            if alpha >= beta {
                return alpha;
            }
        }
        if ply >= MAX_PLY - 1 {
            return self.eval(pos);
        }
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply);
        }
        let pv_node = beta - alpha > 1;
        let key = pos.hash();
        let hit = self.tt.probe(key, ply);
        if let Some(h) = hit {
            let usable = match h.bound {
                Bound::Exact => true,
                Bound::Lower => h.score >= beta,
                Bound::Upper => h.score <= alpha,
            };
            if usable && !pv_node && ply > 0 && h.depth >= depth as u32 {
                return h.score;
            }
        }

        let mut moves = std::mem::take(&mut self.buf.moves[ply]);
        let mut keys = std::mem::take(&mut self.buf.keys[ply]);
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            self.buf.moves[ply] = moves;
            self.buf.keys[ply] = keys;
            return adjudicate(pos, ply);
        }
        // A forced move (often one of a chain of forced captures) costs no breadth: looking
        // one ply further keeps the horizon from falling in the middle of the chain.
        if moves.len() == 1 && ply < self.extension_limit {
            depth += 1;
        }
        let us = pos.side_to_move();
        let tt_move = hit.and_then(|h| h.move_index).filter(|&i| i < moves.len());
        self.heur.score_moves(&moves, &mut keys, us, ply, tt_move);

        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_index = None;
        let mut searched = 0;
        while let Some((i, order_key)) = pick_next(&mut keys) {
            let m = moves[i];
            let child = child_of(pos, &m);
            self.buf.stack.push(child.hash());
            let quiet = m.kind() == MoveKind::Step;
            let score = if searched == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                // Late quiet moves are rarely best: look at them less deeply unless they
                // surprise.
                let reduction = if quiet && depth >= 3 && searched >= 3 && !is_special(order_key) {
                    1 + i32::from(depth >= 6 && searched >= 8)
                } else {
                    0
                };
                let mut s =
                    -self.negamax(&child, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1);
                if s > alpha && reduction > 0 {
                    s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta {
                    s = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
                }
                s
            };
            self.buf.stack.pop();
            if self.stopped {
                self.buf.moves[ply] = moves;
                self.buf.keys[ply] = keys;
                return 0;
            }
            searched += 1;
            if score > best {
                best = score;
                best_index = Some(i);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
                    if ply == 0 {
                        self.root_best = Some((m, score));
                    }
                    if score >= beta {
                        if quiet {
                            self.heur.reward(us, ply, depth as u32, &m, &moves, &keys);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, ply, depth as u32, best, bound, best_index);
        self.buf.moves[ply] = moves;
        self.buf.keys[ply] = keys;
        best
    }

    /// Plays out captures until the side to move has none, then evaluates.
    fn quiesce(&mut self, pos: &Position, mut alpha: Score, beta: Score, ply: usize) -> Score {
        self.buf.pv[ply].clear();
        if self.tick() {
            return 0;
        }
        if let Some(o) = pos.outcome() {
            return terminal(&o, pos, ply);
        }
        if self.impasse(pos) {
            return adjudicate(pos, ply);
        }
        if ply >= MAX_PLY - 1 {
            return self.eval(pos);
        }
        if !pos.has_capture() {
            if captain_wins_next(pos) {
                return win_in(ply + 1);
            }
            return self.eval(pos);
        }
        let mut moves = std::mem::take(&mut self.buf.moves[ply]);
        let mut keys = std::mem::take(&mut self.buf.keys[ply]);
        pos.legal_moves_into(&mut moves);
        self.heur
            .score_moves(&moves, &mut keys, pos.side_to_move(), ply, None);
        let mut best = -INFINITY;
        while let Some((i, _)) = pick_next(&mut keys) {
            let m = moves[i];
            // A capture is irreversible, so the child needs no place on the repetition stack.
            let score = -self.quiesce(&child_of(pos, &m), -beta, -alpha, ply + 1);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.buf.moves[ply] = moves;
        self.buf.keys[ply] = keys;
        if self.stopped {
            0
        } else {
            best
        }
    }
}

/// The score of a finished game for the side to move at `ply`.
fn terminal(o: &Outcome, pos: &Position, ply: usize) -> Score {
    match o.winner {
        Some(w) if w == pos.side_to_move() => win_in(ply),
        Some(_) => -win_in(ply),
        None => 0,
    }
}

/// An impasse at `ply`: the captain further along wins, equal progress is a draw.
fn adjudicate(pos: &Position, ply: usize) -> Score {
    let us = pos.side_to_move();
    match pos.progress(us).cmp(&pos.progress(us.other())) {
        std::cmp::Ordering::Greater => win_in(ply),
        std::cmp::Ordering::Less => -win_in(ply),
        std::cmp::Ordering::Equal => 0,
    }
}

/// The position after `m`: the search's copy-make, compiled as the search is, so that in the web
/// build, whose rules core is built for size (Cargo.toml), it runs at full speed; there one copy,
/// not inlined, serves both callers (inlined, each would carry its own).
#[cfg_attr(target_arch = "wasm32", inline(never))]
fn child_of(pos: &Position, m: &Move) -> Position {
    let mut next = *pos;
    next.play_inline(m);
    next
}
