//! Search scores: centi-steps of captain progress from the side to move's point of view, with
//! forced wins and losses encoded beyond ±[`MATE`]. The encoding ([`win_in`]) and its decoding
//! ([`mate_in`]) live side by side so that they cannot drift apart.

/// A search score from the side to move's point of view, in centi-steps of captain progress;
/// wins and losses are beyond ±[`MATE`].
pub type Score = i32;

/// Scores at or beyond this are forced wins; `MATE + 1000 - plies` prefers faster ones.
pub const MATE: Score = 1_000_000;

/// The score of a forced win `ply` plies from the root: sooner is better.
#[inline]
pub(crate) fn win_in(ply: usize) -> Score {
    MATE + 1000 - ply as Score
}

/// Plies to a forced win (positive) or loss (negative) that `score` announces, or `None` for
/// an ordinary score. The inverse of the search's encoding `±(MATE + 1000 - plies)`.
pub fn mate_in(score: Score) -> Option<i32> {
    if score >= MATE {
        Some((MATE + 1000 - score).max(1))
    } else if score <= -MATE {
        Some(-(MATE + 1000 + score).max(1))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_in_decodes_win_in() {
        for ply in 1..200 {
            assert_eq!(mate_in(win_in(ply)), Some(ply as i32));
            assert_eq!(mate_in(-win_in(ply)), Some(-(ply as i32)));
        }
        assert_eq!(mate_in(MATE - 1), None);
        assert_eq!(mate_in(0), None);
    }
}
