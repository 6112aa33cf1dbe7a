//! How deep a search may go. Its own module because both the search and the move ordering
//! (killer moves per ply) size their tables by it, and neither should import the other.

/// Deepest ply the search ever reaches, quiescence and extensions included.
pub(crate) const MAX_PLY: usize = 128;

/// Deepest iteration a search runs; deeper requests are clamped to it. It leaves room below
/// the deepest ply the search reaches (128) for the extensions and quiescence of the deepest
/// iteration.
pub const MAX_DEPTH: u32 = 64;
