//! The opening explorer (crate `bluegray-engine`'s [`bluegray_engine::explorer`]) for the page:
//! `explorer(games, start, moves)`, the moves a variant's explorer file played after `moves`, with
//! their games and results. The counting is plain Rust, tested natively; the `#[wasm_bindgen]` wrapper
//! only reads the arguments.

use bluegray_engine::explorer::{ExplorerError, ExplorerGames};
use serde::Serialize;

use crate::error::{ApiError, ErrorCode};

/// The most moves `explorer` is asked about: more than any game of the files has (they keep a
/// game's first plies only), so a longer list is a caller's mistake.
pub const MAX_MOVES: usize = 1000;

/// A move of the explorer, as the page gets it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ExplorerMove {
    /// The move, as the rules core writes it.
    #[serde(rename = "move")]
    pub text: String,
    /// Games that played it there.
    pub games: u32,
    /// Of them, won by the side that played it.
    pub wins: u32,
    /// Of them, drawn.
    pub draws: u32,
    /// Of them, lost by the side that played it.
    pub losses: u32,
}

impl From<ExplorerError> for ApiError {
    fn from(e: ExplorerError) -> ApiError {
        match &e {
            ExplorerError::BadQuestion { .. } => {
                ApiError::new(ErrorCode::BadArgument, format!("explorer: {e}"))
            }
            _ => ApiError::new(
                ErrorCode::BadData,
                format!("explorer: the games do not read: {e}"),
            ),
        }
    }
}

/// The moves the games of `text` (an explorer file) played after `moves` in a game that
/// started from the position `start` (a position code), most played first; `None` when `start`
/// is not the start of the file's variant, whose games then say nothing.
pub fn explore(
    text: &str,
    start: &str,
    moves: &[String],
) -> Result<Option<Vec<ExplorerMove>>, ApiError> {
    let games: ExplorerGames = text.parse()?;
    if start != games.start_code() {
        return Ok(None);
    }
    let asked: Vec<&str> = moves.iter().map(String::as_str).collect();
    Ok(Some(
        games
            .moves_at(&asked)?
            .into_iter()
            .map(|s| ExplorerMove {
                text: s.text,
                games: s.games,
                wins: s.wins,
                draws: s.draws,
                losses: s.losses,
            })
            .collect(),
    ))
}

#[cfg(target_arch = "wasm32")]
mod wasm {
    use wasm_bindgen::prelude::*;

    use super::{explore, MAX_MOVES};
    use crate::args::Param;
    use crate::error::{ApiError, ErrorCode};
    use crate::js::{js_error, string, strings, to_js};

    /// The moves the games of an explorer file (`games`, its text) played after `moves` (an
    /// array of move texts) in a game that started from `start` (a position code): `[{move,
    /// games, wins, draws, losses}]`, most played first, the results for the side that played
    /// the move; empty when no game went on from there; `null` when `start` is not the start
    /// of the file's variant. A file that does not read is a `bad-data` error naming its line;
    /// a move that is not legal where it is asked about, `bad-argument`.
    #[wasm_bindgen]
    pub fn explorer(games: JsValue, start: JsValue, moves: JsValue) -> Result<JsValue, JsValue> {
        const F: &str = "explorer";
        let too_long = |count| {
            ApiError::new(
                ErrorCode::BadArgument,
                format!("{F}: {count} moves, more than {MAX_MOVES}"),
            )
        };
        let found = string(&games, Param::new(F, "games")).and_then(|text| {
            let start = string(&start, Param::new(F, "start"))?;
            let moves = strings(&moves, MAX_MOVES, too_long, Param::new(F, "moves"))?;
            explore(&text, &start, &moves)
        });
        to_js(&found.map_err(js_error)?, F)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SACKSON: &str = include_str!("../../bluegray-engine/explorer/sackson.txt");

    /// The start code of sackson.
    fn start() -> String {
        SACKSON.parse::<ExplorerGames>().unwrap().start_code()
    }

    #[test]
    fn counts_the_committed_games() {
        let first = explore(SACKSON, &start(), &[]).unwrap().unwrap();
        assert!(!first.is_empty());
        for m in &first {
            assert_eq!(m.wins + m.draws + m.losses, m.games);
            let after = std::slice::from_ref(&m.text);
            let next = explore(SACKSON, &start(), after).unwrap().unwrap();
            assert_eq!(next.iter().map(|n| n.games).sum::<u32>(), m.games);
        }
    }

    #[test]
    fn another_start_has_no_games() {
        // A position set up: the captains alone on their start points.
        let set_up = "4c4/9/9/9/9/9/9/9/4C4 b 0 1";
        assert_eq!(explore(SACKSON, set_up, &[]), Ok(None));
        assert_eq!(explore(SACKSON, "", &[]), Ok(None));
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let e = explore("variant sackson\n1-0 e2-f3\nxx\n", &start(), &[]).unwrap_err();
        assert_eq!(e.code, ErrorCode::BadData);
        assert_eq!(
            e.message,
            "explorer: the games do not read: line 3: 'xx' is no result: expected 1-0, 0-1 or 1/2-1/2"
        );
        let e = explore(SACKSON, &start(), &["a1-a9".into()]).unwrap_err();
        assert_eq!(e.code, ErrorCode::BadArgument);
        assert!(
            e.message
                .starts_with("explorer: move 1 'a1-a9' asked about"),
            "{}",
            e.message
        );
    }
}
