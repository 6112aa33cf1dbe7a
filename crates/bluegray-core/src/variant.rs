//! Rule options, the named variants, and variant specs such as `classic-turbo,lead=2,first=gray`
//! (RULES.md §7).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::point::Color;

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

/// Every rule option of RULES.md §7.
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
                if let Some(c) = s.get(0..1) {
                    let upper = c.to_uppercase();
                    s.replace_range(0..1, &upper);
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
    #[error("unknown variant '{0}': expected sackson or {{classic|super}}[-turbo][-light][-pow]")]
    UnknownName(String),
    /// An override is not of the form `option=value`.
    #[error("'{0}' is not an option=value pair")]
    NotAPair(String),
    /// The option name is unknown.
    #[error("unknown option '{0}': expected one of captain, guards, army, start, lead, diagonals, jumps, impasse_plies, first")]
    UnknownOption(String),
    /// The value is not allowed for the option.
    #[error("bad value '{value}' for option {option}: expected {expected}")]
    BadValue {
        /// The option.
        option: &'static str,
        /// The rejected value.
        value: String,
        /// What would have been accepted.
        expected: &'static str,
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

/// The option names in the order specs print them.
const OPTIONS: [&str; 9] = [
    "captain",
    "guards",
    "army",
    "start",
    "lead",
    "diagonals",
    "jumps",
    "impasse_plies",
    "first",
];

impl Rules {
    /// The value of `option` as it is written in a spec.
    fn value_of(&self, option: &str) -> String {
        match option {
            "captain" => match self.captain {
                CaptainMode::Standard => "standard",
                CaptainMode::Turbo => "turbo",
            }
            .into(),
            "guards" => match self.guards {
                GuardKind::Sergeants => "sergeants",
                GuardKind::Privates => "privates",
            }
            .into(),
            "army" => match self.army {
                Army::Full => "full",
                Army::Light => "light",
            }
            .into(),
            "start" => match self.start {
                Start::Home => "home",
                Start::Pow => "pow",
            }
            .into(),
            "lead" => self.lead.to_string(),
            "diagonals" => match self.diagonals {
                Diagonals::Anywhere => "anywhere",
                Diagonals::Marked => "marked",
            }
            .into(),
            "jumps" => match self.jumps {
                Jumps::Orthogonal => "orthogonal",
                Jumps::Any => "any",
            }
            .into(),
            "impasse_plies" => self.impasse_plies.to_string(),
            _ => match self.first {
                Color::Blue => "blue",
                Color::Gray => "gray",
            }
            .into(),
        }
    }

    /// Sets `option` from its spec text.
    fn set(&mut self, option: &str, value: &str) -> Result<(), VariantError> {
        fn pick<T: Copy>(
            option: &'static str,
            value: &str,
            expected: &'static str,
            choices: &[(&str, T)],
        ) -> Result<T, VariantError> {
            choices
                .iter()
                .find(|(n, _)| *n == value)
                .map(|(_, v)| *v)
                .ok_or_else(|| VariantError::BadValue {
                    option,
                    value: value.to_string(),
                    expected,
                })
        }
        let v = value.trim().to_ascii_lowercase();
        match option.trim().to_ascii_lowercase().as_str() {
            "captain" => {
                self.captain = pick(
                    "captain",
                    &v,
                    "standard or turbo",
                    &[
                        ("standard", CaptainMode::Standard),
                        ("turbo", CaptainMode::Turbo),
                    ],
                )?
            }
            "guards" => {
                self.guards = pick(
                    "guards",
                    &v,
                    "sergeants or privates",
                    &[
                        ("sergeants", GuardKind::Sergeants),
                        ("privates", GuardKind::Privates),
                    ],
                )?
            }
            "army" => {
                self.army = pick(
                    "army",
                    &v,
                    "full or light",
                    &[("full", Army::Full), ("light", Army::Light)],
                )?
            }
            "start" => {
                self.start = pick(
                    "start",
                    &v,
                    "home or pow",
                    &[("home", Start::Home), ("pow", Start::Pow)],
                )?
            }
            "lead" => {
                self.lead = match v.parse::<u8>() {
                    Ok(n) if n <= 17 => n,
                    _ => {
                        return Err(VariantError::BadValue {
                            option: "lead",
                            value: value.trim().to_string(),
                            expected: "a number of steps from 0 (off) to 17",
                        })
                    }
                }
            }
            "diagonals" => {
                self.diagonals = pick(
                    "diagonals",
                    &v,
                    "anywhere or marked",
                    &[
                        ("anywhere", Diagonals::Anywhere),
                        ("marked", Diagonals::Marked),
                    ],
                )?
            }
            "jumps" => {
                self.jumps = pick(
                    "jumps",
                    &v,
                    "orthogonal or any",
                    &[("orthogonal", Jumps::Orthogonal), ("any", Jumps::Any)],
                )?
            }
            "impasse_plies" => {
                self.impasse_plies = v.parse::<u16>().map_err(|_| VariantError::BadValue {
                    option: "impasse_plies",
                    value: value.trim().to_string(),
                    expected: "a number of plies from 0 (off) to 65535",
                })?
            }
            "first" => {
                self.first = pick(
                    "first",
                    &v,
                    "blue or gray",
                    &[("blue", Color::Blue), ("gray", Color::Gray)],
                )?
            }
            other => return Err(VariantError::UnknownOption(other.to_string())),
        }
        Ok(())
    }
}

impl fmt::Display for Variant {
    /// The name, then `,option=value` for every option that differs from the name's rules.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.name)?;
        let base = self.name.rules();
        for opt in OPTIONS {
            let v = self.rules.value_of(opt);
            if v != base.value_of(opt) {
                write!(f, ",{opt}={v}")?;
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
        let msg = |s: &str| s.parse::<Variant>().unwrap_err().to_string();
        assert!(msg("chess").contains("'chess'"));
        assert!(msg("sackson,speed=3").contains("'speed'"));
        assert!(msg("sackson,lead=x").contains("'x'"));
        assert!(msg("sackson,lead=99").contains("lead"));
        assert!(msg("sackson,lead").contains("option=value"));
        assert!(msg("").contains("empty"));
    }
}
