//! The transposition table: a fixed-size hash table of search results keyed by Zobrist hash.

use crate::score::{Score, MATE};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is exact.
    Exact,
    /// The true value is at least the score (a beta cutoff).
    Lower,
    /// The true value is at most the score (no move raised alpha).
    Upper,
}

/// One stored result. The best move is kept as its index in the position's legal move list,
/// which move generation produces in a fixed order: 16 bytes instead of a whole `Move`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    key: u64,
    score: i32,
    move_index: u16,
    depth: u8,
    bound: Bound,
}

const EMPTY: Entry = Entry {
    key: 0,
    score: 0,
    move_index: NO_MOVE,
    depth: 0,
    bound: Bound::Upper,
};

/// `move_index` of an entry with no best move.
const NO_MOVE: u16 = u16::MAX;

/// A probe's answer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    /// The score, already converted to be relative to the probing node's ply.
    pub score: Score,
    pub depth: u32,
    pub bound: Bound,
    /// Index of the best move in the legal move list, if one was stored.
    pub move_index: Option<usize>,
}

/// Buckets of two entries: the first keeps the deepest result, the second always takes the
/// newest, so deep results survive while recent ones are still found.
///
/// The memory is taken at the first search ([`Tt::allocate`]), not when the table is made: an
/// engine that never searches (a match player whose games end early, an engine process that is
/// only asked for `isready`) costs nothing.
pub(crate) struct Tt {
    buckets: Vec<[Entry; 2]>,
    mask: usize,
    /// Buckets wanted: a power of two, so that indexing is a mask.
    wanted: usize,
}

impl Tt {
    /// A table of about `mb` megabytes (at least one bucket), not yet allocated.
    pub fn new(mb: usize) -> Tt {
        let bytes = mb.saturating_mul(1 << 20);
        let wanted = (bytes / std::mem::size_of::<[Entry; 2]>()).max(1);
        let wanted = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        Tt {
            buckets: Vec::new(),
            mask: 0,
            wanted,
        }
    }

    /// Takes the table's memory if it has none yet. When the system refuses that much, a table
    /// half the size is tried, and so on: a smaller table only makes the search slower, while a
    /// failed allocation would abort the process.
    pub fn allocate(&mut self) {
        let mut count = self.wanted;
        while self.buckets.is_empty() {
            if self.buckets.try_reserve_exact(count).is_ok() {
                self.buckets.resize(count, [EMPTY; 2]);
                self.mask = count - 1;
            } else if count == 1 {
                // Not even one bucket: search without a table (probes miss, stores are dropped).
                return;
            } else {
                count /= 2;
            }
        }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.buckets.fill([EMPTY; 2]);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        key as usize & self.mask
    }

    /// The stored result for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let b = self.buckets.get(self.bucket(key))?;
        let e = b.iter().find(|e| e.key == key && key != 0)?;
        Some(Hit {
            score: from_tt(e.score, ply),
            depth: e.depth as u32,
            bound: e.bound,
            move_index: (e.move_index != NO_MOVE).then_some(e.move_index as usize),
        })
    }

    /// Stores a result searched to `depth` at `ply`.
    #[inline]
    pub fn store(
        &mut self,
        key: u64,
        ply: usize,
        depth: u32,
        score: Score,
        bound: Bound,
        move_index: Option<usize>,
    ) {
        let i = self.bucket(key);
        let Some(b) = self.buckets.get_mut(i) else {
            return;
        };
        let mut entry = Entry {
            key,
            score: to_tt(score, ply),
            move_index: move_index.map_or(NO_MOVE, |m| m.min(NO_MOVE as usize - 1) as u16),
            depth: depth.min(255) as u8,
            bound,
        };
        let slot = if b[0].key == key || entry.depth >= b[0].depth {
            0
        } else {
            1
        };
        // Keep the old best move when the new result has none: it still orders moves well.
        if entry.move_index == NO_MOVE && b[slot].key == key {
            entry.move_index = b[slot].move_index;
        }
        if slot == 0 && b[0].key != key && b[0].key != 0 {
            // The displaced deep entry moves to the always-replace slot rather than vanishing.
            b[1] = b[0];
        }
        b[slot] = entry;
    }
}

/// Win and loss scores count plies from the root; the table stores them counted from the node
/// so that an entry stays right when reached at another ply.
#[inline]
fn to_tt(score: Score, ply: usize) -> i32 {
    if score >= MATE {
        score + ply as i32
    } else if score <= -MATE {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
fn from_tt(score: i32, ply: usize) -> Score {
    if score >= MATE {
        score - ply as i32
    } else if score <= -MATE {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_with_mate_scores_relative_to_ply() {
        let mut tt = Tt::new(1);
        tt.allocate();
        tt.store(42, 3, 5, MATE + 990, Bound::Exact, Some(7));
        let hit = tt.probe(42, 5).unwrap();
        assert_eq!(hit.score, MATE + 988);
        assert_eq!(hit.depth, 5);
        assert_eq!(hit.move_index, Some(7));
        assert!(tt.probe(43, 0).is_none());
        tt.clear();
        assert!(tt.probe(42, 5).is_none());
    }

    #[test]
    fn size_follows_the_budget() {
        let allocated = |mb| {
            let mut tt = Tt::new(mb);
            assert!(tt.buckets.is_empty(), "allocated lazily");
            tt.allocate();
            tt.buckets.len()
        };
        assert_eq!(allocated(16) * 32, 16 << 20);
        assert_eq!(allocated(0), 1);
    }
}
