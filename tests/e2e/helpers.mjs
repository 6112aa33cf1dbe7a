// Shared set-up for the end-to-end tests, in one import: the server and the browser
// (lib/browser.mjs), playing a board like a player (lib/board.mjs) and reading the page
// (lib/page.mjs). scripts/check-puzzles.mjs uses it too.
export * from './lib/browser.mjs';
export * from './lib/board.mjs';
export * from './lib/page.mjs';
