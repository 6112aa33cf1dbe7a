//! Perft: counting the leaves of the legal-move tree, the reference check of move generation
//! (docs/RULES.md §8).
//!
//! A position won by breakthrough or lead has no moves, so it adds nothing at greater depths,
//! as a mate does in chess perft. Impasse rules are ignored: they depend on history.

use crate::moves::Move;
use crate::position::Position;

/// Leaf count of the legal-move tree `depth` plies deep.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut buffers = vec![Vec::with_capacity(64); depth as usize];
    perft_with(pos, depth, &mut buffers)
}

fn perft_with(pos: &Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    match depth {
        0 => 1,
        // Bulk counting: the last ply's moves are counted, not played.
        1 => pos.count_moves(),
        _ => {
            let Some((moves, rest)) = buffers.split_first_mut() else {
                return 0;
            };
            pos.legal_moves_into(moves);
            moves
                .iter()
                .map(|m| perft_with(&pos.played(m), depth - 1, rest))
                .sum()
        }
    }
}

/// Leaf counts below each root move, in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| (m, perft(&pos.played(&m), depth - 1)))
        .collect()
}
