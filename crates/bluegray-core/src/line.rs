//! A line of moves as a game record writes it, with its comments and the variations that replace
//! its moves (docs/RULES.md §6.4): the shape [`crate::record`] reads and writes and
//! [`crate::game::Game`] keeps; `crate::tree` turns it into a tree to walk. Without the
//! `variations` feature a line has no variations: the reader reads past them.

/// A line of moves as a record writes it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// The moves as written.
    pub moves: Vec<String>,
    /// Comments with the number of the line's moves written before each, in order.
    pub comments: Vec<(usize, String)>,
    #[cfg(feature = "variations")]
    /// Variations, each with the index in `moves` of the move it replaces, in order.
    pub variations: Vec<(usize, Line)>,
}
