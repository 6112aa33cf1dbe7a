//! A game as the page plays it: the [`Session`] behind the JS `Game` class.

use bluegray_core::{Color, Game, MoveError, Variant};

use crate::args::Ending;
use crate::error::{ApiError, ErrorCode};
use crate::view::{GameState, ResultView};

/// A game as the page sees it.
#[derive(Clone, Debug)]
pub struct Session {
    game: Game,
}

/// Parses a variant spec; an empty spec is the default variant (`sackson`).
pub fn parse_variant(spec: &str) -> Result<Variant, ApiError> {
    if spec.trim().is_empty() {
        return Ok(Variant::default());
    }
    Ok(spec.parse::<Variant>()?)
}

impl Session {
    /// A new game of the variant `spec` from its start.
    pub fn new(spec: &str) -> Result<Session, ApiError> {
        Ok(Session {
            game: Game::new(parse_variant(spec)?),
        })
    }

    /// A new game of the variant `spec` from a position code.
    pub fn from_code(spec: &str, code: &str) -> Result<Session, ApiError> {
        let variant = parse_variant(spec)?;
        Ok(Session {
            game: Game::from_code(variant, code.trim())?,
        })
    }

    /// A game replayed from a game record.
    pub fn from_record(text: &str) -> Result<Session, ApiError> {
        Ok(Session {
            game: Game::from_record(text)?,
        })
    }

    /// The core game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, to take out of the session.
    pub fn into_game(self) -> Game {
        self.game
    }

    /// The state object the page draws from.
    pub fn state(&self) -> GameState {
        GameState::of(&self.game)
    }

    /// Plays a move given in notation; returns it normalised.
    pub fn play(&mut self, text: &str) -> Result<String, ApiError> {
        Ok(self.game.play_text(text)?.to_string())
    }

    /// The legal move a text describes, normalised, without playing it; the same errors as
    /// [`Session::play`].
    pub fn legal_move(&self, text: &str) -> Result<String, ApiError> {
        Ok(self.game.parse_move(text)?.to_string())
    }

    /// Plays the `index`-th legal move of the state's `moves` list. The index is a `u64`, as
    /// JS gives it, so that a message names the very number given, whatever the width of
    /// `usize`.
    pub fn play_index(&mut self, index: u64) -> Result<String, ApiError> {
        if let Some(o) = self.game.outcome() {
            return Err(MoveError::GameOver(o).into());
        }
        let moves = self.game.legal_moves();
        let found = usize::try_from(index).ok().and_then(|i| moves.get(i));
        let m = *found.ok_or_else(|| {
            ApiError::new(
                ErrorCode::BadArgument,
                format!(
                    "Game.playIndex: no legal move number {index}: there are {} legal moves",
                    moves.len()
                ),
            )
        })?;
        self.game.play(m)?;
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

    /// Ends the game by the players' word (docs/RULES.md §5.1); returns the result as
    /// `state().result` shows it.
    pub fn end(&mut self, how: Ending) -> Result<ResultView, ApiError> {
        let o = match how {
            Ending::Resign(side) => self.game.resign(side),
            Ending::Draw => self.game.agree_draw(),
            Ending::Abort => self.game.abort(),
            Ending::Time(side) => self.game.flag(side),
            Ending::ClaimWin(side) => self.game.claim(side, true),
            // Whoever claims a draw, the result is the same.
            Ending::ClaimDraw => self.game.claim(Color::Blue, false),
        }?;
        Ok(ResultView::of(&o))
    }

    /// Sets a record tag such as `Blue` or `Gray` (player names); the reserved tags
    /// (`bluegray_core::RESERVED_TAGS`) are the game's own and cannot be set.
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), ApiError> {
        Ok(self.game.set_tag(name, value)?)
    }

    /// The value of a tag set with [`Session::set_tag`] or read from a record, if any.
    pub fn tag(&self, name: &str) -> Option<String> {
        self.game.tag(name).map(str::to_string)
    }

    /// Keeps the time the last move's side had left after it (a clock comment in the record).
    pub fn set_clock(&mut self, ms: u64) {
        self.game.set_clock(ms);
    }

    /// The time each move's side had left after it, from the clock comments (`None` for a move
    /// without one).
    pub fn clocks(&self) -> Vec<Option<u64>> {
        self.game.clocks()
    }

    /// The game record text.
    pub fn record(&self) -> String {
        self.game.record().to_string()
    }

    /// The current position code.
    pub fn code(&self) -> String {
        self.game.position().to_string()
    }

    #[cfg(feature = "play")]
    /// Makes the tree whose lines are `lines` the game's (see [`crate::tree::tree_of_lines`]).
    pub fn set_tree(&mut self, lines: &str) -> Result<(), ApiError> {
        let tree = crate::tree::tree_of_lines(lines, &self.game.tree())?;
        Ok(self.game.set_tree(&tree)?)
    }

    #[cfg(feature = "play")]
    /// Makes `text` the comment after the move at `path` of the game's tree (see
    /// [`crate::comment::set_comment`]).
    pub fn set_comment(&mut self, path: &str, text: &str) -> Result<(), ApiError> {
        crate::comment::set_comment(&mut self.game, path, text)
    }
}
