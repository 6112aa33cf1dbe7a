// Generated from the Rust types that make these shapes (crates/bluegray-wasm/src/ts.rs lists
// them; crates/bluegray-lessons and bluegray-puzzles for the teaching): do not edit. Write it
// again with `BLESS=1 cargo test -p bluegray-wasm declarations`; that test fails while this file
// is not what the types make. A field absent from an object is `?`, a `null` one `| null`.

/** A side of the game. */
export type Side = "blue" | "gray";

/**
 * Everything the page draws and decides from, in one plain object.
 */
export type GameState = {
/**
 * The variant spec, e.g. `classic-turbo,first=gray`.
 */
variant: string,
/**
 * The variant's rules: every option's value as a spec writes it.
 */
rules: RuleValues,
/**
 * The current position code.
 */
code: string,
/**
 * The code of the position the game started from (with `variant` and `history`, it names
 * the game's line: the page keys analyses by it).
 */
start: string,
/**
 * The side to move: `"blue"` or `"gray"`.
 */
side: Side,
/**
 * The side that moves first in this variant.
 */
first: Side,
/**
 * The move number.
 */
moveNumber: number,
/**
 * Plies played so far.
 */
ply: number,
/**
 * Every piece.
 */
board: Array<Piece>,
/**
 * Each captain's progress, 0..=`steps`.
 */
progress: PerSide<number>,
/**
 * Steps from start to the red dot (17).
 */
steps: number,
/**
 * The path each side's captain follows, start first, the red dot last.
 */
paths: PerSide<Array<string>>,
/**
 * The six marked diagonal segments, each as its two end points.
 */
diagonals: Array<[string, string]>,
/**
 * The legal moves; empty once the game is over.
 */
moves: Array<Move>,
/**
 * Whether a capture is compulsory now (every legal move is a capture).
 */
captureRequired: boolean,
/**
 * The last move played, if any.
 */
lastMove?: Move,
/**
 * The moves played, in order.
 */
history: Array<string>,
/**
 * The moves played as a numbered score sheet, one row per move number.
 */
moveRows: Array<MoveRow>,
/**
 * How the game ended, or `None` while it goes on.
 */
result?: Result,
/**
 * Whether there is a move to take back.
 */
canUndo: boolean,
/**
 * Whether there is a taken-back move to replay.
 */
canRedo: boolean,
/**
 * The game record text.
 */
record: string,
/**
 * The comments of the game's own moves that people read, in order (none: left out): see
 * [`CommentView`].
 */
comments?: Array<CommentView>,
/**
 * The game's tree of moves when it has variations, else `None`: see [`crate::tree`].
 */
tree?: TreeNode, };

/**
 * One piece on the board.
 */
export type Piece = {
/**
 * Point name, e.g. `e1`.
 */
point: string,
/**
 * `"blue"` or `"gray"`.
 */
color: Side,
/**
 * `"captain"`, `"sergeant"` or `"private"`.
 */
kind: "captain" | "sergeant" | "private", };

/**
 * One legal move (or a played move).
 */
export type Move = {
/**
 * Its notation, e.g. `c3xc5xe5`.
 */
text: string,
/**
 * Every point it visits: the start, then each landing point.
 */
points: Array<string>,
/**
 * The enemy guards it captures, in jump order.
 */
captured: Array<string>,
/**
 * `"step"`, `"captain"` or `"capture"`.
 */
kind: "step" | "captain" | "capture", };

/**
 * Blue's and Gray's values of something.
 */
export type PerSide<T> = {
/**
 * Blue's.
 */
blue: T,
/**
 * Gray's.
 */
gray: T, };

/**
 * How a finished game ended.
 */
export type Result = {
/**
 * `"blue"`, `"gray"`, or `None` for a draw.
 */
winner?: Side,
/**
 * `"breakthrough"`, `"lead"` or `"impasse"` by the rules; `"resignation"`, `"agreement"`,
 * `"aborted"` or `"abandoned"` by the players.
 */
reason: "breakthrough" | "lead" | "impasse" | "resignation" | "agreement" | "aborted" | "time" | "abandoned",
/**
 * For an impasse: `"no-moves"`, `"repetition"` or `"no-progress"`.
 */
cause?: "no-moves" | "repetition" | "no-progress",
/**
 * A sentence, e.g. "Blue wins by breakthrough: the captain reached the red dot".
 */
text: string,
/**
 * `1-0`, `0-1`, `1/2-1/2`, or `*` for an aborted game.
 */
token: "1-0" | "0-1" | "1/2-1/2" | "*",
/**
 * A win on impasse, which Sackson counts as half a game.
 */
halfWin: boolean,
/**
 * Ended by the players (`Game.end`) rather than by the rules.
 */
byPlayers: boolean, };

/**
 * One numbered row of the score sheet: the first player's move and the reply. A game
 * started from a position code with the second player to move has a first row without a
 * first move, as a record writes `12... e8-e7`.
 */
export type MoveRow = {
/**
 * The move number.
 */
number: number,
/**
 * The move of the variant's first player, if played in this row.
 */
first?: string,
/**
 * The move of the second player, if played yet.
 */
second?: string, };

/**
 * Every option's value of a game's rules as a spec writes it, by option name, in the order of
 * the options: a JS object across the boundary. (Not a map: the order is already the options',
 * and a sorted map would cost the module its sorting and tree code for nothing the page reads.)
 */
export type RuleValues = { [key in string]: string };

/**
 * A comment of the game's own moves (a variation's are in its tree), for the move list.
 */
export type CommentView = {
/**
 * The moves played before it: 0 before the first move, `n` after the `n`-th.
 */
ply: number,
/**
 * Its words, without the commands `[%…]` in it (the clocks' `[%clk …]`, which the clocks
 * read).
 */
text: string, };

/**
 * A move of the tree with what may follow it (the first child: the line goes on).
 */
export type TreeNode = {
/**
 * The move; empty at the root (the start).
 */
move: string,
/**
 * Comments after the move.
 */
comments?: Array<string>,
/**
 * The moves that may follow, the line's own first.
 */
children: Array<TreeNode>, };

/**
 * What `variants()` returns: every named variant, every rule option, every AI level with the
 * level range, and the analysis node budgets, so that the page copies none of these numbers.
 */
export type Catalogue = {
/**
 * The 17 named variants, `sackson` first.
 */
variants: Array<VariantInfo>,
/**
 * The AI levels, weakest first.
 */
levels: Array<LevelInfo>,
/**
 * Every rule option, in the order specs print them.
 */
options: Array<OptionView>,
/**
 * The default variant.
 */
defaultVariant: string,
/**
 * The weakest level.
 */
minLevel: number,
/**
 * The strongest level.
 */
maxLevel: number,
/**
 * The node budget of `analyse` when it is given none.
 */
analysisNodes: number,
/**
 * The largest node budget `analyse` takes.
 */
maxAnalysisNodes: number,
/**
 * The longest comment `Game.setComment` takes, in characters.
 */
maxComment: number, };

/**
 * A named variant for the page's menu.
 */
export type VariantInfo = {
/**
 * Its spec name, e.g. `classic-turbo`.
 */
name: string,
/**
 * Its rules: every option's value as a spec writes it.
 */
rules: RuleValues,
/**
 * How it fared between equal strong players, when measured (docs/BALANCE.md).
 */
balance: BalanceInfo | null, };

/**
 * How a named variant fared in games of the strongest level against itself.
 */
export type BalanceInfo = {
/**
 * Games measured.
 */
games: number,
/**
 * Games the side that moves first won, in whole percent.
 */
firstWins: number,
/**
 * Games drawn, in whole percent.
 */
draws: number,
/**
 * Games the side that moves second won, in whole percent.
 */
secondWins: number, };

/**
 * A rule option for the page's menu of ingredients.
 */
export type OptionView = {
/**
 * Its name in specs, e.g. `captain`.
 */
name: string,
/**
 * The values to offer, as specs write them.
 */
values: Array<string>,
/**
 * Whether its value is a number.
 */
numeric: boolean, };

/**
 * An AI level for the page's menu.
 */
export type LevelInfo = {
/**
 * 1..=MAX.
 */
number: number,
/**
 * A short name.
 */
name: string, };

/**
 * The answer of an AI search.
 */
export type SearchResult = {
/**
 * The move to play, or `None` when there is no legal move.
 */
best?: string,
/**
 * Score for the side to move, in centi-steps of captain progress.
 */
score: number,
/**
 * Plies to a forced win (positive) or loss (negative), if the score shows one.
 */
mateIn?: number,
/**
 * The score for people: "+1.25" or "wins in 5 plies" / "loses in 4 plies".
 */
scoreText: string,
/**
 * The side to move's chance of winning, in thousandths (the engine's `win_chance`).
 */
winChance: number,
/**
 * Deepest completed iteration.
 */
depth: number,
/**
 * Nodes searched.
 */
nodes: number,
/**
 * The principal variation, starting with `best` (empty only when there is no move).
 */
pv: Array<string>,
/**
 * The side the search played for.
 */
side: Side, };

/**
 * What the page shows of a lesson.
 */
export type LessonInfo = {
/**
 * Identifier and message prefix.
 */
id: string,
/**
 * Variant spec.
 */
variant: string,
/**
 * Position code of the start.
 */
code: string,
/**
 * `blue` or `gray`.
 */
learner: Side,
/**
 * The learner's moves allowed.
 */
budget: number,
/**
 * `rules` or `strategy`.
 */
kind: LessonKind,
/**
 * The rules option the lesson teaches (`captain`, `guards`, `start`, `lead`,
 * `impasse_plies`, `jumps`), or `null`.
 */
teaches: string | null, };

/**
 * What a lesson teaches: a rule of the game, or how to play well.
 */
export type LessonKind = "rules" | "strategy";

/**
 * The judgement of the learner's last move.
 */
export type LessonVerdict = {
/**
 * Done, go on, or wrong.
 */
status: LessonStatus,
/**
 * The opponent's reply to play now, if any: always when going on; after a wrong move,
 * when the reply shows the mistake (a capture or a captain move).
 */
reply: string | null,
/**
 * What to tell the learner: the lesson's success message, or why the move was wrong.
 */
feedback: Feedback | null,
/**
 * The learner's moves left within the budget.
 */
movesLeft: number, };

/**
 * How the learner's last move went.
 */
export type LessonStatus = "done" | "continue" | "wrong";

/**
 * A message of the page: a key of its message tables and the parameters to put in.
 */
export type Feedback = {
/**
 * The message key, e.g. `lessons.why.hanging` or `lesson.walk.done`.
 */
key: string,
/**
 * The message's parameters, e.g. `{guard: "d6", from: "d7"}`.
 */
params: { [key in string]: string }, };

/**
 * What the page lists of a puzzle.
 */
export type PuzzleInfo = {
/**
 * Identifier.
 */
id: string,
/**
 * Variant spec.
 */
variant: string,
/**
 * Position code of the start.
 */
code: string,
/**
 * The solver: `blue` or `gray`.
 */
side: Side,
/**
 * The goal.
 */
goal: Goal,
/**
 * The solver's moves in the solution.
 */
length: number,
/**
 * The idea of the solution.
 */
theme: PuzzleTheme, };

/**
 * What the solver must do.
 */
export type Goal = "win2" | "win3" | "stop";

/**
 * The idea of a puzzle's solution, one per puzzle, the most telling first: a capture chain or a
 * sacrifice says more than the way the game ends, which any win has.
 */
export type PuzzleTheme = "capture-chain" | "sacrifice" | "breakthrough" | "lead" | "block" | "race" | "stop";

/**
 * The judgement of the solver's last move.
 */
export type PuzzleVerdict = {
/**
 * Solved, go on, or wrong.
 */
status: PuzzleStatus,
/**
 * After a correct move that does not yet finish: the defender's reply, the one that
 * resists longest.
 */
reply: string | null,
/**
 * After a wrong move: the defence that beats it, after which the solver cannot win
 * within [`EXTRA`] more moves than it had left (for `stop`, the opponent's winning move);
 * empty otherwise (a slower win included), or when the game has ended.
 */
refutation: Array<string>,
/**
 * When solved: how, from the rules core's outcome (a breakthrough, a lead) or, for
 * `stop`, that the defender's win is stopped; `None` otherwise.
 */
ending: PuzzleEnding | null,
/**
 * The decisive reason, at the end of `line`: after a wrong move, who wins and how (or
 * that the defender holds); after a slower one, the solver's win it still has; when
 * solved, the win. `None` while the puzzle goes on, or when the look-ahead ran past the
 * prover's limit.
 */
why: PuzzleWhy | null,
/**
 * The moves after the judged one that lead to `why`, to show on the board: the
 * refutation and, when the defender then wins by force, its win; for a slower move, the
 * solver's win. Empty otherwise.
 */
line: Array<string>, };

/**
 * How the solver's last move went.
 */
export type PuzzleStatus = "solved" | "continue" | "wrong" | "slower";

/**
 * How the solver's last move reached the goal.
 */
export type PuzzleEnding = { "reason": "breakthrough" } | { "reason": "lead",
/**
 * Where the solver's captain stands.
 */
point: string,
/**
 * The solver's captain's progress.
 */
ours: number,
/**
 * The defender's captain's progress.
 */
theirs: number,
/**
 * The lead the rules ask for (the `lead` option).
 */
needed: number, } | { "reason": "stopped" };

/**
 * The decisive end of a verdict's line: who wins, how, and the captains' progress there.
 */
export type PuzzleWhy = {
/**
 * Who wins at the line's end; `None` for a drawn impasse and for [`How::Held`].
 */
winner: Side | null,
/**
 * How.
 */
how: PuzzleHow,
/**
 * Blue's captain progress at the line's end.
 */
blue: number,
/**
 * Gray's captain progress at the line's end.
 */
gray: number,
/**
 * The winner's lead in progress there (0 for a draw or [`How::Held`]).
 */
lead: number,
/**
 * For [`How::Held`], the solver's moves within which it can no longer win; 0 otherwise.
 */
within: number, };

/**
 * How a line shown to the player ends: the decisive reason a verdict gives in words.
 */
export type PuzzleHow = "breakthrough" | "lead" | "impasse" | "held";

/**
 * The answer of `checkPosition`.
 */
export type PositionCheck = {
/**
 * Whether a game can start from the position.
 */
ok: boolean,
/**
 * The code written canonically.
 */
code: string,
/**
 * Every reason it cannot, in the rules core's order; empty when `ok`.
 */
problems: Array<PositionProblem>, };

/**
 * One problem: a stable code, its parameters for a sentence in any language, and the English.
 */
export type PositionProblem = {
/**
 * The problem's code, e.g. `extra-captains`.
 */
code: string,
/**
 * What the sentence names.
 */
params: ProblemParams,
/**
 * The sentence in English.
 */
text: string, };

/**
 * The parameters a problem's sentence names; each problem has only some of them.
 */
export type ProblemParams = {
/**
 * The side, `blue` or `gray`.
 */
color?: Side,
/**
 * The point, e.g. `e1`.
 */
point?: string,
/**
 * How many captains or guards.
 */
count?: number,
/**
 * The leading captain's progress.
 */
ahead?: number,
/**
 * The other captain's progress.
 */
behind?: number,
/**
 * The lead that wins, or the plies that end the game: the rules' limit.
 */
limit?: number,
/**
 * The no-progress counter.
 */
plies?: number, };

/**
 * A move of the explorer, as the page gets it.
 */
export type ExplorerMove = {
/**
 * The move, as the rules core writes it.
 */
move: string,
/**
 * Games that played it there.
 */
games: number,
/**
 * Of them, won by the side that played it.
 */
wins: number,
/**
 * Of them, drawn.
 */
draws: number,
/**
 * Of them, lost by the side that played it.
 */
losses: number, };

/**
 * An error for the page: its fields are the JS `Error`'s properties (`js.rs`), `said` as `i18n`,
 * `reason` and `points` only for a refused move.
 */
export type CoreErrorFields = {
/**
 * What kind of error.
 */
code: ErrorCode,
/**
 * What is wrong, in English.
 */
message: string,
/**
 * For a refused move: the rule, e.g. `captain-blocked`.
 */
reason?: string,
/**
 * For a refused move: the points involved, e.g. `["e2"]`.
 */
points?: Array<string>,
/**
 * For an error of the rules core's: it as a message of the page's tables.
 */
i18n?: Said, };

/**
 * What kind of error; its [`ErrorCode::as_str`] is the JS `code` property.
 */
export type ErrorCode = "bad-argument" | "bad-variant" | "bad-position" | "bad-record" | "bad-move-text" | "illegal-move" | "game-over" | "too-late" | "bad-tag" | "bad-puzzle" | "bad-data" | "busy" | "js-exception" | "freed" | "internal";

/**
 * A message of the page's tables: its key and its parameters.
 */
export type Said = {
/**
 * The message's key, e.g. `core.position.fieldCount`.
 */
key: string,
/**
 * Its parameters by name, each once.
 */
params: { [key in string]: SaidParam }, };

/**
 * A parameter of a [`Said`]: a text, a number, or a message.
 */
export type SaidParam = string | number | Said;

/** An error the rules core throws: a JS `Error` with the fields above. */
export type CoreError = Error & CoreErrorFields;
