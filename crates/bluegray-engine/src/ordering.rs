//! Move ordering: the transposition-table move first, then captures taking the most, captain
//! moves, killer moves and finally quiet moves by their history score. Good ordering is what
//! makes alpha-beta cut: most nodes are refuted by the first move tried.

use bluegray_core::{Color, Move, MoveKind, NUM_POINTS};

use crate::depth::MAX_PLY;

const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 28;
const CAPTAIN: i32 = 1 << 27;
const KILLER: i32 = 1 << 26;
/// History scores stay within ±HISTORY_MAX, below every bonus above.
const HISTORY_MAX: i32 = 1 << 14;

/// What the search has learned about good moves: killers per ply, history per side and
/// from/to pair.
pub(crate) struct Heuristics {
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: Vec<i32>,
}

impl Heuristics {
    pub fn new() -> Heuristics {
        Heuristics {
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; 2 * NUM_POINTS * NUM_POINTS],
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.killers = [[None; 2]; MAX_PLY];
        self.history.fill(0);
    }

    /// Before a new search: killers belong to the old tree's plies, history ages by half.
    pub fn age(&mut self) {
        self.killers = [[None; 2]; MAX_PLY];
        for h in &mut self.history {
            *h /= 2;
        }
    }

    #[inline]
    fn slot(side: Color, m: &Move) -> usize {
        (side.index() * NUM_POINTS + m.from().index()) * NUM_POINTS + m.to().index()
    }

    /// Fills `keys` with an ordering key for each move, higher first.
    pub fn score_moves(
        &self,
        moves: &[Move],
        keys: &mut Vec<i32>,
        side: Color,
        ply: usize,
        tt_move: Option<usize>,
    ) {
        keys.clear();
        let [k1, k2] = self.killers[ply];
        for (i, m) in moves.iter().enumerate() {
            let key = if Some(i) == tt_move {
                TT_MOVE
            } else {
                match m.kind() {
                    MoveKind::Capture => CAPTURE + 64 * m.capture_count() as i32,
                    // A longer turbo slide first.
                    MoveKind::Captain => CAPTAIN + m.to().index() as i32,
                    MoveKind::Step if Some(*m) == k1 => KILLER + 1,
                    MoveKind::Step if Some(*m) == k2 => KILLER,
                    MoveKind::Step => self.history[Heuristics::slot(side, m)],
                }
            };
            keys.push(key);
        }
    }

    /// Rewards a quiet move that caused a cutoff and penalises the quiet moves tried before it
    /// (those whose key [`pick_next`] has marked).
    pub fn reward(
        &mut self,
        side: Color,
        ply: usize,
        depth: u32,
        good: &Move,
        moves: &[Move],
        keys: &[i32],
    ) {
        if self.killers[ply][0] != Some(*good) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(*good);
        }
        let bonus = (depth * depth).min(400) as i32;
        self.nudge(Heuristics::slot(side, good), bonus);
        for (m, &k) in moves.iter().zip(keys) {
            if k == PICKED && m.kind() == MoveKind::Step && m != good {
                self.nudge(Heuristics::slot(side, m), -bonus);
            }
        }
    }

    /// Moves a history score towards ±HISTORY_MAX, more slowly the nearer it is: scores stay
    /// bounded and recent evidence outweighs old.
    #[inline]
    fn nudge(&mut self, slot: usize, bonus: i32) {
        let h = &mut self.history[slot];
        *h += bonus * 32 - *h * bonus.abs() * 32 / HISTORY_MAX;
        *h = (*h).clamp(-HISTORY_MAX, HISTORY_MAX);
    }
}

/// A key marking a move already searched.
const PICKED: i32 = i32::MIN;

/// The index and key of the best-keyed move not yet picked, which it marks picked: a lazy
/// selection sort, cheap when a cutoff comes early. Moves keep their places, so an index stays
/// the move's place in generation order, which is what the transposition table stores.
#[inline]
pub(crate) fn pick_next(keys: &mut [i32]) -> Option<(usize, i32)> {
    // Two passes beat one: the maximum is a branch-free (vectorised) scan, and finding its
    // first place stops early.
    let key = keys.iter().copied().max()?;
    if key == PICKED {
        return None;
    }
    let best = keys.iter().position(|&k| k == key)?;
    keys[best] = PICKED;
    Some((best, key))
}

/// Whether a key is a killer's or better: such moves are never reduced.
#[inline]
pub(crate) fn is_special(key: i32) -> bool {
    key >= KILLER
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_in_key_order_then_stops() {
        let mut keys = vec![3, 9, -2, 9];
        let order: Vec<usize> =
            std::iter::from_fn(|| pick_next(&mut keys).map(|(i, _)| i)).collect();
        assert_eq!(order, [1, 3, 0, 2]);
    }
}
