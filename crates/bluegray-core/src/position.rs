//! A position: the board, the side to move, the counters, and the rules it is played under.

use std::fmt;

use crate::bitboard::Bitboard;
use crate::geometry::{Path, PATH_STEPS};
use crate::moves::{Move, MoveKind};
use crate::outcome::{EndReason, Outcome};
use crate::point::{Color, Point, NUM_POINTS};
use crate::setup::{Piece, PieceKind, PositionCodeError, Setup};
use crate::variant::{Army, GuardKind, Rules, Start};
use crate::zobrist;

/// Most guards an army can have.
pub const MAX_GUARDS: usize = 17;

/// A position under a set of rules. Small and `Copy`: search copies it to make a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) rules: Rules,
    pub(crate) guards: [Bitboard; 2],
    /// The guards (of either side) that are privates; the others are sergeants.
    pub(crate) privates: Bitboard,
    pub(crate) progress: [u8; 2],
    pub(crate) side: Color,
    pub(crate) no_progress: u16,
    pub(crate) move_number: u16,
    pub(crate) hash: u64,
}

impl Position {
    /// The starting position of `rules`.
    pub fn new(rules: Rules) -> Position {
        let mut pos = Position {
            rules,
            guards: [Bitboard::EMPTY; 2],
            privates: Bitboard::EMPTY,
            progress: [0, 0],
            side: rules.first,
            no_progress: 0,
            move_number: 1,
            hash: 0,
        };
        // The middle file is the captains' column: it holds no guard on the home ranks, and
        // none on the second rank either in the light army.
        let middle =
            |rank: i8| Bitboard::from_point(Point::from_index_unchecked((rank * 9 + 4) as u8));
        let rank = |r: i8| Bitboard::rank(r as u32);
        pos.guards = match rules.army {
            Army::Full => [
                (rank(0) | rank(1)) & !middle(0),
                (rank(8) | rank(7)) & !middle(8),
            ],
            Army::Light => [rank(1) & !middle(1), rank(7) & !middle(7)],
        };
        if rules.guards == GuardKind::Privates {
            pos.privates = pos.guards[0] | pos.guards[1];
        }
        pos.hash = pos.compute_hash();
        pos
    }

    /// Checks a parsed code against `rules` (docs/RULES.md §6) and builds the position.
    pub fn from_setup(setup: &Setup, rules: Rules) -> Result<Position, PositionCodeError> {
        let pow = rules.start == Start::Pow;
        let mut guards = [Bitboard::EMPTY; 2];
        let mut privates = Bitboard::EMPTY;
        let mut captains: [Vec<Point>; 2] = [Vec::new(), Vec::new()];
        for p in Point::all() {
            let Some(piece) = setup.board[p.index()] else {
                continue;
            };
            let c = piece.color;
            match piece.kind {
                PieceKind::Captain => captains[c.index()].push(p),
                kind => {
                    if p == Point::CENTRE {
                        return Err(PositionCodeError::GuardOnRedDot);
                    }
                    if kind == PieceKind::Private {
                        if p.rank() == c.promotion_rank() {
                            return Err(PositionCodeError::UnpromotedPrivate {
                                color: c,
                                point: p,
                            });
                        }
                        privates = privates.with(p);
                    }
                    guards[c.index()] = guards[c.index()].with(p);
                }
            }
        }
        let mut progress = [0u8; 2];
        for c in Color::BOTH {
            let found = &captains[c.index()];
            if found.len() != 1 {
                return Err(PositionCodeError::CaptainCount {
                    color: c,
                    count: found.len(),
                });
            }
            progress[c.index()] = Path::of(c, pow).progress_of(found[0]).ok_or(
                PositionCodeError::CaptainOffPath {
                    color: c,
                    point: found[0],
                },
            )?;
            let count = guards[c.index()].count() as usize;
            if count > MAX_GUARDS {
                return Err(PositionCodeError::TooManyGuards { color: c, count });
            }
        }
        let mut pos = Position {
            rules,
            guards,
            privates,
            progress,
            side: setup.side,
            no_progress: setup.no_progress,
            move_number: setup.move_number,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// Parses a position code and checks it against `rules`.
    pub fn from_code(code: &str, rules: Rules) -> Result<Position, PositionCodeError> {
        Position::from_setup(&code.parse()?, rules)
    }

    /// The position as a parsed code.
    pub fn setup(&self) -> Setup {
        let mut board = [None; NUM_POINTS];
        for p in Point::all() {
            board[p.index()] = self.piece_at(p);
        }
        Setup {
            board,
            side: self.side,
            no_progress: self.no_progress,
            move_number: self.move_number,
        }
    }

    /// The rules this position is played under.
    #[inline]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Plies since the last capture or captain move.
    #[inline]
    pub fn no_progress(&self) -> u16 {
        self.no_progress
    }

    /// The move number, from 1; it grows after the second player's move.
    #[inline]
    pub fn move_number(&self) -> u16 {
        self.move_number
    }

    /// The Zobrist hash of board and side to move (not the counters).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// A side's captain progress, 0 at the start to 17 on the red dot.
    #[inline]
    pub fn progress(&self, c: Color) -> u8 {
        self.progress[c.index()]
    }

    /// The path a side's captain follows.
    #[inline]
    pub fn path(&self, c: Color) -> Path {
        Path::of(c, self.rules.start == Start::Pow)
    }

    /// Where a side's captain stands.
    #[inline]
    pub fn captain(&self, c: Color) -> Point {
        self.path(c).point(self.progress[c.index()])
    }

    /// A side's guards.
    #[inline]
    pub fn guards(&self, c: Color) -> Bitboard {
        self.guards[c.index()]
    }

    /// All guards that are privates.
    #[inline]
    pub fn privates(&self) -> Bitboard {
        self.privates
    }

    /// Every occupied point, captains included.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.guards[0]
            | self.guards[1]
            | Bitboard::from_point(self.captain(Color::Blue))
            | Bitboard::from_point(self.captain(Color::Gray))
    }

    /// What stands on `p`.
    pub fn piece_at(&self, p: Point) -> Option<Piece> {
        for color in Color::BOTH {
            if self.captain(color) == p {
                return Some(Piece {
                    color,
                    kind: PieceKind::Captain,
                });
            }
            if self.guards[color.index()].contains(p) {
                let kind = if self.privates.contains(p) {
                    PieceKind::Private
                } else {
                    PieceKind::Sergeant
                };
                return Some(Piece { color, kind });
            }
        }
        None
    }

    /// The hash computed from scratch; [`Position::hash`] keeps it incrementally.
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for c in Color::BOTH {
            for p in self.guards[c.index()] {
                h ^= zobrist::guard(c, self.privates.contains(p), p);
            }
            h ^= zobrist::captain(c, self.progress[c.index()]);
        }
        if self.side == Color::Gray {
            h ^= zobrist::gray_to_move();
        }
        h
    }

    /// A win by breakthrough or lead, which this position shows whatever its history.
    /// Impasses depend on history and are the business of [`crate::Game`].
    #[inline]
    pub fn outcome(&self) -> Option<Outcome> {
        for c in Color::BOTH {
            if self.progress[c.index()] == PATH_STEPS {
                return Some(Outcome {
                    winner: Some(c),
                    reason: EndReason::Breakthrough,
                });
            }
        }
        let lead = self.rules.lead;
        if lead > 0 {
            for c in Color::BOTH {
                let (ours, theirs) = (self.progress[c.index()], self.progress[c.other().index()]);
                if ours >= theirs.saturating_add(lead) {
                    return Some(Outcome {
                        winner: Some(c),
                        reason: EndReason::Lead {
                            winner: ours,
                            loser: theirs,
                        },
                    });
                }
            }
        }
        None
    }

    /// Plays `m`, which must be one of this position's legal moves.
    pub fn play(&mut self, m: &Move) {
        self.play_inline(m);
    }

    /// [`Position::play`], inlined into its caller and compiled as the caller is: for a search's
    /// inner loop, which then runs at full speed in the web build, whose rules core is built for
    /// size (Cargo.toml, `[profile.wasm]`). Everything else calls `play`, one shared copy.
    #[inline(always)]
    pub fn play_inline(&mut self, m: &Move) {
        let us = self.side;
        let ui = us.index();
        match m.kind() {
            MoveKind::Captain => {
                let new = self
                    .path(us)
                    .progress_of(m.to())
                    .unwrap_or(self.progress[ui]);
                self.hash ^= zobrist::captain(us, self.progress[ui]) ^ zobrist::captain(us, new);
                self.progress[ui] = new;
                self.no_progress = 0;
            }
            MoveKind::Step | MoveKind::Capture => {
                let them = us.other();
                for p in m.captured().iter() {
                    self.hash ^= zobrist::guard(them, self.privates.contains(*p), *p);
                    self.guards[them.index()] = self.guards[them.index()].without(*p);
                    self.privates = self.privates.without(*p);
                }
                let (from, to) = (m.from(), m.to());
                let was_private = self.privates.contains(from);
                let is_private = was_private && to.rank() != us.promotion_rank();
                self.hash ^=
                    zobrist::guard(us, was_private, from) ^ zobrist::guard(us, is_private, to);
                self.guards[ui] = self.guards[ui].without(from).with(to);
                self.privates = self.privates.without(from);
                if is_private {
                    self.privates = self.privates.with(to);
                }
                self.no_progress = if m.is_capture() {
                    0
                } else {
                    self.no_progress.saturating_add(1)
                };
            }
        }
        if us != self.rules.first {
            self.move_number = self.move_number.saturating_add(1);
        }
        self.side = us.other();
        self.hash ^= zobrist::gray_to_move();
    }

    /// The position after `m`, which must be legal here.
    #[inline]
    pub fn played(&self, m: &Move) -> Position {
        let mut next = *self;
        next.play(m);
        next
    }
}

impl fmt::Display for Position {
    /// The position code.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.setup().fmt(f)
    }
}
