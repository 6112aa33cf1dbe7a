//! The adapter logic, in plain Rust: everything the page needs from the core and the engine,
//! shaped as serde-serialisable plain data. The `#[wasm_bindgen]` wrappers in `lib.rs` only
//! convert these values to JS; every function here is tested natively.

use bluegray_core::geometry::marked_diagonals;
use bluegray_core::{
    Color, EndReason, Game, ImpasseCause, Move, MoveKind, Outcome, PieceKind, Point, Position,
    Variant, VariantName, PATH_STEPS,
};
use bluegray_engine::{Clock, Engine, Level, Limits, SearchResult, MATE};
use serde::Serialize;

/// An error for the page: a message that says what is wrong.
pub type ApiResult<T> = Result<T, String>;

/// `"blue"` or `"gray"`.
pub fn side_name(c: Color) -> &'static str {
    match c {
        Color::Blue => "blue",
        Color::Gray => "gray",
    }
}

/// One piece on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceView {
    /// Point name, e.g. `e1`.
    pub point: String,
    /// `"blue"` or `"gray"`.
    pub color: &'static str,
    /// `"captain"`, `"sergeant"` or `"private"`.
    pub kind: &'static str,
}

/// One legal move (or a played move).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveView {
    /// Its notation, e.g. `c3xc5xe5`.
    pub text: String,
    /// Every point it visits: the start, then each landing point.
    pub points: Vec<String>,
    /// The enemy guards it captures, in jump order.
    pub captured: Vec<String>,
    /// `"step"`, `"captain"` or `"capture"`.
    pub kind: &'static str,
}

impl MoveView {
    /// The view of `m`.
    pub fn of(m: &Move) -> MoveView {
        MoveView {
            text: m.to_string(),
            points: m.points().iter().map(Point::to_string).collect(),
            captured: m.captured().iter().map(Point::to_string).collect(),
            kind: match m.kind() {
                MoveKind::Step => "step",
                MoveKind::Captain => "captain",
                MoveKind::Capture => "capture",
            },
        }
    }
}

/// Blue's and Gray's values of something.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PerSide<T> {
    /// Blue's.
    pub blue: T,
    /// Gray's.
    pub gray: T,
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResultView {
    /// `"blue"`, `"gray"`, or `None` for a draw.
    pub winner: Option<&'static str>,
    /// `"breakthrough"`, `"lead"` or `"impasse"`.
    pub reason: &'static str,
    /// For an impasse: `"no-moves"`, `"repetition"` or `"no-progress"`.
    pub cause: Option<&'static str>,
    /// A sentence, e.g. "Blue wins by breakthrough: the captain reached the red dot".
    pub text: String,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub token: &'static str,
    /// A win on impasse, which Sackson counts as half a game.
    pub half_win: bool,
}

impl ResultView {
    /// The view of `o`.
    pub fn of(o: &Outcome) -> ResultView {
        let (reason, cause) = match o.reason {
            EndReason::Breakthrough => ("breakthrough", None),
            EndReason::Lead { .. } => ("lead", None),
            EndReason::Impasse { cause, .. } => (
                "impasse",
                Some(match cause {
                    ImpasseCause::NoMoves => "no-moves",
                    ImpasseCause::Repetition => "repetition",
                    ImpasseCause::NoProgress => "no-progress",
                }),
            ),
        };
        ResultView {
            winner: o.winner.map(side_name),
            reason,
            cause,
            text: o.to_string(),
            token: o.result_token(),
            half_win: o.is_half_win(),
        }
    }
}

/// One numbered row of the score sheet: the first player's move and the reply. A game
/// started from a position code with the second player to move has a first row without a
/// first move, as a record writes `12... e8-e7`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveRow {
    /// The move number.
    pub number: u16,
    /// The move of the variant's first player, if played in this row.
    pub first: Option<String>,
    /// The move of the second player, if played yet.
    pub second: Option<String>,
}

/// The moves of `g` laid out as rows of a score sheet.
fn move_rows(g: &Game) -> Vec<MoveRow> {
    let first = g.variant().rules.first;
    let mut rows: Vec<MoveRow> = Vec::new();
    for (before, m) in g.positions().iter().zip(g.moves()) {
        let text = Some(m.to_string());
        if before.side_to_move() == first {
            rows.push(MoveRow {
                number: before.move_number(),
                first: text,
                second: None,
            });
        } else {
            match rows.last_mut() {
                Some(row) if row.number == before.move_number() && row.second.is_none() => {
                    row.second = text;
                }
                _ => rows.push(MoveRow {
                    number: before.move_number(),
                    first: None,
                    second: text,
                }),
            }
        }
    }
    rows
}

/// Everything the page draws and decides from, in one plain object.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GameState {
    /// The variant spec, e.g. `classic-turbo,first=gray`.
    pub variant: String,
    /// The variant's one-line description.
    pub variant_description: String,
    /// The current position code.
    pub code: String,
    /// The side to move: `"blue"` or `"gray"`.
    pub side: &'static str,
    /// The side that moves first in this variant.
    pub first: &'static str,
    /// The move number.
    pub move_number: u16,
    /// Plies played so far.
    pub ply: usize,
    /// Every piece.
    pub board: Vec<PieceView>,
    /// Each captain's progress, 0..=`steps`.
    pub progress: PerSide<u8>,
    /// Steps from start to the red dot (17).
    pub steps: u8,
    /// The path each side's captain follows, start first, the red dot last.
    pub paths: PerSide<Vec<String>>,
    /// The six marked diagonal segments, each as its two end points.
    pub diagonals: Vec<[String; 2]>,
    /// The legal moves; empty once the game is over.
    pub moves: Vec<MoveView>,
    /// Whether a capture is compulsory now (every legal move is a capture).
    pub capture_required: bool,
    /// The last move played, if any.
    pub last_move: Option<MoveView>,
    /// The moves played, in order.
    pub history: Vec<String>,
    /// The moves played as a numbered score sheet, one row per move number.
    pub move_rows: Vec<MoveRow>,
    /// How the game ended, or `None` while it goes on.
    pub result: Option<ResultView>,
    /// Whether there is a move to take back.
    pub can_undo: bool,
    /// Whether there is a taken-back move to replay.
    pub can_redo: bool,
    /// The game record text.
    pub record: String,
}

/// A game as the page sees it.
#[derive(Clone, Debug)]
pub struct Session {
    game: Game,
}

/// Parses a variant spec, with the message prefixed for the page.
pub fn parse_variant(spec: &str) -> ApiResult<Variant> {
    let spec = if spec.trim().is_empty() {
        "sackson"
    } else {
        spec
    };
    spec.parse::<Variant>().map_err(|e| e.to_string())
}

impl Session {
    /// A new game of the variant `spec` from its start.
    pub fn new(spec: &str) -> ApiResult<Session> {
        Ok(Session {
            game: Game::new(parse_variant(spec)?),
        })
    }

    /// A new game of the variant `spec` from a position code.
    pub fn from_code(spec: &str, code: &str) -> ApiResult<Session> {
        let variant = parse_variant(spec)?;
        Game::from_code(variant, code.trim())
            .map(|game| Session { game })
            .map_err(|e| format!("bad position code: {e}"))
    }

    /// A game replayed from a game record.
    pub fn from_record(text: &str) -> ApiResult<Session> {
        Game::from_record(text)
            .map(|game| Session { game })
            .map_err(|e| format!("bad game record: {e}"))
    }

    /// The core game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The state object the page draws from.
    pub fn state(&self) -> GameState {
        let g = &self.game;
        let pos = g.position();
        let variant = g.variant();
        let setup = pos.setup();
        let board = Point::all()
            .filter_map(|p| {
                setup.board[p.index()].map(|piece| PieceView {
                    point: p.to_string(),
                    color: side_name(piece.color),
                    kind: match piece.kind {
                        PieceKind::Captain => "captain",
                        PieceKind::Sergeant => "sergeant",
                        PieceKind::Private => "private",
                    },
                })
            })
            .collect();
        let path_of = |c: Color| pos.path(c).points().iter().map(Point::to_string).collect();
        let moves: Vec<MoveView> = g.legal_moves().iter().map(MoveView::of).collect();
        let capture_required = !moves.is_empty() && moves.iter().all(|m| m.kind == "capture");
        GameState {
            variant: variant.to_string(),
            variant_description: variant.name.description(),
            code: pos.to_string(),
            side: side_name(pos.side_to_move()),
            first: side_name(variant.rules.first),
            move_number: pos.move_number(),
            ply: g.moves().len(),
            board,
            progress: PerSide {
                blue: pos.progress(Color::Blue),
                gray: pos.progress(Color::Gray),
            },
            steps: PATH_STEPS,
            paths: PerSide {
                blue: path_of(Color::Blue),
                gray: path_of(Color::Gray),
            },
            diagonals: marked_diagonals()
                .into_iter()
                .map(|(a, b)| [a.to_string(), b.to_string()])
                .collect(),
            moves,
            capture_required,
            last_move: g.moves().last().map(MoveView::of),
            history: g.moves().iter().map(Move::to_string).collect(),
            move_rows: move_rows(g),
            result: g.outcome().as_ref().map(ResultView::of),
            can_undo: !g.moves().is_empty(),
            can_redo: g.redo_moves().next().is_some(),
            record: g.record().to_string(),
        }
    }

    /// Plays a move given in notation; returns it normalised.
    pub fn play(&mut self, text: &str) -> ApiResult<String> {
        self.game
            .play_text(text)
            .map(|m| m.to_string())
            .map_err(|e| e.to_string())
    }

    /// Plays the `index`-th legal move of the state's `moves` list.
    pub fn play_index(&mut self, index: usize) -> ApiResult<String> {
        if let Some(o) = self.game.outcome() {
            return Err(format!("the game is over: {o}"));
        }
        let moves = self.game.legal_moves();
        let m = *moves.get(index).ok_or_else(|| {
            format!(
                "no legal move number {index}: there are {} legal moves",
                moves.len()
            )
        })?;
        self.game.play(m).map_err(|e| e.to_string())?;
        Ok(m.to_string())
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<String> {
        self.game.undo().map(|m| m.to_string())
    }

    /// Replays the last move taken back; returns it, or `None`.
    pub fn redo(&mut self) -> Option<String> {
        self.game.redo().map(|m| m.to_string())
    }

    /// Sets a record tag such as `Blue` or `Gray` (player names); Variant, Position and Result
    /// are the game's own and cannot be set.
    pub fn set_tag(&mut self, name: &str, value: &str) -> ApiResult<()> {
        let name = name.trim();
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(format!(
                "'{name}' is not a tag name: use letters, digits and _"
            ));
        }
        if ["variant", "position", "result"].contains(&name.to_ascii_lowercase().as_str()) {
            return Err(format!("the {name} tag is set by the game itself"));
        }
        let tags = &mut self.game.tags;
        match tags.iter_mut().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
            Some(t) => t.1 = value.to_string(),
            None => tags.push((name.to_string(), value.to_string())),
        }
        Ok(())
    }
}

/// A named variant for the page's menu.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VariantInfo {
    /// Its spec name, e.g. `classic-turbo`.
    pub name: String,
    /// A one-line description.
    pub description: String,
}

/// An AI level for the page's menu.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LevelInfo {
    /// 1..=MAX.
    pub number: u8,
    /// A short name.
    pub name: &'static str,
}

/// What `variants()` returns: every named variant and every AI level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Catalogue {
    /// The 17 named variants, `sackson` first.
    pub variants: Vec<VariantInfo>,
    /// The AI levels, weakest first.
    pub levels: Vec<LevelInfo>,
    /// The default variant.
    pub default_variant: String,
    /// The strongest level.
    pub max_level: u8,
}

/// The named variants and AI levels.
pub fn catalogue() -> Catalogue {
    Catalogue {
        variants: VariantName::all()
            .into_iter()
            .map(|v| VariantInfo {
                name: v.to_string(),
                description: v.description(),
            })
            .collect(),
        levels: Level::all()
            .map(|l| LevelInfo {
                number: l.number(),
                name: l.name(),
            })
            .collect(),
        default_variant: VariantName::Sackson.to_string(),
        max_level: Level::MAX.number(),
    }
}

/// The answer of an AI search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ThinkResult {
    /// The move to play, or `None` when the game is over or there is no legal move.
    pub best: Option<String>,
    /// Score for the side to move, in centi-steps of captain progress.
    pub score: i32,
    /// Plies to a forced win (positive) or loss (negative), if the score shows one.
    pub mate_in: Option<i32>,
    /// The score for people: "+1.25" or "wins in 5" / "loses in 4".
    pub score_text: String,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation, starting with `best`.
    pub pv: Vec<String>,
    /// The side the search played for.
    pub side: &'static str,
}

/// Builds the game to search from a game record (text starting with `[` or holding moves) or a
/// position code of variant `spec`.
pub fn game_for_search(record_or_code: &str, spec: &str) -> ApiResult<Game> {
    let text = record_or_code.trim();
    if text.is_empty() {
        return Ok(Game::new(parse_variant(spec)?));
    }
    if text.starts_with('[') {
        Session::from_record(text).map(|s| s.game)
    } else {
        Session::from_code(spec, text).map(|s| s.game)
    }
}

/// The search limits for a level and an optional time budget (ms; `<= 0` or NaN means none).
pub fn limits_for(movetime_ms: Option<f64>, seed: u64) -> Limits<'static> {
    Limits {
        movetime_ms: movetime_ms.filter(|t| t.is_finite() && *t > 0.0),
        seed,
        ..Limits::default()
    }
}

/// Searches the game's current position for the side to move.
pub fn think(
    engine: &mut Engine,
    record_or_code: &str,
    spec: &str,
    level: u8,
    movetime_ms: Option<f64>,
    seed: u64,
    clock: &dyn Clock,
) -> ApiResult<ThinkResult> {
    let game = game_for_search(record_or_code, spec)?;
    let side = side_name(game.side_to_move());
    if let Some(o) = game.outcome() {
        return Err(format!("the game is over: {o}"));
    }
    let pos: &Position = game.position();
    let positions = game.positions();
    let history: Vec<u64> = positions[..positions.len() - 1]
        .iter()
        .map(Position::hash)
        .collect();
    let limits = limits_for(movetime_ms, seed);
    let result: SearchResult = engine.search(
        pos,
        &history,
        &limits,
        Level::new(level),
        clock,
        &mut |_| {},
    );
    let legal = pos.legal_moves();
    // Never hand the page a move it cannot play, whatever the engine answers.
    let best = match result.best {
        Some(m) if legal.contains(&m) => Some(m),
        _ => legal.first().copied(),
    };
    let mate_in = mate_plies(result.score);
    Ok(ThinkResult {
        best: best.map(|m| m.to_string()),
        score: result.score,
        mate_in,
        score_text: score_text(result.score),
        depth: result.depth,
        nodes: result.nodes,
        pv: result.pv.iter().map(Move::to_string).collect(),
        side,
    })
}

/// Plies to a forced win (positive) or loss (negative), if `score` is beyond ±MATE.
pub fn mate_plies(score: i32) -> Option<i32> {
    if score >= MATE {
        Some((MATE + 1000 - score).max(1))
    } else if score <= -MATE {
        Some(-(MATE + 1000 + score).max(1))
    } else {
        None
    }
}

/// A score for people, from the side to move's point of view.
pub fn score_text(score: i32) -> String {
    match mate_plies(score) {
        Some(n) if n > 0 => format!("wins in {n} plies"),
        Some(n) => format!("loses in {} plies", -n),
        None => format!("{:+.2}", score as f64 / 100.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bluegray_engine::NoClock;

    /// A wall clock for searches with a time budget.
    struct Wall(std::time::Instant);

    impl Clock for Wall {
        fn now_ms(&self) -> f64 {
            self.0.elapsed().as_secs_f64() * 1000.0
        }
    }

    const START: &str = "sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS b 0 1";
    const JUMP: &str = "1sssc2s1/s1sss1ss1/3s2s2/2S2s3/3S1SS2/2S3S2/4S3S/8S/SS1SCS1SS b 0 1";

    fn row(number: u16, first: Option<&str>, second: Option<&str>) -> MoveRow {
        MoveRow {
            number,
            first: first.map(str::to_string),
            second: second.map(str::to_string),
        }
    }

    #[test]
    fn the_score_sheet_numbers_moves_from_the_start_position() {
        let mut g = Session::new("sackson").unwrap();
        for m in ["e2-e3", "e8-e7", "d2-d3"] {
            g.play(m).unwrap();
        }
        assert_eq!(
            g.state().move_rows,
            [
                row(1, Some("e2-e3"), Some("e8-e7")),
                row(2, Some("d2-d3"), None)
            ]
        );
        // Gray to move at move 12: the sheet starts with Gray's half of move 12.
        let mut g = Session::from_code("sackson", "4c4/9/9/9/9/9/9/s7S/4C4 g 0 12").unwrap();
        for m in ["a2-a1", "i2-i3", "a1-b1"] {
            g.play(m).unwrap();
        }
        assert_eq!(
            g.state().move_rows,
            [
                row(12, None, Some("a2-a1")),
                row(13, Some("i2-i3"), Some("a1-b1"))
            ]
        );
    }

    #[test]
    fn new_game_state_shows_the_start() {
        let s = Session::new("sackson").unwrap().state();
        assert_eq!(s.code, START);
        assert_eq!(s.side, "blue");
        assert_eq!(s.board.len(), 36);
        assert_eq!(s.moves.len(), 25);
        assert!(!s.capture_required);
        assert_eq!(s.progress, PerSide { blue: 0, gray: 0 });
        assert_eq!(s.steps, 17);
        assert_eq!(s.paths.blue.first().map(String::as_str), Some("e1"));
        assert_eq!(s.paths.gray.last().map(String::as_str), Some("e5"));
        assert_eq!(s.diagonals.len(), 6);
        assert!(s.result.is_none() && !s.can_undo && !s.can_redo && s.last_move.is_none());
        assert!(s.record.contains("[Variant \"sackson\"]"));
        let captain = s.board.iter().find(|p| p.point == "e1").unwrap();
        assert_eq!((captain.color, captain.kind), ("blue", "captain"));
    }

    #[test]
    fn every_variant_starts() {
        let cat = catalogue();
        assert_eq!(cat.variants.len(), 17);
        assert_eq!(cat.levels.len() as u8, cat.max_level);
        for v in &cat.variants {
            let s = Session::new(&v.name).unwrap().state();
            assert_eq!(s.variant, v.name);
            assert!(!s.moves.is_empty(), "{}", v.name);
        }
        let s = Session::new("super-light-pow").unwrap().state();
        assert!(s.board.iter().any(|p| p.kind == "private"));
        assert_eq!(
            s.paths.blue.first().map(String::as_str),
            Some("e9"),
            "POW swaps paths"
        );
        assert_eq!(
            Session::new("classic-turbo,first=gray")
                .unwrap()
                .state()
                .side,
            "gray"
        );
    }

    #[test]
    fn bad_specs_codes_and_records_are_errors_with_messages() {
        assert!(Session::new("chess").unwrap_err().contains("'chess'"));
        assert!(Session::new("sackson,speed=1")
            .unwrap_err()
            .contains("'speed'"));
        assert!(Session::from_code("sackson", "garbage")
            .unwrap_err()
            .contains("position code"));
        assert!(Session::from_record("[Variant \"nope\"]\n\n*")
            .unwrap_err()
            .contains("nope"));
        assert!(Session::from_record("[Variant \"sackson\"]\n\n1. e1-e3 *")
            .unwrap_err()
            .contains("move 1"));
        assert_eq!(Session::new("").unwrap().state().variant, "sackson");
    }

    #[test]
    fn play_by_text_and_index_undo_redo() {
        let mut s = Session::new("sackson").unwrap();
        assert_eq!(s.play(" E2-E3 ").unwrap(), "e2-e3");
        assert!(s.play("e2-e3").unwrap_err().contains("illegal move"));
        assert!(s.play("zz").is_err());
        let st = s.state();
        assert_eq!(st.side, "gray");
        assert_eq!(st.last_move.as_ref().unwrap().points, vec!["e2", "e3"]);
        let idx = st.moves.iter().position(|m| m.text == "e8-e7").unwrap();
        assert_eq!(s.play_index(idx).unwrap(), "e8-e7");
        assert!(s
            .play_index(9999)
            .unwrap_err()
            .contains("no legal move number"));
        assert_eq!(s.state().history, vec!["e2-e3", "e8-e7"]);
        assert_eq!(s.undo().as_deref(), Some("e8-e7"));
        assert!(s.state().can_redo);
        assert_eq!(s.redo().as_deref(), Some("e8-e7"));
        assert_eq!(s.redo(), None);
        s.undo();
        s.undo();
        assert_eq!(s.undo(), None);
        assert_eq!(s.state().code, START);
    }

    #[test]
    fn compulsory_multi_jump_lists_points_and_captures() {
        let mut s = Session::from_code("sackson", JUMP).unwrap();
        let st = s.state();
        assert!(st.capture_required);
        assert_eq!(st.moves.len(), 1);
        let m = &st.moves[0];
        assert_eq!(m.text, "f5xf7xh7");
        assert_eq!(m.points, vec!["f5", "f7", "h7"]);
        assert_eq!(m.captured, vec!["f6", "g7"]);
        assert_eq!(m.kind, "capture");
        assert!(s.play("d5-d6").unwrap_err().contains("compulsory"));
        s.play_index(0).unwrap();
        let st = s.state();
        assert!(!st.board.iter().any(|p| p.point == "f6" || p.point == "g7"));
        assert_eq!(st.last_move.unwrap().captured, vec!["f6", "g7"]);
    }

    #[test]
    fn results_say_who_and_how() {
        let mut s = Session::from_code("sackson", "s3c4/9/9/9/9/4C4/9/9/S8 b 0 30").unwrap();
        assert_eq!(s.state().progress.blue, 16);
        s.play("e4-e5").unwrap();
        let st = s.state();
        let r = st.result.unwrap();
        assert_eq!(
            (r.winner, r.reason, r.token),
            (Some("blue"), "breakthrough", "1-0")
        );
        assert!(r.text.contains("Blue wins by breakthrough"));
        assert!(st.moves.is_empty());
        assert!(st.record.contains("1-0"));
        assert!(s.play("a1-a2").unwrap_err().contains("game is over"));
        assert!(s.play_index(0).unwrap_err().contains("game is over"));
        // Lead rule of the classic variants.
        let mut s = Session::from_code("classic", "s3c4/9/9/9/9/9/9/3C5/S8 b 0 3").unwrap();
        s.play("d2-c2").unwrap();
        let r = s.state().result.unwrap();
        assert_eq!((r.winner, r.reason), (Some("blue"), "lead"));
        assert!(!r.half_win);
    }

    #[test]
    fn records_round_trip_and_tags() {
        let mut s = Session::new("classic-turbo").unwrap();
        s.play("e2-e3").unwrap();
        s.play("e8-e7").unwrap();
        s.play("e1-e2").unwrap();
        s.set_tag("Blue", "Ann").unwrap();
        assert!(s.set_tag("Result", "1-0").is_err());
        assert!(s.set_tag("bad name", "x").is_err());
        let rec = s.state().record;
        assert!(rec.contains("[Blue \"Ann\"]"));
        let t = Session::from_record(&rec).unwrap();
        assert_eq!(t.state().code, s.state().code);
        assert_eq!(t.state().history, vec!["e2-e3", "e8-e7", "e1-e2"]);
        let c = Session::from_code("sackson", JUMP).unwrap();
        assert!(c.state().record.contains("[Position"));
        assert_eq!(
            Session::from_record(&c.state().record)
                .unwrap()
                .state()
                .code,
            JUMP
        );
    }

    #[test]
    fn think_returns_a_legal_move_with_score_and_pv() {
        let mut engine = Engine::new(1);
        let r = think(&mut engine, "", "sackson", 1, None, 7, &NoClock).unwrap();
        let best = r.best.clone().unwrap();
        assert!(Session::new("sackson").unwrap().play(&best).is_ok());
        assert_eq!(r.side, "blue");
        assert!(!r.score_text.is_empty());
        let wall = Wall(std::time::Instant::now());
        let r = think(&mut engine, JUMP, "sackson", 8, Some(200.0), 1, &wall).unwrap();
        assert_eq!(r.best.as_deref(), Some("f5xf7xh7"));
        assert_eq!(r.pv.first().map(String::as_str), Some("f5xf7xh7"));
        let mut s = Session::new("sackson").unwrap();
        s.play("e2-e3").unwrap();
        let r = think(
            &mut engine,
            &s.state().record,
            "ignored",
            3,
            None,
            1,
            &NoClock,
        )
        .unwrap();
        assert_eq!(r.side, "gray");
        assert!(s.play(r.best.as_deref().unwrap()).is_ok());
        // A time budget is honoured (with a generous margin for a loaded machine).
        let t = std::time::Instant::now();
        let r = think(&mut engine, "", "classic", 8, Some(150.0), 3, &wall).unwrap();
        assert!(r.best.is_some() && r.depth >= 1);
        assert!(t.elapsed().as_millis() < 3000, "took {:?}", t.elapsed());
        let won = "s3c4/9/9/9/9/9/9/9/S3C4 b 0 3";
        let done = Session::from_code("sackson", "s3c4/9/9/9/4C4/9/9/9/S8 g 0 30");
        assert!(done.is_ok());
        assert!(think(
            &mut engine,
            "s3c4/9/9/9/4C4/9/9/9/S8 g 0 30",
            "sackson",
            1,
            None,
            1,
            &NoClock
        )
        .unwrap_err()
        .contains("game is over"));
        assert!(think(&mut engine, won, "nope", 1, None, 1, &NoClock)
            .unwrap_err()
            .contains("'nope'"));
        assert!(think(
            &mut engine,
            "[Variant \"sackson\"]\n\n1. zz *",
            "",
            1,
            None,
            1,
            &NoClock
        )
        .is_err());
    }

    #[test]
    fn scores_for_people() {
        assert_eq!(score_text(125), "+1.25");
        assert_eq!(score_text(-50), "-0.50");
        assert_eq!(mate_plies(MATE + 1000 - 5), Some(5));
        assert_eq!(mate_plies(-(MATE + 1000 - 4)), Some(-4));
        assert!(score_text(MATE + 999).starts_with("wins in 1"));
        assert!(score_text(-(MATE + 996)).starts_with("loses in 4"));
        assert_eq!(limits_for(Some(f64::NAN), 0).movetime_ms, None);
        assert_eq!(limits_for(Some(0.0), 0).movetime_ms, None);
        assert_eq!(limits_for(Some(500.0), 0).movetime_ms, Some(500.0));
    }
}
