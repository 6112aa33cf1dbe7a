// The rules core as the page runs it, for tests that read their facts from it: the wasm package in
// www/pkg (built by scripts/build-web.sh), loaded once.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PKG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../www/pkg');

let loaded = null;

/**
 * The wasm package's modules (play, teaching, variations), initialised, their exports as one: the
 * `Game` is the variations module's, which reads records as well as playing (the play module's
 * does not read them, docs/RULES.md R35); `think` and `analyse` are the play module's.
 */
export function loadCore() {
  loaded ??= (async () => {
    const modules = [['bluegray_wasm.js', 'bluegray_wasm_bg.wasm'], ['bluegray_teach.js', 'bluegray_teach_bg.wasm'], ['bluegray_variations.js', 'bluegray_variations_bg.wasm']];
    assert.ok(modules.every(([js, wasm]) => fs.existsSync(path.join(PKG, js)) && fs.existsSync(path.join(PKG, wasm))), 'www/pkg is not built: run bash scripts/build-web.sh');
    const exports = [];
    for (const [js, wasm] of modules) {
      const glue = await import(path.join(PKG, js));
      await glue.default({ module_or_path: fs.readFileSync(path.join(PKG, wasm)) });
      exports.push(glue);
    }
    return Object.assign({}, ...exports);
  })();
  return loaded;
}
