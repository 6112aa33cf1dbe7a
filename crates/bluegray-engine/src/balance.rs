//! How fair each named variant is between strong players: measured by `bluegray balance` (games
//! of the strongest level against itself at a fixed node budget, openings varied by a seed) and
//! kept in `balance.tsv`, which that command writes. `docs/BALANCE.md` is the same run in words.

use bluegray_core::VariantName;
use thiserror::Error;

/// The measured table: one line per named variant, tab-separated, written by `bluegray balance
/// --data` (its header line says the columns).
const TABLE: &str = include_str!("../balance.tsv");

/// The games of one named variant between equal strong players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Balance {
    /// The variant.
    pub variant: VariantName,
    /// Games played.
    pub games: u32,
    /// Games the side that moves first won.
    pub first_wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games the side that moves second won.
    pub second_wins: u32,
    /// Plies played in all the games together.
    pub plies: u64,
    /// Games won by breakthrough.
    pub breakthroughs: u32,
    /// Games won by a lead.
    pub leads: u32,
    /// Games decided or drawn on impasse.
    pub impasses: u32,
    /// Nodes each player searched per move.
    pub nodes: u64,
}

impl Balance {
    /// The header of `balance.tsv`: the columns in the order [`Balance::to_line`] writes them.
    pub const HEADER: &'static str =
        "variant\tgames\tfirst_wins\tdraws\tsecond_wins\tplies\tbreakthroughs\tleads\timpasses\tnodes";

    /// The first player's share of the points (a draw is half a point), from 0 to 1.
    pub fn first_score(&self) -> f64 {
        (f64::from(self.first_wins) + f64::from(self.draws) / 2.0) / f64::from(self.games.max(1))
    }

    /// Half the width of the 95% interval of [`Balance::first_score`] (normal approximation
    /// over the games' points).
    pub fn margin(&self) -> f64 {
        let n = f64::from(self.games.max(1));
        let mean = self.first_score();
        let sum_sq = f64::from(self.first_wins) * (1.0 - mean).powi(2)
            + f64::from(self.draws) * (0.5 - mean).powi(2)
            + f64::from(self.second_wins) * mean.powi(2);
        1.96 * (sum_sq / n).sqrt() / n.sqrt()
    }

    /// `part` of the games in whole percent, rounded.
    pub fn percent(&self, part: u32) -> u32 {
        let games = self.games.max(1);
        (200 * part + games) / (2 * games)
    }

    /// One line of `balance.tsv`.
    pub fn to_line(&self) -> String {
        format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            self.variant,
            self.games,
            self.first_wins,
            self.draws,
            self.second_wins,
            self.plies,
            self.breakthroughs,
            self.leads,
            self.impasses,
            self.nodes
        )
    }

    /// Reads one line of `balance.tsv`.
    pub fn from_line(line: &str) -> Option<Balance> {
        let mut cols = line.split('\t');
        let variant = cols.next()?.parse().ok()?;
        let mut n = || cols.next()?.parse::<u64>().ok();
        let (games, first_wins, draws, second_wins) = (n()?, n()?, n()?, n()?);
        let (plies, breakthroughs, leads, impasses, nodes) = (n()?, n()?, n()?, n()?, n()?);
        let small = |x: u64| u32::try_from(x).ok();
        Some(Balance {
            variant,
            games: small(games)?,
            first_wins: small(first_wins)?,
            draws: small(draws)?,
            second_wins: small(second_wins)?,
            plies,
            breakthroughs: small(breakthroughs)?,
            leads: small(leads)?,
            impasses: small(impasses)?,
            nodes,
        })
    }
}

/// The measured balance of `variant`, if `balance.tsv` has it.
pub fn balance(variant: VariantName) -> Option<Balance> {
    parse_table(TABLE)
        .ok()?
        .into_iter()
        .find(|b| b.variant == variant)
}

/// Why a `balance.tsv` text does not read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TableError {
    /// The first line is not [`Balance::HEADER`] (or there is none).
    #[error("the first line is not the header: {}", Balance::HEADER)]
    NoHeader,
    /// A line that is neither blank nor a row of the columns the header names.
    #[error("line {line} is no row: {text}")]
    BadRow {
        /// Its number, from 1 (the header is line 1).
        line: usize,
        /// The line.
        text: String,
    },
}

/// The rows of a `balance.tsv` text, or which line is not one.
pub fn parse_table(text: &str) -> Result<Vec<Balance>, TableError> {
    let mut lines = text.lines();
    if lines.next() != Some(Balance::HEADER) {
        return Err(TableError::NoHeader);
    }
    lines
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            Balance::from_line(l).ok_or_else(|| TableError::BadRow {
                line: i + 2,
                text: l.to_string(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_of_the_table_adds_up() {
        let rows = parse_table(TABLE).unwrap();
        for b in rows {
            let v = b.variant;
            assert_eq!(balance(v), Some(b));
            assert_eq!(b.first_wins + b.draws + b.second_wins, b.games, "{v}");
            assert_eq!(b.breakthroughs + b.leads + b.impasses, b.games, "{v}");
            assert!(
                b.games >= 200 && b.nodes >= 200_000,
                "{v}: too few games or nodes"
            );
            assert_eq!(Balance::from_line(&b.to_line()), Some(b));
        }
    }

    #[test]
    fn every_named_variant_is_measured() {
        for v in VariantName::all() {
            assert!(balance(v).is_some(), "{v} has no row in balance.tsv");
        }
    }

    #[test]
    fn a_table_that_does_not_read_says_where() {
        let e = parse_table("variant\tgames\n").unwrap_err();
        assert_eq!(e, TableError::NoHeader);
        assert_eq!(
            e.to_string(),
            format!("the first line is not the header: {}", Balance::HEADER)
        );
        assert_eq!(parse_table(""), Err(TableError::NoHeader));
        let row = balance(VariantName::Sackson).unwrap().to_line();
        let text = format!("{}\n{row}\n\nsackson\t12\n", Balance::HEADER);
        let e = parse_table(&text).unwrap_err();
        assert_eq!(
            e,
            TableError::BadRow {
                line: 4,
                text: "sackson\t12".into()
            }
        );
        assert_eq!(e.to_string(), "line 4 is no row: sackson\t12");
        assert_eq!(
            parse_table(&format!("{}\n{row}\n", Balance::HEADER)).map(|rows| rows.len()),
            Ok(1)
        );
    }

    #[test]
    fn score_interval_and_percentages() {
        let b = Balance {
            variant: VariantName::Sackson,
            games: 200,
            first_wins: 110,
            draws: 20,
            second_wins: 70,
            plies: 20_000,
            breakthroughs: 150,
            leads: 0,
            impasses: 50,
            nodes: 200_000,
        };
        assert!((b.first_score() - 0.6).abs() < 1e-9);
        // Points of 1, ½ and 0 around 0.6: variance 0.215, so 1.96 · √(0.215/200) ≈ 0.0643.
        assert!((b.margin() - 0.0643).abs() < 1e-3, "{}", b.margin());
        assert_eq!((b.percent(b.first_wins), b.percent(b.draws)), (55, 10));
        assert_eq!(b.percent(1), 1); // 0.5% rounds up
    }
}
