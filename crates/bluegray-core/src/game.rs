//! A game: a start position, the moves played, undo/redo, and the end of the game including the
//! history-dependent impasse rules (docs/RULES.md §5).

use crate::legality::MoveError;
use crate::moves::{Move, MoveText};
use crate::outcome::{EndError, ImpasseCause, Outcome};
use crate::point::Color;
use crate::position::Position;
use crate::setup::PositionCodeError;
use crate::variant::Variant;

/// A game in progress or finished.
#[derive(Clone, Debug)]
pub struct Game {
    variant: Variant,
    /// `positions[i]` is the position after `i` moves; never empty.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// Moves taken back by [`Game::undo`], most recent last.
    redo: Vec<Move>,
    outcome: Option<Outcome>,
    /// An ending the players declared (docs/RULES.md §5.1), at the current position.
    declared: Option<Outcome>,
    /// Record tags other than the reserved ones (players, date, event, …); see
    /// [`Game::set_tag`].
    pub(crate) tags: Vec<(String, String)>,
    /// Comments of the record the game was read from, each with the number of moves played
    /// before it.
    pub(crate) comments: Vec<(usize, String)>,
    /// Variations of the record (or set by `Game::set_tree`), each with the index of the move
    /// it replaces; see [`crate::line`].
    #[cfg(feature = "variations")]
    pub(crate) variations: Vec<(usize, crate::line::Line)>,
    /// Whether the record the game was read from had variations that were read past (a build
    /// without the `variations` feature): see [`Game::dropped_variations`].
    pub(crate) dropped_variations: bool,
}

impl Game {
    /// A new game from the variant's start.
    pub fn new(variant: Variant) -> Game {
        Game::from_position(variant, Position::new(variant.rules))
    }

    /// A new game from `start`, which must be played under `variant.rules`.
    pub fn from_position(variant: Variant, start: Position) -> Game {
        let mut g = Game {
            variant,
            positions: vec![start],
            moves: Vec::new(),
            redo: Vec::new(),
            outcome: None,
            declared: None,
            tags: Vec::new(),
            comments: Vec::new(),
            #[cfg(feature = "variations")]
            variations: Vec::new(),
            dropped_variations: false,
        };
        g.outcome = g.compute_outcome();
        g
    }

    /// Whether the record the game was read from had variations that this build read past
    /// (without the `variations` feature): its moves and comments are the record's, its
    /// variations are not kept, and a build with the feature reads them (docs/RULES.md R29).
    /// Always false with the feature.
    pub fn dropped_variations(&self) -> bool {
        self.dropped_variations
    }

    /// A new game from a position code.
    pub fn from_code(variant: Variant, code: &str) -> Result<Game, PositionCodeError> {
        Ok(Game::from_position(
            variant,
            Position::from_code(code, variant.rules)?,
        ))
    }

    /// The variant.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .unwrap_or_else(|| unreachable!("a game always has a position"))
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Position {
        &self.positions[0]
    }

    /// Whether the game started from its variant's usual start.
    pub fn starts_at_variant_start(&self) -> bool {
        *self.start_position() == Position::new(self.variant.rules)
    }

    /// Every position so far, the start first and the current last.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// How the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.position().side_to_move()
    }

    /// The legal moves; none once the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            Vec::new()
        } else {
            self.position().legal_moves()
        }
    }

    /// Plays `m` if it is legal now. Clears the redo list unless `m` is the move it would redo.
    pub fn play(&mut self, m: Move) -> Result<(), MoveError> {
        if let Some(o) = self.outcome {
            return Err(MoveError::GameOver(o));
        }
        let legal = self.position().legal_moves();
        if !legal.contains(&m) {
            return Err(MoveError::Illegal {
                text: m.to_string(),
                reason: MoveText::from(&m).refusal(self.position(), &legal),
            });
        }
        if self.redo.last() == Some(&m) {
            self.redo.pop();
        } else {
            self.redo.clear();
            // Comments on the moves taken back belonged to the line the game has now left.
            let played = self.moves.len();
            self.comments.retain(|(at, _)| *at <= played);
            #[cfg(feature = "variations")]
            self.variations.retain(|(at, _)| *at <= played);
        }
        self.push(m);
        Ok(())
    }

    /// The legal move that a text in the notation of docs/RULES.md §6 describes, without
    /// playing it; the error says why there is none.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        if let Some(o) = self.outcome {
            return Err(MoveError::GameOver(o));
        }
        self.position().parse_move(text)
    }

    /// Parses and plays a move written in the notation of docs/RULES.md §6.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        let m = self.parse_move(text)?;
        self.play(m)?;
        Ok(m)
    }

    fn push(&mut self, m: Move) {
        let next = self.position().played(&m);
        self.positions.push(next);
        self.moves.push(m);
        self.outcome = self.compute_outcome();
    }

    /// Takes back the last move; `None` at the start. An ending the players declared goes with
    /// it: it was declared at the position the game leaves (docs/RULES.md §5.1).
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        self.redo.push(m);
        self.declared = None;
        self.outcome = self.compute_outcome();
        Some(m)
    }

    /// Replays the last move taken back; `None` if there is none, or once the game is over.
    pub fn redo(&mut self) -> Option<Move> {
        if self.outcome.is_some() {
            return None;
        }
        let m = self.redo.pop()?;
        self.push(m);
        Some(m)
    }

    /// `side` resigns, whoever is to move: the other side wins (docs/RULES.md §5.1).
    pub fn resign(&mut self, side: Color) -> Result<Outcome, EndError> {
        self.declare(Outcome::resignation(side))
    }

    /// `side`'s flag fell (its clock ran out), whoever is to move: the other side wins on time
    /// (docs/RULES.md §5.2, ruling R27). The clock itself is the page's: the rules core records
    /// only the flag fall.
    pub fn flag(&mut self, side: Color) -> Result<Outcome, EndError> {
        self.declare(Outcome::time(side))
    }

    /// The players agree to a draw.
    pub fn agree_draw(&mut self) -> Result<Outcome, EndError> {
        self.declare(Outcome::agreement())
    }

    /// Calls the game off with no result, only while fewer than two moves have been played
    /// (before both sides have moved).
    pub fn abort(&mut self) -> Result<Outcome, EndError> {
        if self.outcome.is_none() && self.moves.len() >= 2 {
            return Err(EndError::TooLateToAbort {
                plies: self.moves.len(),
            });
        }
        self.declare(Outcome::aborted())
    }

    /// The other player has left the game and `claimer` claims it: the win, or a draw when
    /// `win` is false. How long the other must have been away is the page's business (ruling
    /// R26): the rules core records the claim.
    pub fn claim(&mut self, claimer: Color, win: bool) -> Result<Outcome, EndError> {
        self.declare(Outcome::abandonment(claimer, win))
    }

    /// Ends the game by the players' word. The moves taken back are left for good: the game
    /// ends here, so there is nothing to redo.
    fn declare(&mut self, o: Outcome) -> Result<Outcome, EndError> {
        if let Some(over) = self.outcome {
            return Err(EndError::GameOver(over));
        }
        self.redo.clear();
        let played = self.moves.len();
        self.comments.retain(|(at, _)| *at <= played);
        #[cfg(feature = "variations")]
        self.variations.retain(|(at, _)| *at <= played);
        self.declared = Some(o);
        self.outcome = Some(o);
        Ok(o)
    }

    /// The comments of the record the game was read from, each with the number of moves played
    /// before it, in order. Those after the current move belong to moves taken back: a record
    /// written now leaves them out, and playing another move instead drops them.
    pub fn comments(&self) -> &[(usize, String)] {
        &self.comments
    }

    /// The moves [`Game::redo`] would replay, next first.
    pub fn redo_moves(&self) -> impl Iterator<Item = &Move> {
        self.redo.iter().rev()
    }

    /// How many times the current position (board and side to move) has occurred.
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        self.positions
            .iter()
            .filter(|p| p.hash() == now.hash() && same_board(p, now))
            .count()
    }

    fn compute_outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        if let Some(o) = pos.outcome() {
            return Some(o);
        }
        if self.declared.is_some() {
            return self.declared;
        }
        let (blue, gray) = (pos.progress(Color::Blue), pos.progress(Color::Gray));
        let impasse = |cause| Some(Outcome::impasse(cause, blue, gray));
        if pos.count_moves() == 0 {
            return impasse(ImpasseCause::NoMoves);
        }
        if self.repetitions() >= 3 {
            return impasse(ImpasseCause::Repetition);
        }
        let limit = pos.rules().impasse_plies;
        if limit > 0 && pos.no_progress() >= limit {
            return impasse(ImpasseCause::NoProgress);
        }
        None
    }
}

/// Board and side to move equal: what repetition compares (not the counters).
fn same_board(a: &Position, b: &Position) -> bool {
    a.guards == b.guards && a.privates == b.privates && a.progress == b.progress && a.side == b.side
}
