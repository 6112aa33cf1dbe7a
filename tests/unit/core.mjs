// The rules core as the page runs it, for tests that read their facts from it: the wasm package in
// www/pkg (built by scripts/build-web.sh), loaded once.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PKG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../www/pkg');

let loaded = null;

/** The wasm package's two modules (play and teaching), initialised, their exports as one. */
export function loadCore() {
  loaded ??= (async () => {
    const js = path.join(PKG, 'bluegray_wasm.js');
    const teachJs = path.join(PKG, 'bluegray_teach.js');
    assert.ok(fs.existsSync(js) && fs.existsSync(teachJs), 'www/pkg is not built: run bash scripts/build-web.sh');
    const play = await import(js);
    await play.default({ module_or_path: fs.readFileSync(path.join(PKG, 'bluegray_wasm_bg.wasm')) });
    const teach = await import(teachJs);
    await teach.default({ module_or_path: fs.readFileSync(path.join(PKG, 'bluegray_teach_bg.wasm')) });
    return { ...play, ...teach };
  })();
  return loaded;
}
