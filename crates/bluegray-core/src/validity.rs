//! Whether a set-up position can be played (docs/RULES.md §6.3, rulings R17 and R25), with every
//! reason it cannot, for a board editor.
//!
//! [`crate::Position::from_setup`] stops at the first thing that breaks the rules and accepts a
//! finished game (R17), which is right for reading codes; an editor needs more: every problem at
//! once, so the player can fix them all, and also the positions that are valid but leave nothing
//! to play (a captain already home, a lead already won, no legal move, the no-progress limit
//! already reached).

use std::fmt;

use crate::bitboard::Bitboard;
use crate::geometry::Path;
use crate::outcome::EndReason;
use crate::point::{Color, Point};
use crate::position::{Position, MAX_GUARDS};
use crate::setup::{PieceKind, PositionCodeError, Setup};
use crate::variant::{Rules, Start};

/// One reason a set-up position cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// A side has no captain.
    NoCaptain {
        /// The side.
        color: Color,
    },
    /// A side has more than one captain.
    ExtraCaptains {
        /// The side.
        color: Color,
        /// How many it has.
        count: usize,
    },
    /// A captain off the path it follows under these rules.
    CaptainOffPath {
        /// The side.
        color: Color,
        /// Where it stands.
        point: Point,
    },
    /// A guard on the red dot.
    GuardOnRedDot {
        /// Whose guard.
        color: Color,
    },
    /// A private on the rank where it would have promoted.
    PrivateOnPromotionRank {
        /// The side.
        color: Color,
        /// Where it stands.
        point: Point,
    },
    /// More guards than an army has.
    TooManyGuards {
        /// The side.
        color: Color,
        /// How many it has.
        count: usize,
    },
    /// A captain already stands on the red dot: the game is won.
    CaptainHome {
        /// Whose captain.
        color: Color,
    },
    /// A captain already leads by the rules' `lead`: the game is won.
    LeadReached {
        /// The side ahead.
        color: Color,
        /// Its captain's progress.
        ahead: u8,
        /// The other captain's progress.
        behind: u8,
        /// The lead that wins under these rules.
        lead: u8,
    },
    /// The side to move has no legal move: an impasse at once.
    NoLegalMove {
        /// The side to move.
        color: Color,
    },
    /// The no-progress counter has already reached `impasse_plies`: an impasse at once.
    NoProgressLimit {
        /// The counter.
        plies: u16,
        /// The rules' `impasse_plies`.
        limit: u16,
    },
}

impl Problem {
    /// A stable code for the problem, for messages in other languages.
    pub fn code(&self) -> &'static str {
        match self {
            Problem::NoCaptain { .. } => "no-captain",
            Problem::ExtraCaptains { .. } => "extra-captains",
            Problem::CaptainOffPath { .. } => "captain-off-path",
            Problem::GuardOnRedDot { .. } => "guard-on-red-dot",
            Problem::PrivateOnPromotionRank { .. } => "private-on-promotion-rank",
            Problem::TooManyGuards { .. } => "too-many-guards",
            Problem::CaptainHome { .. } => "captain-home",
            Problem::LeadReached { .. } => "lead-reached",
            Problem::NoLegalMove { .. } => "no-legal-move",
            Problem::NoProgressLimit { .. } => "no-progress-limit",
        }
    }

    /// The side the problem is about, if it is about one.
    pub fn color(&self) -> Option<Color> {
        match *self {
            Problem::NoCaptain { color }
            | Problem::ExtraCaptains { color, .. }
            | Problem::CaptainOffPath { color, .. }
            | Problem::GuardOnRedDot { color }
            | Problem::PrivateOnPromotionRank { color, .. }
            | Problem::TooManyGuards { color, .. }
            | Problem::CaptainHome { color }
            | Problem::LeadReached { color, .. }
            | Problem::NoLegalMove { color } => Some(color),
            Problem::NoProgressLimit { .. } => None,
        }
    }

    /// The point the problem is about, if it is about one.
    pub fn point(&self) -> Option<Point> {
        match *self {
            Problem::CaptainOffPath { point, .. }
            | Problem::PrivateOnPromotionRank { point, .. } => Some(point),
            Problem::GuardOnRedDot { .. } | Problem::CaptainHome { .. } => Some(Point::CENTRE),
            _ => None,
        }
    }
}

/// "two", "three", … for the small counts a sentence reads better with.
fn count_word(n: usize) -> String {
    const WORDS: [&str; 10] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Problem::NoCaptain { color } => write!(f, "no {color} captain"),
            Problem::ExtraCaptains { color, count } => {
                write!(f, "{} {color} captains: a side has one", count_word(count))
            }
            Problem::CaptainOffPath { color, point } => write!(
                f,
                "{color}'s captain on {point} is not on the path it follows under these rules"
            ),
            Problem::GuardOnRedDot { color } => write!(
                f,
                "a {color} guard stands on the red dot e5, where only a captain may stand"
            ),
            Problem::PrivateOnPromotionRank { color, point } => write!(
                f,
                "the {color} private on {point} stands on the rank where it would already have promoted"
            ),
            Problem::TooManyGuards { color, count } => write!(
                f,
                "{color} has {count} guards, at most {MAX_GUARDS} allowed"
            ),
            Problem::CaptainHome { color } => write!(
                f,
                "{color}'s captain is already home on the red dot: the game is over"
            ),
            Problem::LeadReached {
                color,
                ahead,
                behind,
                lead,
            } => write!(
                f,
                "{color}'s captain already leads {ahead} to {behind}, and a lead of {lead} wins: the game is over"
            ),
            Problem::NoLegalMove { color } => write!(
                f,
                "{color}, to move, has no legal move: the game would end at once in an impasse"
            ),
            Problem::NoProgressLimit { plies, limit } => write!(
                f,
                "the no-progress counter ({plies}) has reached the limit of {limit} plies: the game would end at once in an impasse"
            ),
        }
    }
}

/// Every reason `setup` cannot be played under `rules`, in a fixed order (each side's pieces,
/// Blue first, then what would end the game at once, in the order of docs/RULES.md §5); empty
/// when it can be played.
///
/// What would end the game at once is looked at only when the pieces themselves are valid, since
/// it needs a position; of those only the first that applies is given, as a game reports one
/// reason for ending.
pub fn problems(setup: &Setup, rules: Rules) -> Vec<Problem> {
    let mut found = piece_problems(setup, rules);
    if !found.is_empty() {
        return found;
    }
    let position = match Position::from_setup(setup, rules) {
        Ok(position) => position,
        // The checks above are from_setup's; should they ever differ, its refusal is kept
        // rather than lost.
        Err(e) => return vec![refusal(e)],
    };
    if let Some(problem) = ending(&position) {
        found.push(problem);
    }
    found
}

/// Builds the position when `setup` can be played under `rules`, else says why not.
pub fn playable(setup: &Setup, rules: Rules) -> Result<Position, Vec<Problem>> {
    let found = problems(setup, rules);
    if !found.is_empty() {
        return Err(found);
    }
    Position::from_setup(setup, rules).map_err(|e| vec![refusal(e)])
}

/// A refusal of [`Position::from_setup`] as a problem. Never reached while `piece_problems` checks
/// what `from_setup` checks (tests/validity.rs holds the two together on random boards); it is
/// total, not a panic, so that a drift between them shows as a wrong reason, never a crash. The
/// refusals a parsed [`Setup`] cannot give (its syntax) and the red dot's, which names no side,
/// read as Blue's.
fn refusal(e: PositionCodeError) -> Problem {
    match e {
        PositionCodeError::CaptainCount { color, count: 0 } => Problem::NoCaptain { color },
        PositionCodeError::CaptainCount { color, count } => Problem::ExtraCaptains { color, count },
        PositionCodeError::CaptainOffPath { color, point } => {
            Problem::CaptainOffPath { color, point }
        }
        PositionCodeError::GuardOnRedDot => Problem::GuardOnRedDot { color: Color::Blue },
        PositionCodeError::UnpromotedPrivate { color, point } => {
            Problem::PrivateOnPromotionRank { color, point }
        }
        PositionCodeError::TooManyGuards { color, count } => {
            Problem::TooManyGuards { color, count }
        }
        _ => Problem::NoCaptain { color: Color::Blue },
    }
}

/// The problems of the pieces themselves: what [`Position::from_setup`] refuses, all at once.
fn piece_problems(setup: &Setup, rules: Rules) -> Vec<Problem> {
    let pow = rules.start == Start::Pow;
    let mut found = Vec::new();
    for color in Color::BOTH {
        let mine = |p: &Point| setup.board[p.index()].filter(|piece| piece.color == color);
        let captains: Vec<Point> = Point::all()
            .filter(|p| mine(p).is_some_and(|piece| piece.kind == PieceKind::Captain))
            .collect();
        match captains.len() {
            0 => found.push(Problem::NoCaptain { color }),
            1 => {}
            count => found.push(Problem::ExtraCaptains { color, count }),
        }
        let path = Path::of(color, pow);
        for &point in &captains {
            if path.progress_of(point).is_none() {
                found.push(Problem::CaptainOffPath { color, point });
            }
        }
        let mut guards = Bitboard::EMPTY;
        for point in Point::all() {
            let Some(piece) = mine(&point) else { continue };
            if piece.kind == PieceKind::Captain {
                continue;
            }
            guards = guards.with(point);
            if point == Point::CENTRE {
                found.push(Problem::GuardOnRedDot { color });
            } else if piece.kind == PieceKind::Private && point.rank() == color.promotion_rank() {
                found.push(Problem::PrivateOnPromotionRank { color, point });
            }
        }
        let count = guards.count() as usize;
        if count > MAX_GUARDS {
            found.push(Problem::TooManyGuards { color, count });
        }
    }
    found
}

/// What would end a game set up from `position` before its first move (docs/RULES.md §5's
/// order; repetition needs a history, so it cannot apply).
fn ending(position: &Position) -> Option<Problem> {
    if let Some(outcome) = position.outcome() {
        let color = outcome.winner.unwrap_or(Color::Blue);
        return Some(match outcome.reason {
            EndReason::Lead { winner, loser } => Problem::LeadReached {
                color,
                ahead: winner,
                behind: loser,
                lead: position.rules().lead,
            },
            _ => Problem::CaptainHome { color },
        });
    }
    if position.legal_moves().is_empty() {
        return Some(Problem::NoLegalMove {
            color: position.side_to_move(),
        });
    }
    let limit = position.rules().impasse_plies;
    if limit > 0 && position.no_progress() >= limit {
        return Some(Problem::NoProgressLimit {
            plies: position.no_progress(),
            limit,
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    fn rules(spec: &str) -> Rules {
        spec.parse::<Variant>().unwrap().rules
    }

    fn check(spec: &str, code: &str) -> Vec<Problem> {
        problems(&code.parse().unwrap(), rules(spec))
    }

    const BLUE: Color = Color::Blue;
    const GRAY: Color = Color::Gray;

    fn pt(s: &str) -> Point {
        s.parse().unwrap()
    }

    #[test]
    fn every_variant_start_is_playable() {
        for name in crate::variant::VariantName::all() {
            let r = name.rules();
            let setup = Position::new(r).setup();
            assert_eq!(problems(&setup, r), vec![], "{name:?}");
            assert!(playable(&setup, r).is_ok());
        }
    }

    #[test]
    fn a_missing_captain_is_named_by_side() {
        let found = check(
            "sackson",
            "ssss1ssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS b 0 1",
        );
        assert_eq!(found, vec![Problem::NoCaptain { color: GRAY }]);
        assert_eq!(found[0].to_string(), "no Gray captain");
        assert_eq!(found[0].code(), "no-captain");
    }

    #[test]
    fn two_captains_of_a_side_are_refused_in_words() {
        let found = check("sackson", "4c4/9/9/9/9/9/9/4C4/4C4 b 0 1");
        assert_eq!(
            found,
            vec![Problem::ExtraCaptains {
                color: BLUE,
                count: 2
            }]
        );
        assert!(found[0].to_string().starts_with("two Blue captains"));
    }

    #[test]
    fn every_problem_of_the_pieces_is_listed_at_once() {
        // No Blue captain, two Gray ones of which one is off the path, a Blue guard on the red
        // dot and a Gray private on rank 1.
        let found = check("super", "4c4/9/9/9/4S4/9/9/9/p3c4 b 0 1");
        assert_eq!(
            found,
            vec![
                Problem::NoCaptain { color: BLUE },
                Problem::GuardOnRedDot { color: BLUE },
                Problem::ExtraCaptains {
                    color: GRAY,
                    count: 2
                },
                Problem::CaptainOffPath {
                    color: GRAY,
                    point: pt("e1")
                },
                Problem::PrivateOnPromotionRank {
                    color: GRAY,
                    point: pt("a1")
                },
            ]
        );
    }

    #[test]
    fn a_captain_off_its_path_depends_on_the_start() {
        // e1 is Blue's own start: fine at home, off the path in the POW start.
        let code = "4c4/9/9/9/9/9/9/4S4/4C4 b 0 1";
        assert_eq!(check("classic", code), vec![]);
        let pow = check("classic-pow", code);
        assert!(pow.contains(&Problem::CaptainOffPath {
            color: BLUE,
            point: pt("e1")
        }));
        assert!(pow[0].to_string().contains("e1"));
    }

    #[test]
    fn a_private_on_its_promotion_rank_is_refused() {
        let found = check("super", "P3c4/9/9/9/9/9/9/9/4C4 b 0 1");
        assert_eq!(
            found,
            vec![Problem::PrivateOnPromotionRank {
                color: BLUE,
                point: pt("a9")
            }]
        );
        assert_eq!(found[0].point(), Some(pt("a9")));
        // The same piece one rank lower is a private that has not arrived yet.
        assert_eq!(check("super", "4c4/P8/9/9/9/9/9/9/4C4 b 0 1"), vec![]);
    }

    #[test]
    fn eighteen_guards_are_too_many() {
        let found = check(
            "sackson",
            "sssscssss/sssssssss/s8/9/9/9/9/SSSSSSSSS/SSSSCSSSS b 0 1",
        );
        assert_eq!(
            found,
            vec![Problem::TooManyGuards {
                color: GRAY,
                count: 18
            }]
        );
        assert!(found[0].to_string().contains("18 guards"));
    }

    #[test]
    fn a_captain_on_the_red_dot_has_already_won() {
        // Gray's captain home, Blue's still at its start.
        let found = check("sackson", "9/9/9/9/4c4/9/9/9/4C4 b 0 1");
        assert_eq!(found, vec![Problem::CaptainHome { color: GRAY }]);
        assert_eq!(
            found[0].to_string(),
            "Gray's captain is already home on the red dot: the game is over"
        );
    }

    #[test]
    fn a_lead_already_won_is_refused_only_where_the_rules_have_one() {
        // Blue on b3 (progress 4), Gray at its start (0).
        let code = "4c4/9/9/9/9/9/1C7/9/9 g 0 1";
        assert_eq!(
            check("classic", code),
            vec![Problem::LeadReached {
                color: BLUE,
                ahead: 4,
                behind: 0,
                lead: 3
            }]
        );
        assert_eq!(check("sackson", code), vec![]);
    }

    #[test]
    fn no_legal_move_for_the_side_to_move_is_an_impasse_at_once() {
        // Blue has only its captain, and a Gray guard stands on its first step.
        let blocked = "4c4/4s4/9/9/9/9/9/4s4/4C4 b 0 1";
        assert_eq!(
            check("sackson", blocked),
            vec![Problem::NoLegalMove { color: BLUE }]
        );
        assert!(check("sackson", blocked)[0]
            .to_string()
            .contains("Blue, to move"));
    }

    #[test]
    fn the_no_progress_limit_already_reached_is_an_impasse_at_once() {
        let start = "sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS b";
        assert_eq!(
            check("sackson", &format!("{start} 60 1")),
            vec![Problem::NoProgressLimit {
                plies: 60,
                limit: 60
            }]
        );
        assert_eq!(check("sackson", &format!("{start} 59 1")), vec![]);
        assert_eq!(
            check("sackson,impasse_plies=0", &format!("{start} 999 1")),
            vec![]
        );
    }

    #[test]
    fn a_side_without_guards_may_still_play() {
        // Not a problem (R25): the captain moves, and the game goes on.
        assert_eq!(check("sackson", "4c4/9/9/9/9/9/9/9/4C4 b 0 1"), vec![]);
    }

    #[test]
    fn playable_builds_the_position() {
        let setup: Setup = "4c4/9/9/9/9/9/9/9/4C4 g 3 7".parse().unwrap();
        let pos = playable(&setup, rules("sackson")).unwrap();
        assert_eq!(pos.to_string(), "4c4/9/9/9/9/9/9/9/4C4 g 3 7");
        assert!(playable(
            &"9/9/9/9/9/9/9/9/4C4 b 0 1".parse().unwrap(),
            rules("sackson")
        )
        .is_err());
    }

    #[test]
    fn codes_are_distinct_and_messages_mention_the_side() {
        let all = [
            Problem::NoCaptain { color: BLUE },
            Problem::ExtraCaptains {
                color: BLUE,
                count: 2,
            },
            Problem::CaptainOffPath {
                color: BLUE,
                point: pt("a1"),
            },
            Problem::GuardOnRedDot { color: BLUE },
            Problem::PrivateOnPromotionRank {
                color: BLUE,
                point: pt("a9"),
            },
            Problem::TooManyGuards {
                color: BLUE,
                count: 18,
            },
            Problem::CaptainHome { color: BLUE },
            Problem::LeadReached {
                color: BLUE,
                ahead: 3,
                behind: 0,
                lead: 3,
            },
            Problem::NoLegalMove { color: BLUE },
        ];
        let mut seen: Vec<&str> = all.iter().map(Problem::code).collect();
        seen.push(Problem::NoProgressLimit { plies: 1, limit: 1 }.code());
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), all.len() + 1);
        for p in &all {
            assert!(p.to_string().contains("Blue"), "{p}");
            assert_eq!(p.color(), Some(BLUE));
        }
    }
}
