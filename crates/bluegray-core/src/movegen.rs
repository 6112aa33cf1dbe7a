//! Legal move generation (docs/RULES.md §4): bitboard steps, captain moves, and capture sequences
//! found by depth-first search, each whole sequence one move.

use crate::bitboard::Bitboard;
use crate::geometry::{Direction, EAST, MARKED_FROM, NORTH, PATH_STEPS, SOUTH, WEST};
use crate::moves::{Move, DIRECTIONS};
use crate::point::{Color, Point, NUM_POINTS};
use crate::position::Position;
use crate::variant::{CaptainMode, Diagonals, Jumps};

/// `NEIGHBOR[d][p]`: the point one step from `p` in direction `d` of [`DIRECTIONS`], or `NONE`.
static NEIGHBOR: [[u8; NUM_POINTS]; 8] = {
    let mut t = [[NONE; NUM_POINTS]; 8];
    let mut d = 0;
    while d < 8 {
        let mut i = 0;
        while i < NUM_POINTS {
            let p = Point::from_index_unchecked(i as u8);
            if let Some(q) = p.offset(DIRECTIONS[d].0, DIRECTIONS[d].1) {
                t[d][i] = q.index() as u8;
            }
            i += 1;
        }
        d += 1;
    }
    t
};
const NONE: u8 = u8::MAX;

/// The index of `d` in [`DIRECTIONS`], which the tables above are indexed by.
const fn dir(d: Direction) -> u8 {
    let mut i = 0;
    while i < DIRECTIONS.len() {
        if DIRECTIONS[i].0 == d.0 && DIRECTIONS[i].1 == d.1 {
            return i as u8;
        }
        i += 1;
    }
    panic!("not one of the eight directions")
}

/// A sergeant's orthogonal directions (its jumps under `jumps=orthogonal`).
const ORTHOGONAL_DIRS: &[u8] = &[dir(NORTH), dir(SOUTH), dir(EAST), dir(WEST)];
/// All eight directions (a sergeant's jumps under `jumps=any`).
const ALL_DIRS: &[u8] = &[0, 1, 2, 3, 4, 5, 6, 7];
/// A Blue private's directions: forward (north) and sideways.
const BLUE_PRIVATE_DIRS: &[u8] = &[dir(NORTH), dir(EAST), dir(WEST)];
/// A Gray private's directions: forward (south) and sideways.
const GRAY_PRIVATE_DIRS: &[u8] = &[dir(SOUTH), dir(EAST), dir(WEST)];

/// Where generated moves go: a list, or just a count (for perft's last ply).
pub(crate) trait MoveSink {
    fn push(&mut self, m: Move);
    /// Adds `n` moves without building them.
    fn add_count(&mut self, n: u64, build: impl FnOnce(&mut Self));
}

impl MoveSink for Vec<Move> {
    #[inline]
    fn push(&mut self, m: Move) {
        Vec::push(self, m);
    }
    #[inline]
    fn add_count(&mut self, _n: u64, build: impl FnOnce(&mut Self)) {
        build(self);
    }
}

/// Counts moves.
pub(crate) struct Counter(pub u64);

impl MoveSink for Counter {
    #[inline]
    fn push(&mut self, _m: Move) {
        self.0 += 1;
    }
    #[inline]
    fn add_count(&mut self, n: u64, _build: impl FnOnce(&mut Self)) {
        self.0 += n;
    }
}

impl Position {
    /// The points no guard may move to: occupied points and the red dot.
    #[inline]
    fn guard_free(&self) -> Bitboard {
        !self.occupied().with(Point::CENTRE)
    }

    #[inline]
    fn sergeant_jump_dirs(&self) -> &'static [u8] {
        match self.rules.jumps {
            Jumps::Orthogonal => ORTHOGONAL_DIRS,
            Jumps::Any => ALL_DIRS,
        }
    }

    #[inline]
    fn private_dirs(side: Color) -> &'static [u8] {
        match side {
            Color::Blue => BLUE_PRIVATE_DIRS,
            Color::Gray => GRAY_PRIVATE_DIRS,
        }
    }

    /// Whether the side to move has a capture, which makes every other move illegal.
    // Inlined, as `legal_moves_into` is: the search calls both at every node, and so compiles
    // them at its own speed in the web build, whose rules core is built for size (Cargo.toml).
    #[inline]
    pub fn has_capture(&self) -> bool {
        let us = self.side;
        let enemy = self.guards[us.other().index()];
        let free = self.guard_free();
        let ours = self.guards[us.index()];
        let sergeants = ours & !self.privates;
        // Privates jump forward and sideways, as sergeants do; backward and diagonally only
        // sergeants do, and diagonally only under `jumps=any`. Every shift has constant
        // arguments so that each compiles to a few instructions: this runs at every node.
        let (forward, backward) = match us {
            Color::Blue => (1, -1),
            Color::Gray => (-1, 1),
        };
        let over = |movers: Bitboard, df: i8, dr: i8| {
            ((movers.shift(df, dr) & enemy).shift(df, dr) & free).any()
        };
        if over(ours, 1, 0) || over(ours, -1, 0) || over(ours, 0, forward) {
            return true;
        }
        if over(sergeants, 0, backward) {
            return true;
        }
        self.rules.jumps == Jumps::Any
            && (over(sergeants, 1, 1)
                || over(sergeants, -1, -1)
                || over(sergeants, -1, 1)
                || over(sergeants, 1, -1))
    }

    /// Every legal move, into `out` (cleared first). Reusing one buffer avoids allocating.
    #[inline]
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        self.generate(out);
    }

    /// Every legal move. None when the position is a breakthrough or lead win.
    #[inline]
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        self.generate(&mut out);
        out
    }

    /// The number of legal moves, counting steps without building them.
    pub fn count_moves(&self) -> u64 {
        let mut c = Counter(0);
        self.generate(&mut c);
        c.0
    }

    pub(crate) fn generate<S: MoveSink>(&self, out: &mut S) {
        if self.outcome().is_some() {
            return;
        }
        if self.has_capture() {
            self.generate_captures(out);
        } else {
            self.generate_steps(out);
            self.generate_captain(out);
        }
    }

    fn generate_steps<S: MoveSink>(&self, out: &mut S) {
        let us = self.side;
        let ours = self.guards[us.index()];
        let free = self.guard_free();
        let sergeants = ours & !self.privates;
        let privates = ours & self.privates;
        let push_dir = |movers: Bitboard, d: u8, out: &mut S| {
            let (df, dr) = DIRECTIONS[d as usize];
            let targets = movers.shift(df, dr) & free;
            out.add_count(targets.count() as u64, |out| {
                for to in targets {
                    let from = Point::from_index_unchecked(NEIGHBOR[d as usize ^ 1][to.index()]);
                    out.push(Move::step(from, to));
                }
            });
        };
        for &d in ORTHOGONAL_DIRS {
            push_dir(sergeants, d, out);
        }
        for d in 4..8u8 {
            let movers = match self.rules.diagonals {
                Diagonals::Anywhere => sergeants,
                Diagonals::Marked => sergeants & MARKED_FROM[d as usize - 4],
            };
            push_dir(movers, d, out);
        }
        if privates.any() {
            for &d in Position::private_dirs(us) {
                push_dir(privates, d, out);
            }
        }
    }

    fn generate_captain<S: MoveSink>(&self, out: &mut S) {
        let us = self.side;
        let progress = self.progress[us.index()];
        if progress >= PATH_STEPS {
            return;
        }
        let path = self.path(us);
        let from = path.point(progress);
        let occupied = self.occupied();
        let last = match self.rules.captain {
            CaptainMode::Standard => progress + 1,
            CaptainMode::Turbo => PATH_STEPS,
        };
        for k in progress + 1..=last {
            let to = path.point(k);
            if occupied.contains(to) {
                break;
            }
            out.push(Move::captain(from, to));
        }
    }

    fn generate_captures<S: MoveSink>(&self, out: &mut S) {
        let us = self.side;
        let enemy = self.guards[us.other().index()];
        let free = self.guard_free();
        for from in self.guards[us.index()] {
            let dirs = if self.privates.contains(from) {
                Position::private_dirs(us)
            } else {
                self.sergeant_jump_dirs()
            };
            jump_sequences(from, from, dirs, enemy, free, 0, 0, out);
        }
    }
}

/// Extends a capture sequence that has reached `at` after `jumps` jumps (directions in `code`).
/// `free` holds the points a guard may land on: the start and each jumped guard's point become
/// free as the sequence goes, because captured guards leave the board at once.
#[allow(clippy::too_many_arguments)]
fn jump_sequences<S: MoveSink>(
    start: Point,
    at: Point,
    dirs: &[u8],
    enemy: Bitboard,
    free: Bitboard,
    jumps: u8,
    code: u64,
    out: &mut S,
) {
    let mut extended = false;
    for &d in dirs {
        let over = NEIGHBOR[d as usize][at.index()];
        if over == NONE {
            continue;
        }
        let over = Point::from_index_unchecked(over);
        if !enemy.contains(over) {
            continue;
        }
        let land = NEIGHBOR[d as usize][over.index()];
        if land == NONE {
            continue;
        }
        let land = Point::from_index_unchecked(land);
        if !free.contains(land) {
            continue;
        }
        extended = true;
        jump_sequences(
            start,
            land,
            dirs,
            enemy.without(over),
            (free.with(at).with(over)).without(land),
            jumps + 1,
            code | (d as u64) << (3 * jumps as u32),
            out,
        );
    }
    if !extended && jumps > 0 {
        out.push(Move::capture(start, at, jumps, code));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbour_table_pairs_opposite_directions() {
        // `d ^ 1` is the opposite direction: step generation relies on it.
        for d in 0..8 {
            let (a, b) = (DIRECTIONS[d], DIRECTIONS[d ^ 1]);
            assert_eq!((a.0 + b.0, a.1 + b.1), (0, 0), "direction {d}");
        }
    }
}
