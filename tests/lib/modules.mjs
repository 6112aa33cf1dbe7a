// The front end's own modules: every .js file under www/ but the generated rules core (pkg/),
// the vendored npm packages (vendor/) and, unless asked for, the message tables (each feature's i18n/).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WWW = path.join(ROOT, 'www');

const NOT_OURS = new Set(['pkg', 'vendor', 'icons']);

/** The paths of the modules, relative to www/ with `/` separators, sorted. */
export function frontEndModules({ messages = false } = {}) {
  const walk = (dir) =>
    fs.readdirSync(path.join(WWW, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) return NOT_OURS.has(rel) || (!messages && e.name === 'i18n') ? [] : walk(rel);
      return e.name.endsWith('.js') ? [rel] : [];
    });
  return walk('').sort();
}
