//! The catalogue `variants()` answers, as serde-serialisable plain data: every named variant
//! with its rules and measured balance, every rule option, every AI level, and the analysis
//! node budgets of [`crate::search`], so that the page copies none of these numbers.
//!
//! The module carries it as the JSON [`catalogue`] makes ([`CATALOGUE_JSON`], the file
//! `crates/bluegray-wasm/catalogue.json`), not the code that makes it: the code weighed 11 KB of
//! the play module, the text 1 KB once compressed. A test keeps the file equal to what
//! [`catalogue`] makes; `BLESS=1 cargo test -p bluegray-wasm catalogue` writes it again.

use bluegray_core::VariantName;
use bluegray_engine::Level;
use serde::Serialize;

use crate::comment::MAX_COMMENT;
use crate::search::{ANALYSIS_NODES, MAX_ANALYSIS_NODES};
use crate::view::RuleValues;

/// A named variant for the page's menu.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct VariantInfo {
    /// Its spec name, e.g. `classic-turbo`.
    pub name: String,
    /// Its rules: every option's value as a spec writes it.
    pub rules: RuleValues,
    /// How it fared between equal strong players, when measured (docs/BALANCE.md).
    pub balance: Option<BalanceInfo>,
}

/// How a named variant fared in games of the strongest level against itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS))]
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
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct OptionView {
    /// Its name in specs, e.g. `captain`.
    pub name: &'static str,
    /// The values to offer, as specs write them.
    pub values: Vec<String>,
    /// Whether its value is a number.
    pub numeric: bool,
}

/// An AI level for the page's menu.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
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
#[cfg_attr(test, derive(ts_rs::TS))]
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
    /// The longest comment `Game.setComment` takes, in characters.
    pub max_comment: usize,
}

/// [`catalogue`] as JSON, as the file the module carries holds it.
pub const CATALOGUE_JSON: &str = include_str!("../catalogue.json");

/// The named variants and AI levels.
pub fn catalogue() -> Catalogue {
    Catalogue {
        variants: VariantName::all()
            .into_iter()
            .map(|v| VariantInfo {
                name: v.to_string(),
                rules: RuleValues::of(&v.rules()),
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
        analysis_nodes: ANALYSIS_NODES,
        max_analysis_nodes: MAX_ANALYSIS_NODES,
        max_comment: MAX_COMMENT,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalogue_the_module_carries_is_the_one_the_code_makes() {
        let made = serde_json::to_string_pretty(&catalogue()).unwrap() + "\n";
        if std::env::var_os("BLESS").is_some() {
            let file = concat!(env!("CARGO_MANIFEST_DIR"), "/catalogue.json");
            std::fs::write(file, &made).unwrap();
            return;
        }
        assert!(
            CATALOGUE_JSON == made,
            "crates/bluegray-wasm/catalogue.json is not the catalogue the code makes: \
             write it again with BLESS=1 cargo test -p bluegray-wasm catalogue"
        );
    }

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
        assert_eq!(rules("sackson").get("lead"), Some("0"));
        assert_eq!(rules("classic").get("lead"), Some("3"));
        assert_eq!(rules("super-turbo-light-pow").get("captain"), Some("turbo"));
        assert_eq!(
            rules("super-turbo-light-pow").get("guards"),
            Some("privates")
        );
        assert_eq!(rules("super-turbo-light-pow").get("start"), Some("pow"));
        // Every variant's rules name every option, with one of its values or a number.
        for v in &c.variants {
            assert_eq!(v.rules.len(), c.options.len(), "{}", v.name);
            for o in &c.options {
                let value = v.rules.get(o.name).unwrap_or_default().to_string();
                assert!(
                    o.numeric || o.values.contains(&value),
                    "{} {}={value}",
                    v.name,
                    o.name
                );
            }
        }
    }
}
