//! The TypeScript declarations of everything that crosses the boundary as data, made from the
//! Rust types that make it: `www/core/core-types.d.ts`, which the page's JSDoc imports its types
//! from (`'../core/core-types.js'`). Each type derives ts-rs's `TS` in tests only (`cfg_attr(test,
//! …)`, the teaching crates' behind their `ts` feature, which this crate's tests turn on), so no
//! wasm module carries any of it; ts-rs reads the types' serde attributes as serde does.
//!
//! A test keeps the committed file equal to what the types make; `BLESS=1 cargo test -p
//! bluegray-wasm declarations` writes it again.

use bluegray_core::Color;
use ts_rs::{Config, TS};

/// The file, from this crate's directory.
const FILE: &str = "../../www/core/core-types.d.ts";

/// What the file says of itself, before the declarations.
const HEADER: &str = "\
// Generated from the Rust types that make these shapes (crates/bluegray-wasm/src/ts.rs lists
// them; crates/bluegray-lessons and bluegray-puzzles for the teaching): do not edit. Write it
// again with `BLESS=1 cargo test -p bluegray-wasm declarations`; that test fails while this file
// is not what the types make. A field absent from an object is `?`, a `null` one `| null`.
";

/// A side as the boundary writes it (`Color::as_str`): `ts(as = \"crate::ts::Side\")` on a field
/// of a `&str` that holds one.
pub(crate) struct Side;

impl TS for Side {
    type WithoutGenerics = Side;
    type OptionInnerType = Side;

    fn docs() -> Option<String> {
        Some("/** A side of the game. */\n".to_string())
    }

    fn name(_: &Config) -> String {
        "Side".to_string()
    }

    fn inline(_: &Config) -> String {
        [Color::Blue, Color::Gray]
            .map(|c| format!("\"{}\"", c.as_str()))
            .join(" | ")
    }

    fn decl(cfg: &Config) -> String {
        format!("type Side = {};", Side::inline(cfg))
    }

    fn decl_concrete(cfg: &Config) -> String {
        Side::decl(cfg)
    }
}

/// Every declaration of the file, in its order: each type with its docs, `export`ed.
struct Declarations {
    cfg: Config,
    names: Vec<String>,
    text: String,
    /// Each type's name with the names of the declared types it uses.
    uses: Vec<(String, Vec<String>)>,
}

impl Declarations {
    fn add<T: TS + 'static>(&mut self) -> &mut Self {
        let name = T::ident(&self.cfg);
        self.text.push('\n');
        self.text.push_str(&T::docs().unwrap_or_default());
        self.text.push_str("export ");
        // ts-rs ends its lines of fields with a space.
        for line in T::decl(&self.cfg).lines() {
            self.text.push_str(line.trim_end());
            self.text.push('\n');
        }
        let uses = T::dependencies(&self.cfg)
            .into_iter()
            .map(|d| d.ts_name)
            .collect();
        self.uses.push((name.clone(), uses));
        self.names.push(name);
        self
    }
}

/// The declarations of every shape the modules give the page, and the names each uses.
fn declarations() -> Declarations {
    use crate::{catalogue, check, error, explorer, said, search, tree, view};
    use bluegray_lessons as lessons;
    use bluegray_puzzles as puzzles;

    let mut d = Declarations {
        // A `u64` (the nodes searched, the analysis budgets) is a JS number: JSON gives no bigint.
        cfg: Config::new().with_large_int("number"),
        names: Vec::new(),
        text: HEADER.to_string(),
        uses: Vec::new(),
    };
    d.add::<Side>()
        // `Game.state()`.
        .add::<view::GameState>()
        .add::<view::PieceView>()
        .add::<view::MoveView>()
        .add::<view::PerSide<()>>()
        .add::<view::ResultView>()
        .add::<view::MoveRow>()
        .add::<view::RuleValues>()
        .add::<view::CommentView>()
        .add::<tree::TreeView>()
        // `variants()`.
        .add::<catalogue::Catalogue>()
        .add::<catalogue::VariantInfo>()
        .add::<catalogue::BalanceInfo>()
        .add::<catalogue::OptionView>()
        .add::<catalogue::LevelInfo>()
        // `think()`, `analyse()`.
        .add::<search::ThinkResult>()
        // The teaching module: `lessons()`, `lessonJudge()`; `puzzles()`, `puzzleJudge()`;
        // `checkPosition()`; `explorer()`.
        .add::<lessons::LessonInfo>()
        .add::<lessons::Kind>()
        .add::<lessons::Verdict>()
        .add::<lessons::Status>()
        .add::<lessons::Feedback>()
        .add::<puzzles::PuzzleInfo>()
        .add::<puzzles::Goal>()
        .add::<puzzles::Theme>()
        .add::<puzzles::Verdict>()
        .add::<puzzles::Status>()
        .add::<puzzles::Ending>()
        .add::<puzzles::Why>()
        .add::<puzzles::How>()
        .add::<check::PositionCheck>()
        .add::<check::ProblemView>()
        .add::<check::ProblemParams>()
        .add::<explorer::ExplorerMove>()
        // What every thrown error has besides `Error`'s own (js.rs `js_error`).
        .add::<error::ApiError>()
        .add::<error::ErrorCode>()
        .add::<said::Said>()
        .add::<said::Param>();
    d.text.push_str(
        "\n/** An error the rules core throws: a JS `Error` with the fields above. */\n\
         export type CoreError = Error & CoreErrorFields;\n",
    );
    d
}

#[test]
fn the_committed_declarations_are_the_ones_the_types_make() {
    let made = declarations().text;
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FILE);
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&file, &made).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&file).unwrap_or_default();
    assert!(
        committed == made,
        "www/core/core-types.d.ts is not what the Rust types make: write it again with \
         BLESS=1 cargo test -p bluegray-wasm declarations"
    );
}

#[test]
fn every_type_a_declaration_uses_is_declared() {
    let d = declarations();
    for (name, uses) in &d.uses {
        for used in uses {
            assert!(d.names.contains(used), "{name} uses {used}, not declared");
        }
    }
}

#[test]
fn the_error_codes_are_the_ones_the_errors_table_lists() {
    // The table of error.rs's documentation lists every code `ErrorCode::as_str` gives
    // (its own test), so the declared union is right when it has exactly those.
    let declared = crate::error::ErrorCode::inline(&Config::new());
    let mut declared: Vec<&str> = declared.split(" | ").map(|c| c.trim_matches('"')).collect();
    let mut listed: Vec<&str> = include_str!("error.rs")
        .lines()
        .filter_map(|l| l.strip_prefix("//! | `")?.split('`').next())
        .filter(|c| *c != "code")
        .collect();
    declared.sort_unstable();
    listed.sort_unstable();
    assert_eq!(declared, listed);
}

#[test]
fn a_results_words_are_the_ones_declared() {
    // The words of `ResultView` are written out in its `ts(type)`s: every ending the rules core
    // has must give one of them.
    use crate::view::ResultView;
    use bluegray_core::{EndReason, ImpasseCause, Outcome};
    let cfg = Config::new();
    let declared = ResultView::decl(&cfg);
    let impasse = |cause| EndReason::Impasse {
        cause,
        blue: 3,
        gray: 2,
    };
    let reasons = [
        EndReason::Breakthrough,
        EndReason::Lead {
            winner: 4,
            loser: 1,
        },
        impasse(ImpasseCause::NoMoves),
        impasse(ImpasseCause::Repetition),
        impasse(ImpasseCause::NoProgress),
        EndReason::Resignation,
        EndReason::Agreement,
        EndReason::Aborted,
        EndReason::Abandoned,
        EndReason::Time,
    ];
    for reason in reasons {
        for winner in [Some(Color::Blue), None] {
            let r = ResultView::of(&Outcome { winner, reason });
            for word in [Some(r.reason), r.cause, Some(r.token)]
                .into_iter()
                .flatten()
            {
                assert!(declared.contains(&format!("\"{word}\"")), "{word}");
            }
        }
    }
}
