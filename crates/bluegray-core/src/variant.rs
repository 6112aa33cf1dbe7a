//! Rule options, the named variants, and variant specs such as `classic-turbo,lead=2,first=gray`
//! (docs/RULES.md §7).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::geometry::PATH_STEPS;
use crate::point::Color;
use crate::text::excerpt;

/// How a captain moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CaptainMode {
    /// One step along its path.
    Standard,
    /// Slides any distance along its path up to the first occupied point.
    Turbo,
}

/// Which kind of guard the armies start with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GuardKind {
    /// Sergeants: step any way, capture orthogonally (the original guard).
    Sergeants,
    /// Privates: forward or sideways only, promote to sergeants on the enemy's first rank.
    Privates,
}

/// The starting army.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Army {
    /// Captain and 17 guards on the first two ranks.
    Full,
    /// Captain and 8 guards on the second rank.
    Light,
}

/// Where the captains start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Start {
    /// Each captain on its own first rank, walking its own path.
    Home,
    /// Prisoner-of-war start: the captains swap starting points and paths.
    Pow,
}

/// Where sergeants may step diagonally.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Diagonals {
    /// In any diagonal direction from any point.
    Anywhere,
    /// Only along the six diagonal segments drawn on the board.
    Marked,
}

/// Which ways sergeants may jump.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Jumps {
    /// Orthogonally only.
    Orthogonal,
    /// Orthogonally and diagonally, in a straight line.
    Any,
}

/// Every rule option of docs/RULES.md §7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// `captain`.
    pub captain: CaptainMode,
    /// `guards`.
    pub guards: GuardKind,
    /// `army`.
    pub army: Army,
    /// `start`.
    pub start: Start,
    /// `lead`: steps of captain progress that win at once; 0 is off.
    pub lead: u8,
    /// `diagonals`.
    pub diagonals: Diagonals,
    /// `jumps`.
    pub jumps: Jumps,
    /// `impasse_plies`: plies without capture or captain move that end the game; 0 is off.
    pub impasse_plies: u16,
    /// `first`: the side that moves first.
    pub first: Color,
}

impl Default for Rules {
    /// The original game (`sackson`).
    fn default() -> Rules {
        Rules {
            captain: CaptainMode::Standard,
            guards: GuardKind::Sergeants,
            army: Army::Full,
            start: Start::Home,
            lead: 0,
            diagonals: Diagonals::Anywhere,
            jumps: Jumps::Orthogonal,
            impasse_plies: 60,
            first: Color::Blue,
        }
    }
}

/// The named variants: `sackson` and the sixteen of the computer adaptation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VariantName {
    /// The original rules, all options at their defaults.
    Sackson,
    /// `{classic|super}[-turbo][-light][-pow]`.
    Adaptation {
        /// `super`: privates instead of sergeants.
        privates: bool,
        /// `-turbo`: turbo captain, and no lead rule.
        turbo: bool,
        /// `-light`: the light army.
        light: bool,
        /// `-pow`: the prisoner-of-war start.
        pow: bool,
    },
}

impl VariantName {
    /// All 17 named variants, `sackson` first.
    pub fn all() -> Vec<VariantName> {
        let mut out = vec![VariantName::Sackson];
        for privates in [false, true] {
            for turbo in [false, true] {
                for light in [false, true] {
                    for pow in [false, true] {
                        out.push(VariantName::Adaptation {
                            privates,
                            turbo,
                            light,
                            pow,
                        });
                    }
                }
            }
        }
        out
    }

    /// The rules this name stands for.
    pub fn rules(self) -> Rules {
        match self {
            VariantName::Sackson => Rules::default(),
            VariantName::Adaptation {
                privates,
                turbo,
                light,
                pow,
            } => Rules {
                captain: if turbo {
                    CaptainMode::Turbo
                } else {
                    CaptainMode::Standard
                },
                guards: if privates {
                    GuardKind::Privates
                } else {
                    GuardKind::Sergeants
                },
                army: if light { Army::Light } else { Army::Full },
                start: if pow { Start::Pow } else { Start::Home },
                lead: if turbo { 0 } else { 3 },
                ..Rules::default()
            },
        }
    }

    /// A one-line description for menus and `bluegray variants`.
    pub fn description(self) -> String {
        match self {
            VariantName::Sackson => {
                "The original 1903 game as described by Sid Sackson: sergeants, full army, no lead rule"
                    .to_string()
            }
            VariantName::Adaptation { privates, turbo, light, pow } => {
                let mut parts = vec![if privates {
                    "privates that promote on the enemy's first rank"
                } else {
                    "sergeants"
                }];
                parts.push(if light { "light army of 8 guards" } else { "full army of 17 guards" });
                if turbo {
                    parts.push("turbo captain that slides along its path");
                }
                if pow {
                    parts.push("captains start on the enemy's side (POW)");
                }
                parts.push(if turbo { "no lead rule" } else { "a 3-step lead wins" });
                let mut s = parts.join(", ");
                // ASCII text: no Unicode case tables needed (they would swell the wasm module).
                if let Some(first) = s.get_mut(0..1) {
                    first.make_ascii_uppercase();
                }
                s
            }
        }
    }
}

impl fmt::Display for VariantName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            VariantName::Sackson => f.write_str("sackson"),
            VariantName::Adaptation {
                privates,
                turbo,
                light,
                pow,
            } => {
                f.write_str(if privates { "super" } else { "classic" })?;
                if turbo {
                    f.write_str("-turbo")?;
                }
                if light {
                    f.write_str("-light")?;
                }
                if pow {
                    f.write_str("-pow")?;
                }
                Ok(())
            }
        }
    }
}

impl FromStr for VariantName {
    type Err = VariantError;

    fn from_str(s: &str) -> Result<VariantName, VariantError> {
        let name = s.trim().to_ascii_lowercase();
        VariantName::all()
            .into_iter()
            .find(|v| v.to_string() == name)
            .ok_or_else(|| VariantError::UnknownName(s.trim().to_string()))
    }
}

/// Why a variant spec was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum VariantError {
    /// The spec is empty.
    #[error("empty variant spec: expected a name such as sackson or classic-turbo")]
    Empty,
    /// The name is not one of the 17 named variants.
    #[error("unknown variant '{}': expected sackson or {{classic|super}}[-turbo][-light][-pow]", excerpt(.0))]
    UnknownName(String),
    /// An override is not of the form `option=value`.
    #[error("'{}' is not an option=value pair", excerpt(.0))]
    NotAPair(String),
    /// The option name is unknown.
    #[error("unknown option '{}': expected one of {}", excerpt(.0), option_names())]
    UnknownOption(String),
    /// The value is not allowed for the option.
    #[error(
        "bad value '{}' for option {option}: expected {expected}",
        excerpt(value)
    )]
    BadValue {
        /// The option.
        option: &'static str,
        /// The rejected value.
        value: String,
        /// What would have been accepted.
        expected: String,
    },
}

/// A named variant with option overrides: what every interface takes and prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    /// The name the spec starts with.
    pub name: VariantName,
    /// The rules in force: the name's rules with the overrides applied.
    pub rules: Rules,
}

impl Default for Variant {
    fn default() -> Variant {
        Variant::from(VariantName::Sackson)
    }
}

impl From<VariantName> for Variant {
    fn from(name: VariantName) -> Variant {
        Variant {
            name,
            rules: name.rules(),
        }
    }
}

/// A value of a rule option that is one of a few words.
trait Choice: Copy + PartialEq + 'static {
    /// Every value with its word in specs, in the order error messages list them.
    const VALUES: &'static [(&'static str, Self)];

    /// The word for `self`.
    fn word(self) -> &'static str {
        Self::VALUES
            .iter()
            .find(|(_, v)| *v == self)
            .map_or("", |(w, _)| w)
    }

    /// The value a word stands for.
    fn from_word(word: &str) -> Option<Self> {
        Self::VALUES
            .iter()
            .find(|(w, _)| *w == word)
            .map(|(_, v)| *v)
    }

    /// What a spec may say, e.g. `standard or turbo`.
    fn expected() -> String {
        let words: Vec<&str> = Self::VALUES.iter().map(|(w, _)| *w).collect();
        words.join(" or ")
    }
}

impl Choice for CaptainMode {
    const VALUES: &'static [(&'static str, Self)] = &[
        ("standard", CaptainMode::Standard),
        ("turbo", CaptainMode::Turbo),
    ];
}

impl Choice for GuardKind {
    const VALUES: &'static [(&'static str, Self)] = &[
        ("sergeants", GuardKind::Sergeants),
        ("privates", GuardKind::Privates),
    ];
}

impl Choice for Army {
    const VALUES: &'static [(&'static str, Self)] = &[("full", Army::Full), ("light", Army::Light)];
}

impl Choice for Start {
    const VALUES: &'static [(&'static str, Self)] = &[("home", Start::Home), ("pow", Start::Pow)];
}

impl Choice for Diagonals {
    const VALUES: &'static [(&'static str, Self)] = &[
        ("anywhere", Diagonals::Anywhere),
        ("marked", Diagonals::Marked),
    ];
}

impl Choice for Jumps {
    const VALUES: &'static [(&'static str, Self)] =
        &[("orthogonal", Jumps::Orthogonal), ("any", Jumps::Any)];
}

impl Choice for Color {
    const VALUES: &'static [(&'static str, Self)] = &[
        (Color::Blue.as_str(), Color::Blue),
        (Color::Gray.as_str(), Color::Gray),
    ];
}

/// One rule option of a spec: its name, and how its value is read, written and described. The
/// table [`OPTIONS`] is the only place that lists the options.
struct RuleOption {
    name: &'static str,
    /// The value in `rules`, as a spec writes it.
    get: fn(&Rules) -> String,
    /// Sets the value from its (trimmed, lowercase) text; false when the text is not a value.
    set: fn(&mut Rules, &str) -> bool,
    /// What the option accepts, for error messages.
    expected: fn() -> String,
    /// The values a menu offers, as specs write them: every word of a choice, or a few useful
    /// numbers (any other number within range is still a valid value).
    menu: fn() -> Vec<String>,
}

/// The entry of [`OPTIONS`] for a field holding a [`Choice`]; the option is named after its field.
macro_rules! choice_option {
    ($field:ident, $type:ty) => {
        RuleOption {
            name: stringify!($field),
            get: |r| r.$field.word().to_string(),
            set: |r, v| <$type>::from_word(v).map(|x| r.$field = x).is_some(),
            expected: <$type>::expected,
            menu: || <$type>::VALUES.iter().map(|(w, _)| w.to_string()).collect(),
        }
    };
}

/// The entry of [`OPTIONS`] for a numeric field, `0..=$max` counted in `$unit`; the option is
/// named after its field.
macro_rules! number_option {
    ($field:ident, $type:ty, $max:expr, $unit:literal, $menu:expr) => {
        RuleOption {
            name: stringify!($field),
            get: |r| r.$field.to_string(),
            set: |r, v| match v.parse::<$type>() {
                Ok(n) if n <= $max => {
                    r.$field = n;
                    true
                }
                _ => false,
            },
            expected: || format!("a number of {} from 0 (off) to {}", $unit, $max),
            menu: || $menu.iter().map(ToString::to_string).collect(),
        }
    };
}

/// Every rule option, in the order specs print them.
static OPTIONS: [RuleOption; 9] = [
    choice_option!(captain, CaptainMode),
    choice_option!(guards, GuardKind),
    choice_option!(army, Army),
    choice_option!(start, Start),
    number_option!(lead, u8, PATH_STEPS, "steps", [0, 1, 2, 3, 4, 5, 6]),
    choice_option!(diagonals, Diagonals),
    choice_option!(jumps, Jumps),
    number_option!(
        impasse_plies,
        u16,
        u16::MAX,
        "plies",
        [0, 20, 40, 60, 80, 100, 150, 200]
    ),
    choice_option!(first, Color),
];

/// A rule option as a menu shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionInfo {
    /// Its name in specs, e.g. `captain`.
    pub name: &'static str,
    /// The values to offer, as specs write them.
    pub values: Vec<String>,
    /// Whether its value is a number.
    pub numeric: bool,
}

/// Every rule option, in the order specs print them, with the values a menu offers.
pub fn options() -> Vec<OptionInfo> {
    OPTIONS
        .iter()
        .map(|o| {
            let values = (o.menu)();
            let numeric = values.iter().all(|v| v.bytes().all(|b| b.is_ascii_digit()));
            OptionInfo {
                name: o.name,
                values,
                numeric,
            }
        })
        .collect()
}

/// The option names, for the message about an unknown one.
fn option_names() -> String {
    let names: Vec<&str> = OPTIONS.iter().map(|o| o.name).collect();
    names.join(", ")
}

impl Rules {
    /// Every option's value as a spec writes it, in the order of [`options`].
    pub fn values(&self) -> Vec<(&'static str, String)> {
        OPTIONS.iter().map(|o| (o.name, (o.get)(self))).collect()
    }

    /// Sets `option` from its spec text.
    fn set(&mut self, option: &str, value: &str) -> Result<(), VariantError> {
        let name = option.trim().to_ascii_lowercase();
        let opt = OPTIONS
            .iter()
            .find(|o| o.name == name)
            .ok_or(VariantError::UnknownOption(name))?;
        if (opt.set)(self, &value.trim().to_ascii_lowercase()) {
            Ok(())
        } else {
            Err(VariantError::BadValue {
                option: opt.name,
                value: value.trim().to_string(),
                expected: (opt.expected)(),
            })
        }
    }
}

impl fmt::Display for Variant {
    /// The name, then `,option=value` for every option that differs from the name's rules.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.name)?;
        let base = self.name.rules();
        for opt in &OPTIONS {
            let v = (opt.get)(&self.rules);
            if v != (opt.get)(&base) {
                write!(f, ",{}={v}", opt.name)?;
            }
        }
        Ok(())
    }
}

impl FromStr for Variant {
    type Err = VariantError;

    fn from_str(s: &str) -> Result<Variant, VariantError> {
        let mut parts = s.split(',');
        let name = parts.next().unwrap_or("").trim();
        if name.is_empty() {
            return Err(VariantError::Empty);
        }
        let mut variant = Variant::from(name.parse::<VariantName>()?);
        for pair in parts {
            let (opt, value) = pair
                .split_once('=')
                .ok_or_else(|| VariantError::NotAPair(pair.trim().to_string()))?;
            variant.rules.set(opt, value)?;
        }
        Ok(variant)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seventeen_names_round_trip() {
        let all = VariantName::all();
        assert_eq!(all.len(), 17);
        for v in all {
            assert_eq!(v.to_string().parse::<VariantName>().unwrap(), v);
            assert!(!v.description().is_empty());
        }
    }

    #[test]
    fn lead_is_three_without_turbo() {
        assert_eq!("classic".parse::<Variant>().unwrap().rules.lead, 3);
        assert_eq!("super-light-pow".parse::<Variant>().unwrap().rules.lead, 3);
        assert_eq!("classic-turbo".parse::<Variant>().unwrap().rules.lead, 0);
        assert_eq!("sackson".parse::<Variant>().unwrap().rules.lead, 0);
    }

    #[test]
    fn overrides_apply_and_print_canonically() {
        let v: Variant = "Classic-Turbo, first=gray ,lead=2".parse().unwrap();
        assert_eq!(v.rules.lead, 2);
        assert_eq!(v.rules.first, Color::Gray);
        assert_eq!(v.to_string(), "classic-turbo,lead=2,first=gray");
        let same: Variant = "sackson,jumps=any,diagonals=marked".parse().unwrap();
        assert_eq!(same.to_string(), "sackson,diagonals=marked,jumps=any");
        assert_eq!(
            "sackson,lead=0".parse::<Variant>().unwrap().to_string(),
            "sackson"
        );
    }

    #[test]
    fn errors_name_what_is_wrong() {
        for (spec, says) in [
            ("chess", "'chess'"),
            ("sackson,speed=3", "'speed'"),
            ("sackson,lead=x", "'x'"),
            ("sackson,lead=99", "a number of steps from 0 (off) to 17"),
            ("sackson,impasse_plies=x", "plies from 0 (off) to 65535"),
            ("sackson,jumps=diagonal", "'diagonal'"),
            ("sackson,lead", "option=value"),
            ("", "empty"),
        ] {
            let msg = spec.parse::<Variant>().unwrap_err().to_string();
            assert!(msg.contains(says), "{spec:?} gave {msg:?}, not {says:?}");
        }
    }
}
