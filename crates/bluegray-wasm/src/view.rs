//! What the page draws a game from, as serde-serialisable plain data: the state of a game. A
//! `None` field is left out of the JS object, so it reads as `undefined`. The catalogue of
//! variants, options and levels is [`crate::catalogue`].

use bluegray_core::geometry::marked_diagonals;
use bluegray_core::{
    Color, EndReason, Game, ImpasseCause, Move, MoveKind, Outcome, PieceKind, Point, Rules,
    PATH_STEPS,
};
use serde::{Serialize, Serializer};

/// One piece on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "Piece"))]
pub struct PieceView {
    /// Point name, e.g. `e1`.
    pub point: String,
    /// `"blue"` or `"gray"`.
    #[cfg_attr(test, ts(as = "crate::ts::Side"))]
    pub color: &'static str,
    /// `"captain"`, `"sergeant"` or `"private"`.
    #[cfg_attr(test, ts(type = r#""captain" | "sergeant" | "private""#))]
    pub kind: &'static str,
}

/// One legal move (or a played move).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "Move"))]
pub struct MoveView {
    /// Its notation, e.g. `c3xc5xe5`.
    pub text: String,
    /// Every point it visits: the start, then each landing point.
    pub points: Vec<String>,
    /// The enemy guards it captures, in jump order.
    pub captured: Vec<String>,
    /// `"step"`, `"captain"` or `"capture"`.
    #[cfg_attr(test, ts(type = r#""step" | "captain" | "capture""#))]
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
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PerSide<T> {
    /// Blue's.
    pub blue: T,
    /// Gray's.
    pub gray: T,
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "Result", optional_fields))]
pub struct ResultView {
    /// `"blue"`, `"gray"`, or `None` for a draw.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(as = "Option<crate::ts::Side>"))]
    pub winner: Option<&'static str>,
    /// `"breakthrough"`, `"lead"` or `"impasse"` by the rules; `"resignation"`, `"agreement"`,
    /// `"aborted"` or `"abandoned"` by the players.
    #[cfg_attr(
        test,
        ts(
            type = r#""breakthrough" | "lead" | "impasse" | "resignation" | "agreement" | "aborted" | "time" | "abandoned""#
        )
    )]
    pub reason: &'static str,
    /// For an impasse: `"no-moves"`, `"repetition"` or `"no-progress"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(
        test,
        ts(optional, type = r#""no-moves" | "repetition" | "no-progress""#)
    )]
    pub cause: Option<&'static str>,
    /// A sentence, e.g. "Blue wins by breakthrough: the captain reached the red dot".
    pub text: String,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` for an aborted game.
    #[cfg_attr(test, ts(type = r#""1-0" | "0-1" | "1/2-1/2" | "*""#))]
    pub token: &'static str,
    /// A win on impasse, which Sackson counts as half a game.
    pub half_win: bool,
    /// Ended by the players (`Game.end`) rather than by the rules.
    pub by_players: bool,
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
            EndReason::Resignation => ("resignation", None),
            EndReason::Agreement => ("agreement", None),
            EndReason::Aborted => ("aborted", None),
            EndReason::Abandoned => ("abandoned", None),
            EndReason::Time => ("time", None),
        };
        ResultView {
            winner: o.winner.map(Color::as_str),
            reason,
            cause,
            text: o.to_string(),
            token: o.result_token(),
            half_win: o.is_half_win(),
            by_players: o.reason.by_players(),
        }
    }
}

/// One numbered row of the score sheet: the first player's move and the reply. A game
/// started from a position code with the second player to move has a first row without a
/// first move, as a record writes `12... e8-e7`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields))]
pub struct MoveRow {
    /// The move number.
    pub number: u16,
    /// The move of the variant's first player, if played in this row.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first: Option<String>,
    /// The move of the second player, if played yet.
    #[serde(skip_serializing_if = "Option::is_none")]
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
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields))]
pub struct GameState {
    /// The variant spec, e.g. `classic-turbo,first=gray`.
    pub variant: String,
    /// The variant's rules: every option's value as a spec writes it.
    pub rules: RuleValues,
    /// The current position code.
    pub code: String,
    /// The code of the position the game started from (with `variant` and `history`, it names
    /// the game's line: the page keys analyses by it).
    pub start: String,
    /// The side to move: `"blue"` or `"gray"`.
    #[cfg_attr(test, ts(as = "crate::ts::Side"))]
    pub side: &'static str,
    /// The side that moves first in this variant.
    #[cfg_attr(test, ts(as = "crate::ts::Side"))]
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
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_move: Option<MoveView>,
    /// The moves played, in order.
    pub history: Vec<String>,
    /// The moves played as a numbered score sheet, one row per move number.
    pub move_rows: Vec<MoveRow>,
    /// How the game ended, or `None` while it goes on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<ResultView>,
    /// Whether there is a move to take back.
    pub can_undo: bool,
    /// Whether there is a taken-back move to replay.
    pub can_redo: bool,
    /// The game record text.
    pub record: String,
    /// The comments of the game's own moves that people read, in order (none: left out): see
    /// [`CommentView`].
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(test, ts(as = "Option<_>"))]
    pub comments: Vec<CommentView>,
    /// The game's tree of moves when it has variations, else `None`: see [`crate::tree`].
    #[cfg(feature = "play")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tree: Option<crate::tree::TreeView>,
}

impl GameState {
    /// The state of `g`.
    pub fn of(g: &Game) -> GameState {
        let pos = g.position();
        let variant = g.variant();
        let setup = pos.setup();
        let board = Point::all()
            .filter_map(|p| {
                setup.board[p.index()].map(|piece| PieceView {
                    point: p.to_string(),
                    color: piece.color.as_str(),
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
            rules: RuleValues::of(&variant.rules),
            code: pos.to_string(),
            start: g.start_position().to_string(),
            side: pos.side_to_move().as_str(),
            first: variant.rules.first.as_str(),
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
            comments: comments(g),
            #[cfg(feature = "play")]
            tree: crate::tree::tree_view(g),
        }
    }
}

/// A comment of the game's own moves (a variation's are in its tree), for the move list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CommentView {
    /// The moves played before it: 0 before the first move, `n` after the `n`-th.
    pub ply: usize,
    /// Its words, without the commands `[%…]` in it (the clocks' `[%clk …]`, which the clocks
    /// read).
    pub text: String,
}

/// The comments of `g`'s moves played (those after belong to moves taken back), without their
/// commands; a comment of nothing but commands is left out (docs/RULES.md R31).
fn comments(g: &Game) -> Vec<CommentView> {
    let played = g.moves().len();
    g.comments()
        .iter()
        .filter(|(at, _)| *at <= played)
        .filter_map(|(at, text)| {
            let text = words_of(text);
            (!text.is_empty()).then_some(CommentView { ply: *at, text })
        })
        .collect()
}

/// `text` without its commands `[%…]` (to the next `]`, or the end), single-spaced. Char by
/// char, with no slicing and no `&str` search: either would bring the slicing panic's formatting
/// into the module (bluegray-core's text.rs).
pub(crate) fn words_of(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '[' && chars.peek() == Some(&'%') {
            for c in chars.by_ref() {
                if c == ']' {
                    break;
                }
            }
        } else if c != ' ' || !matches!(out.as_bytes().last(), None | Some(b' ')) {
            out.push(c);
        }
    }
    if out.as_bytes().last() == Some(&b' ') {
        out.pop();
    }
    out
}

/// Every option's value of a game's rules as a spec writes it, by option name, in the order of
/// the options: a JS object across the boundary. (Not a map: the order is already the options',
/// and a sorted map would cost the module its sorting and tree code for nothing the page reads.)
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    test,
    derive(ts_rs::TS),
    ts(as = "std::collections::HashMap<String, String>")
)]
pub struct RuleValues(Vec<(&'static str, String)>);

impl RuleValues {
    /// The values of `rules`.
    pub fn of(rules: &Rules) -> RuleValues {
        RuleValues(rules.values())
    }

    /// The value of option `name`, if there is such an option.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    /// How many options there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none (never, for real rules).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Serialize for RuleValues {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(n, v)| (n, v)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(spec: &str) -> Game {
        Game::new(spec.parse().unwrap())
    }

    #[test]
    fn a_games_state_carries_its_rules() {
        let s = GameState::of(&game("classic-turbo,lead=2,first=gray"));
        assert_eq!(s.rules.get("captain"), Some("turbo"));
        assert_eq!(s.rules.get("lead"), Some("2"));
        assert_eq!(s.rules.get("first"), Some("gray"));
    }

    #[test]
    fn a_games_state_carries_its_comments_without_clocks() {
        let record = "{before} 1. d2-d3 {good [%clk 0:04:57] move} 1... d8-d7 {[%clk 0:04:50]} \
                      2. e2-e3 (2. f2-f3 {tried}) {last} *";
        let mut g = Game::from_record(record).unwrap();
        let said = |g: &Game| {
            GameState::of(g)
                .comments
                .iter()
                .map(|c| (c.ply, c.text.clone()))
                .collect::<Vec<_>>()
        };
        let all = vec![
            (0, "before".to_string()),
            (1, "good move".to_string()),
            (3, "last".to_string()),
        ];
        assert_eq!(said(&g), all);
        // A move taken back takes its comment out of the list, and brings it back when replayed.
        g.undo();
        assert_eq!(said(&g), all[..2]);
        g.redo();
        assert_eq!(said(&g), all);
        // None in a game without comments (the field is then left out of the JS object).
        assert!(GameState::of(&game("sackson")).comments.is_empty());
    }

    #[test]
    fn a_games_state_names_its_start_whatever_was_played() {
        let mut g = game("sackson");
        let before = GameState::of(&g);
        assert_eq!(before.start, before.code);
        g.play_text("e2-e3").unwrap();
        let after = GameState::of(&g);
        assert_eq!(after.start, before.code);
        assert_ne!(after.code, before.code);
    }
}
