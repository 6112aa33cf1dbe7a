//! The puzzles of Blue and Gray (issue 22): a position, the side to move (the **solver**) and a
//! goal, each checked by an exact proof search over the rules core's legal moves.
//!
//! The goals ([`Goal`]):
//! - `win2`, `win3`: the solver wins (breakthrough or lead) within 2 or 3 of its own moves
//!   against every defence;
//! - `stop`: the opponent (the **defender**) threatens to win on its next move, and the solver
//!   must play the move after which it no longer can.
//!
//! A sound puzzle ([`Problem::verify`]) has exactly one first move that reaches the goal, and
//! no shorter win (a `win3` is no `win2`, a `stop` puzzle has no win in one).
//!
//! Nothing here decides a rule: moves, captures, wins and the no-progress limit all come from
//! `bluegray-core`. A game that ends other than by a win (no legal move, no progress) is no
//! win for the puzzle. The search is in [`search`]; [`Problem`] judges a line of moves, gives
//! hints and the rest of the solution; [`Puzzle`] is one line of the committed set
//! (`puzzles.txt`, read by [`set`]); [`idea`] says how a solved puzzle ended and what idea its
//! solution shows, and [`order`] mixes the set for the page ([`catalogue`]).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::fmt;
use std::str::FromStr;

use bluegray_core::{
    excerpt, Color, Move, MoveKind, MoveText, Position, PositionCodeError, ReplayError, Variant,
    VariantError,
};
use serde::Serialize;
use thiserror::Error;

pub mod idea;
pub mod order;
pub mod search;

pub use idea::{Ending, How, Theme, Why};
use search::{ended_by_rule, has_won, immediate_wins, is_over, LimitReached, Prover};

/// The most moves a puzzle's line has: a win in 3 is five plies (the solver's three moves and
/// the defender's two replies).
pub const MAX_MOVES: usize = 5;

/// The committed puzzle set, one [`Puzzle`] a line.
pub const SET: &str = include_str!("../puzzles.txt");

/// How many of its own moves the defender's win after a refutation may take for a verdict to
/// show it: beyond, the verdict says only that the defender holds.
pub const DEFENDER_WIN: u8 = 2;

/// How many more of the solver's moves than a puzzle asks for [`Problem::judge`] looks ahead
/// before it calls a move wrong: a move after which the solver still wins within `left +
/// EXTRA` moves is [`Status::Slower`], and a refutation is a defence after which it does not.
pub const EXTRA: u8 = 2;

/// What the solver must do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Goal {
    /// Win within two of one's own moves.
    Win2,
    /// Win within three of one's own moves.
    Win3,
    /// Stop the opponent's immediate win.
    Stop,
}

impl Goal {
    /// Every goal.
    pub const ALL: [Goal; 3] = [Goal::Win2, Goal::Win3, Goal::Stop];

    /// The goal's word: `win2`, `win3` or `stop`.
    pub fn as_str(self) -> &'static str {
        match self {
            Goal::Win2 => "win2",
            Goal::Win3 => "win3",
            Goal::Stop => "stop",
        }
    }

    /// The solver's moves a solution has.
    pub fn solver_moves(self) -> u8 {
        match self {
            Goal::Win2 => 2,
            Goal::Win3 => 3,
            Goal::Stop => 1,
        }
    }

    /// The most moves (both sides') a line of this goal has.
    pub fn max_line(self) -> usize {
        usize::from(self.solver_moves()) * 2 - 1
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Goal {
    type Err = PuzzleError;

    fn from_str(s: &str) -> Result<Goal, PuzzleError> {
        Goal::ALL
            .into_iter()
            .find(|g| g.as_str() == s)
            .ok_or_else(|| PuzzleError::BadGoal {
                text: s.to_string(),
            })
    }
}

/// Why a puzzle cannot be read, set up, judged or solved.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// The goal is not one of the three.
    #[error("bad goal '{}': expected win2, win3 or stop", excerpt(text))]
    BadGoal {
        /// The text given.
        text: String,
    },
    /// The variant spec does not read.
    #[error("bad variant: {0}")]
    BadVariant(VariantError),
    /// The position code does not read, or is not valid under the variant.
    #[error("bad position: {0}")]
    BadPosition(PositionCodeError),
    /// A move of the list cannot be played: its text is not a move, the rules refuse it, or
    /// the game has already ended (a solution's text that is not a move, when a puzzle line
    /// is read).
    #[error(transparent)]
    Move(#[from] ReplayError),
    /// More moves than the goal's line can have.
    #[error("at most {max} moves for a {goal} puzzle, not {count}")]
    TooManyMoves {
        /// How many were given.
        count: usize,
        /// The most the goal allows.
        max: usize,
        /// The goal.
        goal: Goal,
    },
    /// [`Problem::judge`] was given no move.
    #[error("no move to judge: the list of moves is empty")]
    NoMove,
    /// [`Problem::judge`] was given a list whose last move is the defender's.
    #[error("the last move is not the solver's: the solver plays {solver}")]
    NotSolversMove {
        /// The solver's side.
        solver: Color,
    },
    /// The goal does not hold in the puzzle's position.
    #[error("impossible puzzle: {}", impossible(*solver, *goal))]
    GoalDoesNotHold {
        /// The solver's side.
        solver: Color,
        /// The goal.
        goal: Goal,
    },
    /// More than one first move reaches the goal (or none does).
    #[error("the first move is not unique: {count} moves reach the goal")]
    NotUnique {
        /// How many first moves reach it.
        count: usize,
    },
    /// The goal is reached faster than it says (a `win3` that is a win in 2, a `stop` puzzle
    /// with a win in one).
    #[error("too easy: the solver wins within {moves} of its moves")]
    TooEasy {
        /// The fewest moves the solver needs.
        moves: u8,
    },
    /// The proof search ran past [`search::NODE_LIMIT`] positions.
    #[error(
        "the puzzle is too hard to check: its proof needs more than {} positions",
        search::NODE_LIMIT
    )]
    SearchLimit,
    /// A line of the puzzle text format does not read.
    #[error("puzzle line {line}: {reason}")]
    BadLine {
        /// The line's number, from 1 (1 for a lone puzzle).
        line: usize,
        /// What is wrong.
        reason: String,
    },
}

fn impossible(solver: Color, goal: Goal) -> String {
    let other = solver.other();
    match goal {
        Goal::Win2 | Goal::Win3 => format!(
            "{solver} cannot force a win within {} moves",
            goal.solver_moves()
        ),
        Goal::Stop => {
            format!("{solver} cannot stop an immediate win of {other}'s, or {other} threatens none")
        }
    }
}

impl From<LimitReached> for PuzzleError {
    fn from(_: LimitReached) -> PuzzleError {
        PuzzleError::SearchLimit
    }
}

/// How the solver's last move went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "PuzzleStatus"))]
pub enum Status {
    /// The goal is reached.
    Solved,
    /// The move keeps the goal within reach: the defender replies and the solver goes on.
    Continue,
    /// The goal can no longer be reached: the solver cannot force a win at all within
    /// [`EXTRA`] more moves than it has left (for `stop`, the defender wins at once).
    Wrong,
    /// The move still wins by force, but not within the moves the puzzle asks for (only
    /// within [`EXTRA`] more): no refutation; the solver takes it back and tries again.
    Slower,
}

/// The judgement of the solver's last move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "PuzzleVerdict"))]
pub struct Verdict {
    /// Solved, go on, or wrong.
    pub status: Status,
    /// After a correct move that does not yet finish: the defender's reply, the one that
    /// resists longest.
    pub reply: Option<String>,
    /// After a wrong move: the defence that beats it, after which the solver cannot win
    /// within [`EXTRA`] more moves than it had left (for `stop`, the opponent's winning move);
    /// empty otherwise (a slower win included), or when the game has ended.
    pub refutation: Vec<String>,
    /// When solved: how, from the rules core's outcome (a breakthrough, a lead) or, for
    /// `stop`, that the defender's win is stopped; `None` otherwise.
    pub ending: Option<Ending>,
    /// The decisive reason, at the end of `line`: after a wrong move, who wins and how (or
    /// that the defender holds); after a slower one, the solver's win it still has; when
    /// solved, the win. `None` while the puzzle goes on, or when the look-ahead ran past the
    /// prover's limit.
    pub why: Option<Why>,
    /// The moves after the judged one that lead to `why`, to show on the board: the
    /// refutation and, when the defender then wins by force, its win; for a slower move, the
    /// solver's win. Empty otherwise.
    pub line: Vec<String>,
}

/// A puzzle's position, variant and goal, ready to search.
#[derive(Clone, Debug)]
pub struct Problem {
    variant: Variant,
    start: Position,
    goal: Goal,
}

impl Problem {
    /// The puzzle of a variant spec, a position code and a goal.
    pub fn new(spec: &str, code: &str, goal: Goal) -> Result<Problem, PuzzleError> {
        let variant: Variant = spec.parse().map_err(PuzzleError::BadVariant)?;
        let start = Position::from_code(code, variant.rules).map_err(PuzzleError::BadPosition)?;
        Ok(Problem {
            variant,
            start,
            goal,
        })
    }

    /// [`Problem::new`] with the goal as text.
    pub fn parse(spec: &str, code: &str, goal: &str) -> Result<Problem, PuzzleError> {
        Problem::new(spec, code, goal.parse()?)
    }

    /// The variant.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The goal.
    pub fn goal(&self) -> Goal {
        self.goal
    }

    /// The solver: the side to move at the start.
    pub fn solver(&self) -> Color {
        self.start.side_to_move()
    }

    /// The positions from the start through `moves` (in notation): one more than the moves.
    pub fn replay<S: AsRef<str>>(&self, moves: &[S]) -> Result<Vec<Position>, PuzzleError> {
        let max = self.goal.max_line();
        if moves.len() > max {
            return Err(PuzzleError::TooManyMoves {
                count: moves.len(),
                max,
                goal: self.goal,
            });
        }
        let mut positions = Vec::with_capacity(moves.len() + 1);
        let mut pos = self.start;
        positions.push(pos);
        for (i, text) in moves.iter().enumerate() {
            let text = text.as_ref();
            if is_over(&pos) {
                // A position knows how a game ended only for a win (an impasse is the business
                // of a game's history), so the message says only that it is over.
                return Err(ReplayError::GameOver {
                    number: i + 1,
                    text: text.to_string(),
                    outcome: None,
                }
                .into());
            }
            let m = pos
                .parse_move(text)
                .map_err(|e| ReplayError::of_move(i + 1, text, e))?;
            pos.play(&m);
            positions.push(pos);
        }
        Ok(positions)
    }

    /// Whether the goal holds at the start: the solver can force the win in time, or (for
    /// `stop`) the defender threatens a win (some move of the solver's would let it win at
    /// once) and some move stops it. The threat may come from the solver having to move, as
    /// when its only guard that can move stands on the enemy captain's path.
    pub fn holds(&self) -> Result<bool, PuzzleError> {
        let mut prover = Prover::new();
        let pos = &self.start;
        if is_over(pos) {
            return Ok(false);
        }
        Ok(match self.goal {
            Goal::Win2 | Goal::Win3 => prover.wins_within(pos, self.goal.solver_moves())?,
            Goal::Stop => {
                let stops: Vec<bool> = pos.legal_moves().iter().map(|m| stops(pos, m)).collect();
                stops.contains(&true) && stops.contains(&false)
            }
        })
    }

    /// [`Problem::holds`], as an error when it does not.
    pub fn check(&self) -> Result<(), PuzzleError> {
        if self.holds()? {
            Ok(())
        } else {
            Err(PuzzleError::GoalDoesNotHold {
                solver: self.solver(),
                goal: self.goal,
            })
        }
    }

    /// The solver's first moves that reach the goal, in the rules core's order.
    pub fn first_moves(&self) -> Result<Vec<Move>, PuzzleError> {
        let pos = &self.start;
        if is_over(pos) {
            return Ok(Vec::new());
        }
        let mut prover = Prover::new();
        let mut found = Vec::new();
        for m in pos.legal_moves() {
            let reaches = match self.goal {
                Goal::Stop => stops(pos, &m),
                _ => prover.move_wins_within(pos, &m, self.goal.solver_moves())?,
            };
            if reaches {
                found.push(m);
            }
        }
        Ok(found)
    }

    /// Checks that the puzzle is sound (the goal holds, no shorter win, exactly one first
    /// move reaches it) and returns its solution line from the start.
    pub fn verify(&self) -> Result<Vec<String>, PuzzleError> {
        self.check()?;
        let mut prover = Prover::new();
        let fewer = match self.goal {
            Goal::Win2 | Goal::Win3 => self.goal.solver_moves() - 1,
            Goal::Stop => 1,
        };
        if let Some(moves) = prover.distance(&self.start, fewer)? {
            return Err(PuzzleError::TooEasy { moves });
        }
        let count = self.first_moves()?.len();
        if count != 1 {
            return Err(PuzzleError::NotUnique { count });
        }
        self.solution::<&str>(&[])
    }

    /// Judges the solver's last move: `moves` are all the moves from the start (the
    /// defender's replies included), the last one the solver's.
    ///
    /// A move that keeps the win within the moves left is [`Status::Continue`] (or
    /// [`Status::Solved`]). One that does not, but after which the solver still wins by force
    /// within [`EXTRA`] more moves, is [`Status::Slower`], with no refutation. Otherwise it is
    /// [`Status::Wrong`], and its refutation is a defence after which the solver cannot win
    /// within those `left + EXTRA` moves either.
    pub fn judge<S: AsRef<str>>(&self, moves: &[S]) -> Result<Verdict, PuzzleError> {
        self.check()?;
        if moves.is_empty() {
            return Err(PuzzleError::NoMove);
        }
        let positions = self.replay(moves)?;
        if moves.len() % 2 == 0 {
            return Err(PuzzleError::NotSolversMove {
                solver: self.solver(),
            });
        }
        let after = positions[positions.len() - 1];
        let verdict = |status, reply, refutation| Verdict {
            status,
            reply,
            refutation,
            ending: None,
            why: None,
            line: Vec::new(),
        };
        if self.goal == Goal::Stop {
            let wins = immediate_wins(&after);
            return Ok(match wins.first() {
                Some(m) => Verdict {
                    why: Why::of_end(&after.played(m)),
                    line: vec![m.to_string()],
                    ..verdict(Status::Wrong, None, vec![m.to_string()])
                },
                None => Verdict {
                    ending: Some(Ending::Stopped),
                    ..verdict(Status::Solved, None, Vec::new())
                },
            });
        }
        if let Some(ending) = Ending::of_win(&after, self.solver()) {
            return Ok(Verdict {
                ending: Some(ending),
                why: Why::of_end(&after),
                ..verdict(Status::Solved, None, Vec::new())
            });
        }
        // The solver's moves left after this one.
        let left = self.goal.solver_moves() - moves.len().div_ceil(2) as u8;
        let mut prover = Prover::new();
        if left > 0 && !ended_by_rule(&after) && prover.holds_after(&after, left)? {
            let reply = resisting_reply(&mut prover, &after, left)?;
            return Ok(verdict(
                Status::Continue,
                reply.map(|m| m.to_string()),
                Vec::new(),
            ));
        }
        let (refutation, within) = match slower_or_refutation(&after, left + EXTRA) {
            Ok(None) => {
                // The win it still has, to show; none when that search runs past the limit.
                let line = forced_line(&mut Prover::new(), after, self.solver(), left + EXTRA)
                    .ok()
                    .flatten()
                    .unwrap_or_default();
                let why = line.last().and(Why::of_end(&end_of(after, &line)));
                return Ok(Verdict {
                    why,
                    line: texts_of(&line),
                    ..verdict(Status::Slower, None, Vec::new())
                });
            }
            Ok(Some(refutation)) => (refutation, left + EXTRA),
            // The longer look-ahead ran past the prover's limit: fall back to a defence after
            // which the solver cannot win within the moves asked (a slower win may remain),
            // searched afresh with the limit's full budget.
            Err(LimitReached) => (
                refuting_reply(&mut Prover::new(), &after, left)?.unwrap_or_default(),
                left,
            ),
        };
        let (why, line) = refuted(after, &refutation, self.solver(), within);
        Ok(Verdict {
            why,
            line: texts_of(&line),
            ..verdict(Status::Wrong, None, texts_of(&refutation))
        })
    }

    /// The rest of the solution line after `moves` (from the start): the solver's quickest
    /// winning moves and the defender's longest-resisting replies, `[0]` being the next move
    /// (the hint when the solver is to move). Empty when the goal can no longer be reached.
    pub fn solution<S: AsRef<str>>(&self, moves: &[S]) -> Result<Vec<String>, PuzzleError> {
        self.check()?;
        let positions = self.replay(moves)?;
        let pos = positions[positions.len() - 1];
        let mut line = Vec::new();
        if self.goal == Goal::Stop {
            if moves.is_empty() {
                if let Some(m) = self.first_moves()?.first() {
                    line.push(m.to_string());
                }
            }
            return Ok(line);
        }
        // The solver's moves left from here.
        let left = self.goal.solver_moves() - moves.len().div_ceil(2) as u8;
        let line = forced_line(&mut Prover::new(), pos, self.solver(), left)?;
        Ok(texts_of(&line.unwrap_or_default()))
    }

    /// The next correct move after `moves` (the solver to move), or `None` when the goal can
    /// no longer be reached.
    pub fn hint<S: AsRef<str>>(&self, moves: &[S]) -> Result<Option<String>, PuzzleError> {
        if moves.len() % 2 == 1 {
            return Err(PuzzleError::NotSolversMove {
                solver: self.solver(),
            });
        }
        Ok(self.solution(moves)?.into_iter().next())
    }
}

/// The moves in notation.
fn texts_of(moves: &[Move]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

/// The position after `line` from `pos`.
fn end_of(mut pos: Position, line: &[Move]) -> Position {
    for m in line {
        pos.play(m);
    }
    pos
}

/// The line from `pos` in which `winner` wins within `left` of its own moves, whoever is to
/// move: its quickest winning moves and the other side's longest-resisting replies; `None`
/// when it has no such win (or has won already).
fn forced_line(
    prover: &mut Prover,
    mut pos: Position,
    winner: Color,
    mut left: u8,
) -> Result<Option<Vec<Move>>, LimitReached> {
    let mut line = Vec::new();
    if pos.side_to_move() != winner {
        if has_won(&pos, winner) || !prover.holds_after(&pos, left)? {
            return Ok(None);
        }
        let Some(reply) = resisting_reply(prover, &pos, left)? else {
            return Ok(None);
        };
        line.push(reply);
        pos.play(&reply);
    }
    while left > 0 && !is_over(&pos) {
        let Some(m) = quickest_win(prover, &pos, left)? else {
            return Ok(None);
        };
        line.push(m);
        pos.play(&m);
        left -= 1;
        if has_won(&pos, winner) {
            return Ok(Some(line));
        }
        let Some(reply) = resisting_reply(prover, &pos, left)? else {
            return Ok(None);
        };
        line.push(reply);
        pos.play(&reply);
    }
    Ok(None)
}

/// Why a wrong move (the defender to move in `after`) loses to `refutation`, and the line to
/// show: the game's end when the refutation ends it, else the defender's forced win within
/// [`DEFENDER_WIN`] of its moves when it has one, else that the defender holds (`solver`
/// cannot win within `within` moves).
fn refuted(
    after: Position,
    refutation: &[Move],
    solver: Color,
    within: u8,
) -> (Option<Why>, Vec<Move>) {
    let mut line = refutation.to_vec();
    let pos = end_of(after, refutation);
    if let Some(why) = Why::of_end(&pos) {
        return (Some(why), line);
    }
    // A search past the limit is no win to show: the defender holds, as far as is known.
    let win = forced_line(&mut Prover::new(), pos, solver.other(), DEFENDER_WIN)
        .ok()
        .flatten();
    if let Some(win) = win {
        let end = end_of(pos, &win);
        if let Some(why) = Why::of_end(&end) {
            line.extend(win);
            return (Some(why), line);
        }
    }
    (Some(Why::held(&pos, within)), line)
}

/// Whether the solver's move `m` in `pos` leaves the defender no immediate win.
fn stops(pos: &Position, m: &Move) -> bool {
    !search::wins_at_once(&pos.played(m))
}

/// The solver's move in `pos` that wins soonest (within `left` moves), first in the rules
/// core's order among equals.
fn quickest_win(
    prover: &mut Prover,
    pos: &Position,
    left: u8,
) -> Result<Option<Move>, LimitReached> {
    let moves = pos.legal_moves();
    for n in 1..=left {
        for m in &moves {
            if prover.move_wins_within(pos, m, n)? {
                return Ok(Some(*m));
            }
        }
    }
    Ok(None)
}

/// The defender's reply in `pos` (the defender to move, the solver winning within `left`)
/// that puts the solver's win furthest off; among equals, a capture or a captain move before
/// a step, then the rules core's order.
fn resisting_reply(
    prover: &mut Prover,
    pos: &Position,
    left: u8,
) -> Result<Option<Move>, LimitReached> {
    let mut best: Option<(u8, u8, Move)> = None;
    for m in pos.legal_moves() {
        let next = pos.played(&m);
        // Every reply loses within `left`; `left + 1` stands for one that does not.
        let dist = prover.distance(&next, left)?.unwrap_or(left + 1);
        let rank = u8::from(m.kind() != MoveKind::Step);
        if best.map_or(true, |(d, r, _)| (dist, rank) > (d, r)) {
            best = Some((dist, rank, m));
        }
    }
    Ok(best.map(|(_, _, m)| m))
}

/// The defender's reply in `pos` (the defender to move) after which the solver cannot win
/// within `left` moves: an immediate win if it has one, else a captain move, a capture, then a
/// step. `Some` of an empty list when the game is over or the defender has no move; `None`
/// when every defence loses within `left` (the solver still wins).
fn refuting_reply(
    prover: &mut Prover,
    pos: &Position,
    left: u8,
) -> Result<Option<Vec<Move>>, LimitReached> {
    if ended_by_rule(pos) {
        return Ok(Some(Vec::new()));
    }
    if let Some(m) = immediate_wins(pos).first() {
        return Ok(Some(vec![*m]));
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return Ok(Some(Vec::new()));
    }
    for kind in [MoveKind::Captain, MoveKind::Capture, MoveKind::Step] {
        for m in moves.iter().filter(|m| m.kind() == kind) {
            if !prover.wins_within(&pos.played(m), left)? {
                return Ok(Some(vec![*m]));
            }
        }
    }
    Ok(None)
}

/// After the solver's move (the defender to move in `pos`, the goal no longer within reach):
/// `None` when the solver still wins within `horizon` of its moves whatever the defender plays
/// (a slower win), else the defence after which it does not ([`refuting_reply`] with that
/// horizon). One search with a fresh prover: the limit bounds it all. [`Problem::judge`]'s
/// look-ahead past the goal, public for the tests.
pub fn slower_or_refutation(
    pos: &Position,
    horizon: u8,
) -> Result<Option<Vec<Move>>, LimitReached> {
    refuting_reply(&mut Prover::new(), pos, horizon)
}

/// One puzzle of the set: an id, a variant spec, a position code, a goal and the solution
/// line. Its text form is one line of five fields separated by ` | `:
/// `id | variant | goal | code | moves`, the moves separated by spaces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// A stable identifier (letters, digits and `-`), what the page remembers a solved
    /// puzzle by.
    pub id: String,
    /// The variant spec.
    pub variant: String,
    /// The position code of the start.
    pub code: String,
    /// The goal.
    pub goal: Goal,
    /// The solution line: the solver's moves and the defender's longest-resisting replies.
    pub solution: Vec<String>,
}

impl Puzzle {
    /// The puzzle as a [`Problem`] to search.
    pub fn problem(&self) -> Result<Problem, PuzzleError> {
        Problem::new(&self.variant, &self.code, self.goal)
    }

    /// The solver's moves in the solution.
    pub fn length(&self) -> usize {
        self.solution.len().div_ceil(2)
    }

    /// The idea of the solution ([`Theme::of_solution`]), read from its moves played out.
    pub fn theme(&self) -> Result<Theme, PuzzleError> {
        let problem = self.problem()?;
        let positions = problem.replay(&self.solution)?;
        let moves = positions
            .iter()
            .zip(&self.solution)
            .enumerate()
            .map(|(i, (pos, text))| {
                pos.parse_move(text)
                    .map_err(|e| ReplayError::of_move(i + 1, text, e).into())
            })
            .collect::<Result<Vec<Move>, PuzzleError>>()?;
        Ok(Theme::of_solution(
            &positions,
            &moves,
            self.goal == Goal::Stop,
        ))
    }

    /// The id a puzzle of this variant, code and goal is given: a hash of the three, so that
    /// the same puzzle keeps its id whatever else the set holds.
    pub fn id_for(variant: &str, code: &str, goal: Goal) -> String {
        // FNV-1a, 64 bits.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in variant
            .bytes()
            .chain([b'|'])
            .chain(code.bytes())
            .chain([b'|'])
            .chain(goal.as_str().bytes())
        {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        format!("{}-{:08x}", goal.as_str(), h >> 32)
    }
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} | {} | {} | {} | {}",
            self.id,
            self.variant,
            self.goal,
            self.code,
            self.solution.join(" ")
        )
    }
}

impl FromStr for Puzzle {
    type Err = PuzzleError;

    /// Reads one puzzle line; the variant, code and move texts must read, but the proof is
    /// not searched ([`Problem::verify`] does that).
    fn from_str(s: &str) -> Result<Puzzle, PuzzleError> {
        let bad = |reason: String| PuzzleError::BadLine { line: 1, reason };
        let fields: Vec<&str> = s.split('|').map(str::trim).collect();
        let [id, variant, goal, code, moves] = fields[..] else {
            return Err(bad(format!(
                "expected 5 fields separated by '|' (id, variant, goal, code, moves), found {}",
                fields.len()
            )));
        };
        if id.is_empty()
            || id.len() > 40
            || !id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            return Err(bad(format!(
                "bad id '{}': lower-case letters, digits and '-', 1 to 40 of them",
                excerpt(id)
            )));
        }
        let goal: Goal = goal.parse()?;
        Problem::new(variant, code, goal)?;
        let solution: Vec<String> = moves.split_whitespace().map(String::from).collect();
        if solution.is_empty() || solution.len() > goal.max_line() {
            return Err(bad(format!(
                "a {goal} solution has 1 to {} moves, not {}",
                goal.max_line(),
                solution.len()
            )));
        }
        for (i, m) in solution.iter().enumerate() {
            m.parse::<MoveText>()
                .map_err(|source| ReplayError::BadMoveText {
                    number: i + 1,
                    source,
                })?;
        }
        Ok(Puzzle {
            id: id.to_string(),
            variant: variant.to_string(),
            code: code.to_string(),
            goal,
            solution,
        })
    }
}

/// Reads a puzzle set: one puzzle a line; blank lines and lines starting with `#` are
/// skipped. Ids must be unique.
pub fn parse_set(text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    let mut puzzles: Vec<Puzzle> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |e: PuzzleError| match e {
            PuzzleError::BadLine { reason, .. } => PuzzleError::BadLine {
                line: i + 1,
                reason,
            },
            e => PuzzleError::BadLine {
                line: i + 1,
                reason: e.to_string(),
            },
        };
        let p: Puzzle = line.parse().map_err(at)?;
        if puzzles.iter().any(|q| q.id == p.id) {
            return Err(at(PuzzleError::BadLine {
                line: i + 1,
                reason: format!("duplicate id '{}'", p.id),
            }));
        }
        puzzles.push(p);
    }
    Ok(puzzles)
}

/// The committed set ([`SET`]).
pub fn set() -> Result<Vec<Puzzle>, PuzzleError> {
    parse_set(SET)
}

/// What the page lists of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PuzzleInfo {
    /// Identifier.
    pub id: String,
    /// Variant spec.
    pub variant: String,
    /// Position code of the start.
    pub code: String,
    /// The solver: `blue` or `gray`.
    #[cfg_attr(feature = "ts", ts(type = "Side"))]
    pub side: &'static str,
    /// The goal.
    pub goal: Goal,
    /// The solver's moves in the solution.
    pub length: usize,
    /// The idea of the solution.
    pub theme: Theme,
}

/// The committed set as the page lists it: [`catalogue_of`] the committed set.
pub fn catalogue() -> Result<Vec<PuzzleInfo>, PuzzleError> {
    catalogue_of(SET)
}

/// A puzzle set ([`parse_set`]'s text) as the page lists it: in the mixed order of
/// [`order::mixed`], so that puzzles in a row differ in variant, theme and goal. The web page
/// fetches the committed set as a file and gives its text here, so that no wasm module carries
/// it.
pub fn catalogue_of(text: &str) -> Result<Vec<PuzzleInfo>, PuzzleError> {
    let listed = parse_set(text)?
        .into_iter()
        .map(|p| {
            let side = p.problem()?.solver().as_str();
            let theme = p.theme()?;
            Ok(PuzzleInfo {
                theme,
                length: p.length(),
                id: p.id,
                variant: p.variant,
                code: p.code,
                side,
                goal: p.goal,
            })
        })
        .collect::<Result<Vec<PuzzleInfo>, PuzzleError>>()?;
    let traits: Vec<order::Traits<'_>> = listed
        .iter()
        .map(|p| order::Traits {
            variant: &p.variant,
            theme: p.theme,
            goal: p.goal,
        })
        .collect();
    let mut slots: Vec<Option<PuzzleInfo>> = listed.iter().cloned().map(Some).collect();
    Ok(order::mixed(&traits)
        .into_iter()
        .filter_map(|i| slots.get_mut(i).and_then(Option::take))
        .collect())
}
