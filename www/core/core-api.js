// The calls the page makes on the rules core's modules (crates/bluegray-wasm's `#[wasm_bindgen]`
// exports), for the type check: wasm-bindgen's own declarations (pkg/*.d.ts) give their answers
// as `any`. The shapes they answer are generated from the Rust types that make them
// (core-types.d.ts, docs/WASM-API.md); these calls follow crates/bluegray-wasm/src (game_class.rs,
// the `#[wasm_bindgen]` functions). No code runs here.
export {};

/**
 * @import { Catalogue, ExplorerMove, GameState, LessonInfo, LessonVerdict, PositionCheck, PuzzleInfo, PuzzleVerdict, Result, Side } from './core-types.js'
 */

/**
 * The rules core's teaching calls (core/assets.js `loadTeaching`): the lessons', the puzzles',
 * the board editor's check of a set-up position and the opening explorer's count.
 * @typedef {{
 *   lessons(): LessonInfo[],
 *   lessonJudge(id: string, moves: readonly string[]): LessonVerdict,
 *   lessonHint(id: string, moves: readonly string[]): string|undefined,
 *   puzzles(set: string): PuzzleInfo[],
 *   puzzleJudge(variant: string, code: string, goal: string, moves: readonly string[]): PuzzleVerdict,
 *   puzzleSolution(variant: string, code: string, goal: string, moves: readonly string[]): string[],
 *   checkPosition(spec: string, code: string): PositionCheck,
 *   explorer(games: string, start: string, moves: readonly string[]): ExplorerMove[]|null,
 * }} Teaching
 */

/**
 * A game of the rules core (the `Game` class of www/pkg): what the page calls on it. It keeps a
 * game's variations, `state().tree`, changed with `setTree` (docs/RULES.md R29).
 * @typedef {{
 *   state(): GameState,
 *   play(text: string): string,
 *   legalMove(text: string): string,
 *   playIndex(index: number): string,
 *   undo(): string|undefined,
 *   redo(): string|undefined,
 *   end(how: 'resign'|'draw'|'abort'|'time'|'claim'|'claim-draw', side?: Side): Result,
 *   setTag(name: string, value: string): void,
 *   setClock(ms: number): void,
 *   clocks(): (number|null)[],
 *   tag(name: string): string|undefined,
 *   record(): string,
 *   code(): string,
 *   setTree(lines: string): void,
 *   setComment(path: string, text: string): void,
 *   free(): void,
 * }} CoreGame
 */

/**
 * The `Game` class: a variant's start, a position of a variant, or a record.
 * @typedef {{new (spec: string): CoreGame, fromCode(spec: string, code: string): CoreGame, fromRecord(text: string): CoreGame}} GameClass
 */

/**
 * The loaded play module (core/assets.js `loadWasm`): the game class, the catalogue, and the
 * compiled module for workers.
 * @typedef {{Game: GameClass, variants(): Catalogue, module: WebAssembly.Module}} Core
 */
