//! The rules of **Blue and Gray** (Busch & Jaeger, 1903), as specified in the project's
//! `docs/RULES.md`: board geometry, all rule options and named variants, positions with bitboard move
//! generation, games with the impasse rules, and every notation (points, moves, variant specs,
//! position codes, game records).
//!
//! This crate is pure Rust with no platform dependencies, so it builds for native targets and
//! `wasm32-unknown-unknown` alike. It never panics on input: every parser returns a typed error
//! whose message says what is wrong.
//!
//! ```
//! use bluegray_core::{Game, Variant, perft};
//!
//! let variant: Variant = "classic-turbo-light,first=gray".parse()?;
//! let mut game = Game::new(variant);
//! assert_eq!(game.side_to_move(), bluegray_core::Color::Gray);
//! // The turbo captain slides as far as its path is clear: here up to f8's guard.
//! assert_eq!(game.legal_moves().iter().filter(|m| m.from().to_string() == "e9").count(), 1);
//! game.play_text("e9-e8")?;
//! assert!(game.play_text("e1-e3").is_err()); // e3 is not on Blue's captain path
//! assert_eq!(perft(&bluegray_core::Position::new(Variant::default().rules), 2), 625);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Rulings
//!
//! Where the sources leave a choice, the project rules on it in docs/RULES.md §9; this crate
//! follows those rulings, among them:
//! - `jumps=any` allows diagonal jumps in every diagonal direction, whatever `diagonals` says:
//!   the two options are independent (a jump along marked lines only could never happen, since
//!   no two marked segments are in line).
//! - The `diagonals` and `jumps` options govern sergeants only. Privates step and jump forward or
//!   sideways, orthogonally, in every variant.
//! - `lead` accepts 0 (off) to 17; `impasse_plies=0` turns the no-progress rule off.
//! - A position code may show a finished game (a captain on the red dot, or a lead): it is
//!   accepted, and such a position has no legal moves. [`validity::problems`], the board
//!   editor's check, refuses it, and lists every reason a set-up position cannot be played.
//! - In perft a position won by breakthrough or lead counts as a leaf only at depth 0, like a
//!   mate in chess perft.
//! - The move number grows after the second player's move (Gray's, unless `first=gray`).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod bitboard;
pub mod clock;
pub mod game;
pub mod geometry;
pub mod illegal;
pub mod legality;
pub mod line;
pub mod movegen;
pub mod moves;
pub mod outcome;
pub mod perft;
pub mod point;
pub mod position;
pub mod record;
pub mod rng;
pub mod setup;
pub mod text;
#[cfg(feature = "variations")]
pub mod tree;
pub mod validity;
pub mod variant;
mod zobrist;

pub use bitboard::Bitboard;
pub use clock::{TimeControl, TimeControlError};
pub use game::Game;
pub use geometry::{Direction, Path, DIAGONAL, EAST, NORTH, ORTHOGONAL, PATH_STEPS, SOUTH, WEST};
pub use illegal::IllegalMove;
pub use legality::{MoveError, ReplayError};
pub use line::Line;
pub use moves::{Move, MoveKind, MoveText, ParseMoveError, PointList};
pub use outcome::{EndError, EndReason, ImpasseCause, Outcome};
pub use perft::{divide, perft};
pub use point::NUM_POINTS;
pub use point::{Color, ParsePointError, Point};
pub use position::Position;
pub use record::{GameRecord, RecordError, TagError, RESERVED_TAGS};
pub use rng::SplitMix64;
pub use setup::{Piece, PieceKind, PositionCodeError, Setup};
pub use text::excerpt;
#[cfg(feature = "variations")]
pub use tree::Node;
pub use validity::Problem;
pub use variant::{
    options, Army, CaptainMode, Diagonals, GuardKind, Jumps, OptionInfo, Rules, Start, Variant,
    VariantError, VariantName,
};
