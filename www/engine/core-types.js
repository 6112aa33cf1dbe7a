// The shapes of the plain data the rules core (crates/bluegray-wasm) returns, for the type
// check: its `Game.state()`, its catalogue (`variants()`), its search answers (`think`,
// `analyse`) and its refusals. The Rust structs that make them (crates/bluegray-wasm/src/view.rs,
// search.rs, error.rs) are their one home; these declarations follow them. No code runs here.
export {};

/** @typedef {'blue'|'gray'} Side */

/**
 * A legal move, or a move played.
 * @typedef {{text: string, points: string[], captured: string[], kind: 'step'|'captain'|'capture'}} Move
 */

/** @typedef {{point: string, color: Side, kind: 'captain'|'sergeant'|'private'}} Piece */

/**
 * How a finished game ended (`winner` absent: a draw).
 * @typedef {{winner?: Side, reason: 'breakthrough'|'lead'|'impasse', cause?: 'no-moves'|'repetition'|'no-progress', text: string, token: '1-0'|'0-1'|'1/2-1/2', halfWin: boolean}} Result
 */

/** @typedef {{number: number, first?: string, second?: string}} MoveRow */

/**
 * @template T
 * @typedef {{blue: T, gray: T}} PerSide
 */

/**
 * The rules core's view of a game (`Game.state()`).
 * @typedef {{
 *   variant: string,
 *   variantDescription: string,
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
 * }} GameState
 */

/** @typedef {{games: number, firstWins: number, draws: number, secondWins: number}} BalanceInfo */
/** @typedef {{name: string, description: string, rules: Record<string, string>, balance: BalanceInfo|null}} VariantInfo */
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
 * A game of the rules core (the `Game` class of www/pkg): what the page calls on it.
 * @typedef {{
 *   state(): GameState,
 *   play(text: string): string,
 *   legalMove(text: string): string,
 *   playIndex(index: number): string,
 *   undo(): string|undefined,
 *   redo(): string|undefined,
 *   setTag(name: string, value: string): void,
 *   tag(name: string): string|undefined,
 *   record(): string,
 *   code(): string,
 *   free(): void,
 * }} CoreGame
 */

/**
 * The `Game` class: a variant's start, a position of a variant, or a record.
 * @typedef {{new (spec: string): CoreGame, fromCode(spec: string, code: string): CoreGame, fromRecord(text: string): CoreGame}} GameClass
 */

/**
 * The loaded rules core (engine/assets.js `loadWasm`): the game class, the catalogue, the puzzle
 * judge a board's puzzle mode uses, and the compiled module for workers.
 * @typedef {{Game: GameClass, variants(): Catalogue, puzzleJudge: (variant: string, code: string, goal: string, moves: string[]) => unknown, module: WebAssembly.Module}} Core
 */
