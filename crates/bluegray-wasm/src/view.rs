//! What the page draws from, as serde-serialisable plain data: the state of a game, the
//! catalogue of variants and levels, and scores in words. A `None` field is left out of the JS
//! object, so it reads as `undefined`.

use bluegray_core::geometry::marked_diagonals;
use bluegray_core::{
    Color, EndReason, Game, ImpasseCause, Move, MoveKind, Outcome, PieceKind, Point, Rules,
    VariantName, PATH_STEPS,
};
use bluegray_engine::{mate_in, Level, Score};
use serde::Serialize;
use std::collections::BTreeMap;

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
#[serde(rename_all = "camelCase")]
pub struct ResultView {
    /// `"blue"`, `"gray"`, or `None` for a draw.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<&'static str>,
    /// `"breakthrough"`, `"lead"` or `"impasse"`.
    pub reason: &'static str,
    /// For an impasse: `"no-moves"`, `"repetition"` or `"no-progress"`.
    #[serde(skip_serializing_if = "Option::is_none")]
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
            winner: o.winner.map(Color::as_str),
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
pub struct GameState {
    /// The variant spec, e.g. `classic-turbo,first=gray`.
    pub variant: String,
    /// The variant's one-line description.
    pub variant_description: String,
    /// The variant's rules: every option's value as a spec writes it.
    pub rules: BTreeMap<&'static str, String>,
    /// The current position code.
    pub code: String,
    /// The code of the position the game started from (with `variant` and `history`, it names
    /// the game's line: the page keys analyses by it).
    pub start: String,
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
            variant_description: variant.name.description(),
            rules: rules_view(&variant.rules),
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
        }
    }
}

/// A named variant for the page's menu.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VariantInfo {
    /// Its spec name, e.g. `classic-turbo`.
    pub name: String,
    /// A one-line description.
    pub description: String,
    /// Its rules: every option's value as a spec writes it.
    pub rules: BTreeMap<&'static str, String>,
    /// How it fared between equal strong players, when measured (docs/BALANCE.md).
    pub balance: Option<BalanceInfo>,
}

/// How a named variant fared in games of the strongest level against itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BalanceInfo {
    /// Games measured.
    pub games: u32,
    /// Games the side that moves first won, in whole percent.
    pub first_wins: u32,
    /// Games drawn, in whole percent.
    pub draws: u32,
    /// Games the side that moves second won, in whole percent.
    pub second_wins: u32,
}

/// A rule option for the page's menu of ingredients.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OptionView {
    /// Its name in specs, e.g. `captain`.
    pub name: &'static str,
    /// The values to offer, as specs write them.
    pub values: Vec<String>,
    /// Whether its value is a number.
    pub numeric: bool,
}

/// Every option's value of `rules`, by option name.
pub fn rules_view(rules: &Rules) -> BTreeMap<&'static str, String> {
    rules.values().into_iter().collect()
}

/// An AI level for the page's menu.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LevelInfo {
    /// 1..=MAX.
    pub number: u8,
    /// A short name.
    pub name: &'static str,
}

/// What `variants()` returns: every named variant, every rule option, every AI level with the
/// level range, and the analysis node budgets, so that the page copies none of these numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Catalogue {
    /// The 17 named variants, `sackson` first.
    pub variants: Vec<VariantInfo>,
    /// The AI levels, weakest first.
    pub levels: Vec<LevelInfo>,
    /// Every rule option, in the order specs print them.
    pub options: Vec<OptionView>,
    /// The default variant.
    pub default_variant: String,
    /// The weakest level.
    pub min_level: u8,
    /// The strongest level.
    pub max_level: u8,
    /// The node budget of `analyse` when it is given none.
    pub analysis_nodes: u64,
    /// The largest node budget `analyse` takes.
    pub max_analysis_nodes: u64,
}

/// The named variants and AI levels.
pub fn catalogue() -> Catalogue {
    Catalogue {
        variants: VariantName::all()
            .into_iter()
            .map(|v| VariantInfo {
                name: v.to_string(),
                description: v.description(),
                rules: rules_view(&v.rules()),
                balance: bluegray_engine::balance::balance(v).map(|b| BalanceInfo {
                    games: b.games,
                    first_wins: b.percent(b.first_wins),
                    draws: b.percent(b.draws),
                    second_wins: b.percent(b.second_wins),
                }),
            })
            .collect(),
        options: bluegray_core::options()
            .into_iter()
            .map(|o| OptionView {
                name: o.name,
                values: o.values,
                numeric: o.numeric,
            })
            .collect(),
        levels: Level::all()
            .map(|l| LevelInfo {
                number: l.number(),
                name: l.name(),
            })
            .collect(),
        default_variant: VariantName::Sackson.to_string(),
        min_level: Level::MIN.number(),
        max_level: Level::MAX.number(),
        analysis_nodes: crate::search::ANALYSIS_NODES,
        max_analysis_nodes: crate::search::MAX_ANALYSIS_NODES,
    }
}

/// A score for people, from the side to move's point of view.
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

#[cfg(test)]
mod tests {
    use super::*;
    use bluegray_engine::MATE;

    #[test]
    fn the_catalogue_lists_every_option_and_each_variants_rules() {
        let c = catalogue();
        let names: Vec<&str> = c.options.iter().map(|o| o.name).collect();
        assert_eq!(
            names,
            [
                "captain",
                "guards",
                "army",
                "start",
                "lead",
                "diagonals",
                "jumps",
                "impasse_plies",
                "first"
            ]
        );
        let captain = &c.options[0];
        assert_eq!(captain.values, ["standard", "turbo"]);
        assert!(!captain.numeric);
        assert!(c.options[4].numeric && c.options[4].values.contains(&"3".to_string()));
        let rules = |name: &str| &c.variants.iter().find(|v| v.name == name).unwrap().rules;
        assert_eq!(rules("sackson")["lead"], "0");
        assert_eq!(rules("classic")["lead"], "3");
        assert_eq!(rules("super-turbo-light-pow")["captain"], "turbo");
        assert_eq!(rules("super-turbo-light-pow")["guards"], "privates");
        assert_eq!(rules("super-turbo-light-pow")["start"], "pow");
        // Every variant's rules name every option, with one of its values or a number.
        for v in &c.variants {
            assert_eq!(v.rules.len(), c.options.len(), "{}", v.name);
            for o in &c.options {
                let value = &v.rules[o.name];
                assert!(
                    o.numeric || o.values.contains(value),
                    "{} {}={value}",
                    v.name,
                    o.name
                );
            }
        }
    }

    #[test]
    fn a_games_state_carries_its_rules() {
        let s = crate::session::Session::new("classic-turbo,lead=2,first=gray")
            .unwrap()
            .state();
        assert_eq!(s.rules["captain"], "turbo");
        assert_eq!(s.rules["lead"], "2");
        assert_eq!(s.rules["first"], "gray");
    }

    #[test]
    fn a_games_state_names_its_start_whatever_was_played() {
        let mut session = crate::session::Session::new("sackson").unwrap();
        let before = session.state();
        assert_eq!(before.start, before.code);
        session.play("e2-e3").unwrap();
        let after = session.state();
        assert_eq!(after.start, before.code);
        assert_ne!(after.code, before.code);
    }

    #[test]
    fn scores_for_people() {
        assert_eq!(score_text(125), "+1.25");
        assert_eq!(score_text(-50), "-0.50");
        assert_eq!(score_text(0), "+0.00");
        assert_eq!(score_text(-1234), "-12.34");
        assert_eq!(mate_in(MATE + 1000 - 5), Some(5));
        assert_eq!(mate_in(-(MATE + 1000 - 4)), Some(-4));
        assert_eq!(score_text(MATE + 999), "wins in 1 ply");
        assert_eq!(score_text(-(MATE + 999)), "loses in 1 ply");
        assert_eq!(score_text(MATE + 998), "wins in 2 plies");
        assert!(score_text(-(MATE + 996)).starts_with("loses in 4"));
    }
}
