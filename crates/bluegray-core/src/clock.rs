//! Time controls and the clock times a record keeps (docs/RULES.md §5.2, §6.4).
//!
//! A [`TimeControl`] is written `none`, `M+S` (minutes for the game, which may have up to three
//! decimals, then whole seconds added after each move: `5+3`, `1+0`, `0.5+0`) or `Nd` (days for
//! each move, as in a game by link: `1d`, `3d`). A record keeps it in its `TimeControl` tag, and
//! the time a side had left after each of its moves in a comment after the move,
//! `{[%clk 0:04:57]}` (hours, minutes, seconds, and tenths when there are any: `0:00:02.5`), as
//! chess records do.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::game::Game;
use crate::text::excerpt;

/// The longest game time a control may give: 3 hours, in minutes.
pub const MAX_MINUTES: u64 = 180;
/// The largest increment, in seconds.
pub const MAX_INCREMENT: u64 = 180;
/// The most days per move.
pub const MAX_DAYS: u32 = 30;

/// How much time the players have (docs/RULES.md §5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum TimeControl {
    /// No clock.
    #[default]
    None,
    /// Each side has `base_ms` for the game and gains `increment_ms` after each of its moves.
    Increment {
        /// The time for the game, in milliseconds (a whole number of 60 ms, a thousandth of a
        /// minute).
        base_ms: u64,
        /// The time added after each move, in milliseconds (whole seconds).
        increment_ms: u64,
    },
    /// Each move must be made within this many days (a game by link).
    Days(u32),
}

/// Why a text is not a time control.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "'{}' is not a time control: write none, minutes+seconds such as 5+3 (minutes 0.001 to \
     {MAX_MINUTES}, seconds 0 to {MAX_INCREMENT}), or days per move such as 3d (1 to {MAX_DAYS})",
    excerpt(.0)
)]
pub struct TimeControlError(pub String);

impl TimeControl {
    /// Whether there is a clock that runs during a turn (not `none`).
    pub fn is_timed(self) -> bool {
        self != TimeControl::None
    }

    /// The time each side starts with, in milliseconds: the game's time, or a whole move's days;
    /// `None` without a clock.
    pub fn initial_ms(self) -> Option<u64> {
        match self {
            TimeControl::None => None,
            TimeControl::Increment { base_ms, .. } => Some(base_ms),
            TimeControl::Days(d) => Some(u64::from(d) * DAY_MS),
        }
    }
}

const DAY_MS: u64 = 24 * 60 * 60 * 1000;

/// Minutes with up to three decimals, as milliseconds.
fn parse_minutes(text: &str) -> Option<u64> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() && frac.is_empty() || frac.len() > 3 {
        return None;
    }
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if !digits(whole) || !digits(frac) || whole.len() > 4 {
        return None;
    }
    let whole: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let mut thousandths = 0u64;
    for (i, c) in frac.chars().enumerate() {
        thousandths += u64::from(c.to_digit(10)?) * [100, 10, 1][i];
    }
    Some(whole * 60_000 + thousandths * 60)
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// Reads `none` (or nothing), `M+S` or `Nd`, without regard to case or surrounding space.
    fn from_str(s: &str) -> Result<TimeControl, TimeControlError> {
        let t = s.trim().to_ascii_lowercase();
        let bad = || TimeControlError(s.to_string());
        if t.is_empty() || t == "none" || t == "-" {
            return Ok(TimeControl::None);
        }
        if let Some(days) = t.strip_suffix('d') {
            if days.is_empty() || !days.chars().all(|c| c.is_ascii_digit()) || days.len() > 3 {
                return Err(bad());
            }
            let d: u32 = days.parse().map_err(|_| bad())?;
            return if (1..=MAX_DAYS).contains(&d) {
                Ok(TimeControl::Days(d))
            } else {
                Err(bad())
            };
        }
        let (minutes, seconds) = t.split_once('+').ok_or_else(bad)?;
        let base_ms = parse_minutes(minutes.trim()).ok_or_else(bad)?;
        let seconds = seconds.trim();
        if seconds.is_empty() || seconds.len() > 3 || !seconds.chars().all(|c| c.is_ascii_digit()) {
            return Err(bad());
        }
        let increment: u64 = seconds.parse().map_err(|_| bad())?;
        if base_ms == 0 || base_ms > MAX_MINUTES * 60_000 || increment > MAX_INCREMENT {
            return Err(bad());
        }
        Ok(TimeControl::Increment {
            base_ms,
            increment_ms: increment * 1000,
        })
    }
}

impl fmt::Display for TimeControl {
    /// `none`, `5+3`, `0.05+0` or `3d`: the text [`TimeControl::from_str`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::None => f.write_str("none"),
            TimeControl::Days(d) => write!(f, "{d}d"),
            TimeControl::Increment {
                base_ms,
                increment_ms,
            } => {
                let whole = base_ms / 60_000;
                let thousandths = (base_ms % 60_000) / 60;
                if thousandths == 0 {
                    write!(f, "{whole}")?;
                } else {
                    let frac = format!("{thousandths:03}");
                    write!(f, "{whole}.{}", frac.trim_end_matches('0'))?;
                }
                write!(f, "+{}", increment_ms / 1000)
            }
        }
    }
}

/// The clock comment for a remaining time: `[%clk 0:04:57]`, with tenths when there are any
/// (`[%clk 0:00:02.5]`); milliseconds below a tenth are dropped.
pub fn clock_comment(ms: u64) -> String {
    let tenths = (ms / 100) % 10;
    let s = ms / 1000;
    let (h, m, s) = (s / 3600, (s / 60) % 60, s % 60);
    if tenths == 0 {
        format!("[%clk {h}:{m:02}:{s:02}]")
    } else {
        format!("[%clk {h}:{m:02}:{s:02}.{tenths}]")
    }
}

/// The remaining time a comment's `[%clk H:MM:SS(.f)]` gives, in milliseconds; `None` when the
/// comment has none.
pub fn parse_clock_comment(text: &str) -> Option<u64> {
    // Looked for by its `[` and a prefix, with no slicing and no search for a `&str` (whose
    // searcher panics by slicing): either path brings char formatting and the Unicode tables
    // into the wasm, as text.rs says.
    let rest = text
        .match_indices('[')
        .find_map(|(i, _)| text.get(i..)?.strip_prefix("[%clk"))?;
    let (inner, _) = rest.split_once(']')?;
    let inner = inner.trim();
    let (hms, frac) = inner.split_once('.').unwrap_or((inner, ""));
    let parts: Vec<&str> = hms.split(':').collect();
    if parts.len() != 3 || frac.len() > 3 || !frac.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let num = |p: &str| -> Option<u64> {
        if p.is_empty() || p.len() > 6 || !p.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        p.parse().ok()
    };
    let (h, m, s) = (num(parts[0])?, num(parts[1])?, num(parts[2])?);
    if m > 59 || s > 59 {
        return None;
    }
    let mut ms = 0u64;
    for (i, c) in frac.chars().enumerate() {
        ms += u64::from(c.to_digit(10)?) * [100, 10, 1][i];
    }
    Some(((h * 60 + m) * 60 + s) * 1000 + ms)
}

impl Game {
    /// The game's time control, from its `TimeControl` tag (none when it has no tag or one that
    /// does not read).
    pub fn time_control(&self) -> TimeControl {
        self.tag("TimeControl")
            .and_then(|t| t.parse().ok())
            .unwrap_or_default()
    }

    /// Keeps `ms`, the time the side that made the last move had left after it, in a clock
    /// comment after that move (replacing one already there). Does nothing before any move.
    pub fn set_clock(&mut self, ms: u64) {
        let at = self.moves().len();
        if at == 0 {
            return;
        }
        self.comments
            .retain(|(i, text)| *i != at || parse_clock_comment(text).is_none());
        let pos = self.comments.partition_point(|(i, _)| *i <= at);
        self.comments.insert(pos, (at, clock_comment(ms)));
    }

    /// The time each move's side had left after it, from the clock comments: one entry per
    /// move played, `None` for a move without one.
    pub fn clocks(&self) -> Vec<Option<u64>> {
        let mut out = vec![None; self.moves().len()];
        for (at, text) in &self.comments {
            if let (Some(slot), Some(ms)) = (
                at.checked_sub(1).and_then(|i| out.get_mut(i)),
                parse_clock_comment(text),
            ) {
                *slot = Some(ms);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_and_write() {
        for (text, tc) in [
            ("none", TimeControl::None),
            (
                "5+3",
                TimeControl::Increment {
                    base_ms: 300_000,
                    increment_ms: 3000,
                },
            ),
            (
                "1+0",
                TimeControl::Increment {
                    base_ms: 60_000,
                    increment_ms: 0,
                },
            ),
            (
                "0.05+0",
                TimeControl::Increment {
                    base_ms: 3000,
                    increment_ms: 0,
                },
            ),
            ("3d", TimeControl::Days(3)),
        ] {
            assert_eq!(text.parse::<TimeControl>(), Ok(tc), "{text}");
            assert_eq!(tc.to_string(), text);
        }
        assert_eq!(
            " 15+10 ".parse::<TimeControl>().unwrap().to_string(),
            "15+10"
        );
        assert_eq!("".parse::<TimeControl>(), Ok(TimeControl::None));
        assert_eq!(".5+2".parse::<TimeControl>().unwrap().to_string(), "0.5+2");
        for bad in [
            "5", "+3", "5+", "0+5", "181+0", "5+181", "0d", "31d", "d", "5+3+1", "0.0001+0", "x+1",
            "1.5d", "5 3", "-1+0",
        ] {
            let e = bad.parse::<TimeControl>().unwrap_err();
            assert!(e.to_string().contains("not a time control"), "{bad}: {e}");
        }
    }

    #[test]
    fn clock_comments_read_and_write() {
        assert_eq!(clock_comment(297_000), "[%clk 0:04:57]");
        assert_eq!(clock_comment(2_549), "[%clk 0:00:02.5]");
        assert_eq!(clock_comment(3 * 3_600_000 + 61_000), "[%clk 3:01:01]");
        assert_eq!(parse_clock_comment("[%clk 0:04:57]"), Some(297_000));
        assert_eq!(
            parse_clock_comment("good move [%clk 1:00:00.25]"),
            Some(3_600_250)
        );
        assert_eq!(parse_clock_comment("[%clk 0:60:00]"), None);
        assert_eq!(parse_clock_comment("[%clk 4:57]"), None);
        assert_eq!(parse_clock_comment("no clock"), None);
        for ms in [0, 100, 59_900, 297_000, 86_400_000] {
            assert_eq!(parse_clock_comment(&clock_comment(ms)), Some(ms));
        }
    }

    #[test]
    fn a_game_keeps_clocks_in_its_record() {
        let mut g = Game::new(crate::Variant::default());
        g.set_tag("TimeControl", "1+0").unwrap();
        g.set_clock(1); // before any move: nothing
        g.play_text("e2-f3").unwrap();
        g.set_clock(58_000);
        g.set_clock(57_500); // replaces
        g.play_text("e8-d7").unwrap();
        g.set_clock(59_000);
        assert_eq!(g.clocks(), vec![Some(57_500), Some(59_000)]);
        let text = g.record().to_string();
        assert!(text.contains("[TimeControl \"1+0\"]"), "{text}");
        assert!(text.contains("{[%clk 0:00:57.5]}"), "{text}");
        let back = Game::from_record(&text).unwrap();
        assert_eq!(back.clocks(), g.clocks());
        assert_eq!(
            back.time_control(),
            TimeControl::Increment {
                base_ms: 60_000,
                increment_ms: 0
            }
        );
    }
}
