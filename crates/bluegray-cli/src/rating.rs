//! Elo ratings from match results: the difference between two players with Wilson's interval,
//! and the ratings of several players fitted together to the results of a round robin.
//!
//! Both use the logistic Elo model: a player rated `d` points above another is expected to
//! score `1 / (1 + 10^(-d / 400))` of the points, a draw being half a point.

/// Elo points per unit of the model's natural (logit) scale: `400 / ln 10`.
const ELO_PER_LOGIT: f64 = 400.0 / std::f64::consts::LN_10;

/// The two-sided 95% point of the normal distribution.
const Z95: f64 = 1.96;

/// The Elo difference that expects a score of `s` (0 < s < 1).
fn elo_of_score(s: f64) -> f64 {
    ELO_PER_LOGIT * (s / (1.0 - s)).ln()
}

/// An Elo figure with its sign, `-inf`/`+inf` for a score at (or rounded to) 0 or 1.
fn format_score_as_elo(s: f64) -> String {
    if s <= 1e-9 {
        "-inf".to_string()
    } else if s >= 1.0 - 1e-9 {
        "+inf".to_string()
    } else {
        // Adding 0.0 turns -0 into 0.
        format!("{:+.0}", elo_of_score(s) + 0.0)
    }
}

/// The score and Elo difference of A over B with a 95% interval, as one line.
///
/// The interval is Wilson's score interval: the true scores `p` with
/// `(s - p)^2 <= z^2 / n * p (1 - p)`. A game's score variance is `p (1 - p)` less a quarter of
/// the draw rate, so without knowing the true draw rate `p (1 - p)` is the safe bound. Unlike
/// the normal interval around `s`, it stays honest at the extremes: a whitewash has a finite
/// lower bound, and a bound never passes a score of 0 or 1.
pub fn elo_line(wins: u32, draws: u32, losses: u32) -> String {
    let n = (wins + draws + losses) as f64;
    let s = (wins as f64 + draws as f64 / 2.0) / n;
    let k = Z95.powi(2) / n;
    let centre = (s + k / 2.0) / (1.0 + k);
    let half = (k * s * (1.0 - s) + k * k / 4.0).sqrt() / (1.0 + k);
    format!(
        "score {:.1}%  Elo {} (95% interval {} to {})",
        s * 100.0,
        format_score_as_elo(s),
        format_score_as_elo(centre - half),
        format_score_as_elo(centre + half)
    )
}

/// What two players scored against each other.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairResult {
    /// The first player's index.
    pub a: usize,
    /// The second player's index.
    pub b: usize,
    /// Games played.
    pub games: u32,
    /// Points the first player scored: a win is 1, a draw 1/2.
    pub a_points: f64,
}

/// A player's fitted rating, relative to player 0.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// Elo points above player 0 (0 for player 0 itself).
    pub elo: f64,
    /// Half-width of the 95% interval of `elo` (0 for player 0, the reference).
    pub margin: f64,
}

/// The ratings of `players` players, relative to player 0, that best explain `results`.
///
/// The fit is the maximum of the Elo model's likelihood over all games at once, so a rating
/// draws on every game its player took part in, not only on games against player 0. Each pair
/// that met also counts one virtual draw: without it a player who won every game would have an
/// infinite rating, and with it a pair's result moves the fit by one game less than it scored.
/// The intervals come from the curvature of the likelihood at its maximum (the normal
/// approximation), each one the uncertainty of that player's difference from player 0.
///
/// `None` when some player is not linked to player 0 by a chain of pairs that met, so that no
/// rating relative to player 0 exists, or when an index is out of range.
pub fn fit(players: usize, results: &[PairResult]) -> Option<Vec<Rating>> {
    if players == 0
        || results
            .iter()
            .any(|r| r.a >= players || r.b >= players || r.a == r.b)
    {
        return None;
    }
    // Work in logits, unknowns 1..players (player 0 is pinned at 0).
    let free = players - 1;
    let mut x = vec![0.0f64; players];
    let mut covariance = Vec::new();
    for _ in 0..100 {
        let mut gradient = vec![0.0f64; players];
        let mut hessian = vec![vec![0.0f64; players]; players];
        for r in results {
            let (n, points) = (r.games as f64 + 1.0, r.a_points + 0.5);
            let expected = 1.0 / (1.0 + (x[r.b] - x[r.a]).exp());
            let slope = n * expected * (1.0 - expected);
            gradient[r.a] += points - n * expected;
            gradient[r.b] -= points - n * expected;
            hessian[r.a][r.a] += slope;
            hessian[r.b][r.b] += slope;
            hessian[r.a][r.b] -= slope;
            hessian[r.b][r.a] -= slope;
        }
        let reduced: Vec<Vec<f64>> = hessian[1..].iter().map(|row| row[1..].to_vec()).collect();
        covariance = invert(reduced)?;
        let mut largest = 0.0f64;
        for i in 0..free {
            let step: f64 = (0..free).map(|j| covariance[i][j] * gradient[j + 1]).sum();
            // A bounded step keeps the first iterations sane far from the maximum.
            let step = step.clamp(-2.0, 2.0);
            x[i + 1] += step;
            largest = largest.max(step.abs());
        }
        if largest < 1e-10 {
            break;
        }
    }
    Some(
        (0..players)
            .map(|i| Rating {
                elo: x[i] * ELO_PER_LOGIT,
                margin: if i == 0 {
                    0.0
                } else {
                    Z95 * covariance[i - 1][i - 1].sqrt() * ELO_PER_LOGIT
                },
            })
            .collect(),
    )
}

/// The inverse of a square matrix by Gauss-Jordan elimination with partial pivoting; `None`
/// when it is singular.
fn invert(mut m: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = m.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))?;
        if m[pivot][col].abs() < 1e-12 {
            return None;
        }
        m.swap(col, pivot);
        inv.swap(col, pivot);
        let p = m[col][col];
        for j in 0..n {
            m[col][j] /= p;
            inv[col][j] /= p;
        }
        for row in 0..n {
            if row != col {
                let f = m[row][col];
                if f != 0.0 {
                    for j in 0..n {
                        m[row][j] -= f * m[col][j];
                        inv[row][j] -= f * inv[col][j];
                    }
                }
            }
        }
    }
    Some(inv)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_an_even_score_is_zero_and_of_a_whitewash_infinite() {
        assert!(elo_line(5, 0, 5).contains("Elo +0 "));
        assert!(elo_line(10, 0, 0).contains("Elo +inf"));
        let line = elo_line(75, 0, 25);
        assert!(line.contains("Elo +191"), "{line}");
    }

    #[test]
    fn a_whitewash_still_has_a_finite_lower_bound() {
        // Wilson's bound for 100 wins in 100 games: a score of at least 1 / (1 + 1.96^2 / 100).
        let line = elo_line(100, 0, 0);
        assert!(line.contains("interval +566 to +inf"), "{line}");
        assert!(elo_line(0, 0, 100).contains("interval -inf to -566"));
    }

    fn bounds(line: String) -> (i32, i32) {
        let tail = line.split("interval ").nth(1).unwrap().to_string();
        let mut it = tail
            .split(" to ")
            .map(|x| x.trim_end_matches(')').parse().unwrap());
        (it.next().unwrap(), it.next().unwrap())
    }

    #[test]
    fn the_interval_holds_the_estimate_and_narrows_with_more_games() {
        let (lo, hi) = bounds(elo_line(15, 0, 5));
        let (lo_more, hi_more) = bounds(elo_line(150, 0, 50));
        assert!(lo < lo_more && lo_more < 191 && 191 < hi_more && hi_more < hi);
        // Draws count as half points and never narrow it below the safe bound.
        assert_eq!(bounds(elo_line(100, 100, 0)), (lo_more, hi_more));
    }

    /// The points a player `d` Elo above its opponent expects from `games` games.
    fn expected_points(d: f64, games: u32) -> f64 {
        games as f64 / (1.0 + 10f64.powf(-d / 400.0))
    }

    #[test]
    fn a_round_robin_that_follows_the_model_gives_back_its_ratings() {
        let truth = [0.0, 150.0, 400.0, 420.0];
        let mut results = Vec::new();
        for a in 0..truth.len() {
            for b in a + 1..truth.len() {
                let games = 100_000;
                results.push(PairResult {
                    a,
                    b,
                    games,
                    a_points: expected_points(truth[a] - truth[b], games),
                });
            }
        }
        let fitted = fit(truth.len(), &results).unwrap();
        for (t, r) in truth.iter().zip(&fitted) {
            // The virtual draws pull by a hair only, with this many games.
            assert!((t - r.elo).abs() < 0.5, "{t} vs {r:?}");
        }
        assert_eq!(fitted[0].margin, 0.0);
        assert!(fitted[1..].iter().all(|r| r.margin > 0.0 && r.margin < 5.0));
    }

    #[test]
    fn two_players_agree_with_their_pair_score() {
        // 150 of 200 points is +191 Elo; the virtual draw makes it 150.5 of 201.
        let fitted = fit(
            2,
            &[PairResult {
                a: 0,
                b: 1,
                games: 200,
                a_points: 150.0,
            }],
        )
        .unwrap();
        let expected = -elo_of_score(150.5 / 201.0);
        assert!((fitted[1].elo - expected).abs() < 1e-6, "{fitted:?}");
        // Its interval is about the pair's: the normal one, ±1.96 sd of the score in Elo.
        let (lo, hi) = bounds(elo_line(50, 0, 150));
        let width = fitted[1].margin * 2.0;
        assert!(
            (width - f64::from(hi - lo)).abs() < 15.0,
            "{width} vs {lo}..{hi}"
        );
    }

    #[test]
    fn a_whitewash_has_a_finite_rating_and_fewer_games_a_wider_interval() {
        let sweep = |games| {
            fit(
                2,
                &[PairResult {
                    a: 1,
                    b: 0,
                    games,
                    a_points: games as f64,
                }],
            )
        };
        let (few, many) = (sweep(10).unwrap(), sweep(100).unwrap());
        assert!(few[1].elo.is_finite() && few[1].elo > 300.0, "{few:?}");
        assert!(many[1].elo > few[1].elo, "{many:?} {few:?}");
        assert!(few[1].margin > many[1].margin);
    }

    #[test]
    fn players_not_linked_to_the_first_have_no_rating() {
        let pair = |a, b| PairResult {
            a,
            b,
            games: 10,
            a_points: 5.0,
        };
        assert!(fit(4, &[pair(0, 1), pair(2, 3)]).is_none());
        assert!(fit(3, &[pair(0, 1), pair(1, 2)]).is_some());
        assert!(fit(2, &[pair(0, 2)]).is_none());
        assert!(fit(2, &[pair(1, 1)]).is_none());
        assert!(fit(0, &[]).is_none());
        assert_eq!(
            fit(1, &[]).unwrap(),
            vec![Rating {
                elo: 0.0,
                margin: 0.0
            }]
        );
    }
}
