//! Search scores: centi-steps of captain progress from the side to move's point of view, with
//! forced wins and losses encoded beyond ±[`MATE`]. The encoding ([`win_in`]), its decoding
//! ([`mate_in`]) and the score in words ([`score_text`]) live side by side so that they cannot
//! drift apart.

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

/// `score` for people, from the side to move's point of view: `+1.25` (steps of captain
/// progress, two decimals), or `wins in 5 plies` / `loses in 1 ply` for a forced result.
pub fn score_text(score: Score) -> String {
    match mate_in(score) {
        Some(1) => "wins in 1 ply".into(),
        Some(-1) => "loses in 1 ply".into(),
        Some(n) if n > 0 => format!("wins in {n} plies"),
        Some(n) => format!("loses in {} plies", -n),
        // Whole numbers only: float formatting would add its tables to the wasm module.
        None => {
            let sign = if score < 0 { '-' } else { '+' };
            let abs = score.unsigned_abs();
            format!("{sign}{}.{:02}", abs / 100, abs % 100)
        }
    }
}

/// How many centi-steps of advantage multiply the odds of winning by e: the scale of
/// [`win_chance`]. A lead of one step is then about a 62% chance, three steps about 82%.
pub const WIN_CHANCE_SCALE: f64 = 200.0;

/// The chance, in thousandths, that the side to move wins from a position the search scores
/// `score`: a logistic curve of the score ([`WIN_CHANCE_SCALE`]), and 1000 or 0 for a forced win
/// or loss. Game reviews compare it before and after a move (how much of the game a move gave
/// away), which a raw score does badly near a forced result.
pub fn win_chance(score: Score) -> u16 {
    match mate_in(score) {
        Some(n) if n > 0 => 1000,
        Some(_) => 0,
        None => {
            let p = 1.0 / (1.0 + (-f64::from(score) / WIN_CHANCE_SCALE).exp());
            // Within 0..=1000 by construction; rounding to the nearest thousandth.
            (p * 1000.0 + 0.5) as u16
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn win_chances_rise_with_the_score_and_are_certain_at_a_forced_result() {
        assert_eq!(win_chance(0), 500);
        assert_eq!(win_chance(win_in(3)), 1000);
        assert_eq!(win_chance(-win_in(3)), 0);
        let mut last = 0;
        for score in (-5000..=5000).step_by(50) {
            let w = win_chance(score);
            assert!(w >= last, "{score}: {w} < {last}");
            assert_eq!(
                u32::from(w) + u32::from(win_chance(-score)),
                1000,
                "symmetric at {score}"
            );
            last = w;
        }
        assert!((600..=640).contains(&win_chance(100)));
    }

    #[test]
    fn scores_for_people() {
        assert_eq!(score_text(125), "+1.25");
        assert_eq!(score_text(-50), "-0.50");
        assert_eq!(score_text(0), "+0.00");
        assert_eq!(score_text(-1234), "-12.34");
        assert_eq!(score_text(MATE - 1), "+9999.99");
        assert_eq!(score_text(win_in(1)), "wins in 1 ply");
        assert_eq!(score_text(-win_in(1)), "loses in 1 ply");
        assert_eq!(score_text(win_in(2)), "wins in 2 plies");
        assert_eq!(score_text(-win_in(4)), "loses in 4 plies");
        assert_eq!(score_text(MATE + 999), "wins in 1 ply");
        assert_eq!(score_text(-(MATE + 998)), "loses in 2 plies");
    }

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
