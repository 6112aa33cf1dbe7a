// The rules core as the page runs it, for tests that read their facts from it: the wasm package in
// www/pkg (built by scripts/build-web.sh), loaded once.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PKG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../www/pkg');

let loaded = null;

/**
 * The wasm package's modules (play, teaching), initialised, their exports as one.
 */
export function loadCore() {
  loaded ??= (async () => {
    const modules = [['bluegray_wasm.js', 'bluegray_wasm_bg.wasm'], ['bluegray_teach.js', 'bluegray_teach_bg.wasm']];
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
