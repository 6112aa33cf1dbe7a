// The shapes of the plain data the rules core (crates/bluegray-wasm) returns, for the type
// check: its `Game.state()`, its catalogue (`variants()`), its search answers (`think`,
// `analyse`), its lessons and puzzles and its refusals (the calls that answer them: core-api.js). The Rust structs that make them
// (crates/bluegray-wasm/src/view.rs, search.rs, error.rs; crates/bluegray-lessons and
// bluegray-puzzles for the teaching) are their one home; these declarations follow them. No
// code runs here.
export {};

/** @typedef {'blue'|'gray'} Side */

/**
 * A legal move, or a move played.
 * @typedef {{text: string, points: string[], captured: string[], kind: 'step'|'captain'|'capture'}} Move
 */

/** @typedef {{point: string, color: Side, kind: 'captain'|'sergeant'|'private'}} Piece */

/**
 * How a finished game ended (`winner` absent: a draw, or no result for an aborted game): by the
 * rules (breakthrough, lead, impasse) or by the players (resignation, agreement, aborted).
 * @typedef {'breakthrough'|'lead'|'impasse'|'resignation'|'agreement'|'aborted'|'time'|'abandoned'} EndReason
 */

/**
 * @typedef {{winner?: Side, reason: EndReason, cause?: 'no-moves'|'repetition'|'no-progress', text: string, token: '1-0'|'0-1'|'1/2-1/2'|'*', halfWin: boolean, byPlayers: boolean}} Result
 */

/** @typedef {{number: number, first?: string, second?: string}} MoveRow */

/**
 * A move of a game's tree (crates/bluegray-wasm/src/tree.rs) with what may follow it: its first
 * child continues its line, the others are its variations; the root (the start) has an empty
 * move.
 * @typedef {{move: string, comments?: string[], children: TreeNode[]}} TreeNode
 */

/**
 * @template T
 * @typedef {{blue: T, gray: T}} PerSide
 */

/**
 * The rules core's view of a game (`Game.state()`). `tree` only from the variations module's
 * `Game`, which keeps variations, and only when the game has some (docs/RULES.md R29).
 * @typedef {{
 *   variant: string,
 *   rules: Record<string, string>,
 *   code: string,
 *   start: string,
 *   side: Side,
 *   first: Side,
 *   moveNumber: number,
 *   ply: number,
 *   board: Piece[],
 *   progress: PerSide<number>,
 *   steps: number,
 *   paths: PerSide<string[]>,
 *   diagonals: [string, string][],
 *   moves: Move[],
 *   captureRequired: boolean,
 *   lastMove?: Move,
 *   history: string[],
 *   moveRows: MoveRow[],
 *   result?: Result,
 *   canUndo: boolean,
 *   canRedo: boolean,
 *   record: string,
 *   comments?: {ply: number, text: string}[],
 *   tree?: TreeNode,
 * }} GameState
 */

/** @typedef {{games: number, firstWins: number, draws: number, secondWins: number}} BalanceInfo */
/** @typedef {{name: string, rules: Record<string, string>, balance: BalanceInfo|null}} VariantInfo */
/** @typedef {{name: string, values: string[], numeric: boolean}} OptionView */
/** @typedef {{number: number, name: string}} LevelInfo */

/**
 * The catalogue (`variants()`): the named variants, the rule options, the computer's levels and
 * the analysis budgets.
 * @typedef {{
 *   variants: VariantInfo[],
 *   levels: LevelInfo[],
 *   options: OptionView[],
 *   defaultVariant: string,
 *   minLevel: number,
 *   maxLevel: number,
 *   analysisNodes: number,
 *   maxAnalysisNodes: number,
 * }} Catalogue
 */

/**
 * A search's answer (`think`, `analyse`): `mateIn` counts the plies to a forced result
 * (negative: a loss) and is absent for an ordinary score; `winChance` is in thousandths.
 * @typedef {{best?: string, score: number, mateIn?: number, scoreText: string, winChance: number, depth: number, nodes: number, pv: string[], side: Side}} SearchResult
 */

/**
 * An error the rules core throws: a JS Error with a stable `code`, and for a refused move the
 * rule (`reason`) and the points involved.
 * @typedef {Error & {code?: string, reason?: string, points?: string[]}} CoreError
 */

/**
 * A puzzle's goal: win in 2 or 3 of the solver's own moves, or stop the other side's win.
 * @typedef {'win2'|'win3'|'stop'} Goal
 */

/**
 * A puzzle of the committed set (`puzzles()`): `side` is the solver, `length` the solver's
 * moves in the solution, `theme` the idea of the solution (learn/puzzle-session.js THEMES).
 * @typedef {{id: string, variant: string, code: string, side: Side, goal: Goal, length: number, theme: string}} PuzzleInfo
 */

/**
 * The judgement of a puzzle solver's last move (`puzzleJudge`): `reply` is the defender's answer
 * to a correct move that does not finish (else null), `refutation` the line that beats a wrong
 * move; once solved, how (`ending`, which learn/puzzle-words.js endingMessage checks and says).
 * @typedef {{status: 'solved'|'continue'|'wrong'|'slower', reply: string|null, refutation: string[], ending?: unknown}} PuzzleVerdict
 */

/**
 * A lesson (`lessons()`): `learner` is the side the learner plays, `budget` the learner's moves
 * allowed, `teaches` the rules option it teaches or null.
 * @typedef {{id: string, variant: string, code: string, learner: Side, budget: number, kind: 'rules'|'strategy', teaches: string|null}} LessonInfo
 */

/**
 * The judgement of a learner's last move (`lessonJudge`): the opponent's reply to play (or
 * null), what to tell the learner (a message of the page's tables, or null) and the moves left.
 * @typedef {{status: 'done'|'continue'|'wrong', reply: string|null, feedback: {key: string, params: Record<string, string>}|null, movesLeft: number}} LessonVerdict
 */

/**
 * A move of the opening explorer (`explorer`): its text, its games there, and how many of them
 * the side that played it won, drew and lost.
 * @typedef {{move: string, games: number, wins: number, draws: number, losses: number}} ExplorerMove
 */

/**
 * One reason a set-up position cannot be played (docs/WASM-API.md, `checkPosition`): its stable
 * code, what a sentence names, and the sentence in English.
 * @typedef {{code: string, params: {color?: Side, point?: string, count?: number, ahead?: number, behind?: number, limit?: number, plies?: number}, text: string}} PositionProblem
 */

/**
 * `checkPosition`'s answer: whether a game can start there, the code written canonically, and why not.
 * @typedef {{ok: boolean, code: string, problems: PositionProblem[]}} PositionCheck
 */
