// The documents: every relative link of README.md, docs/*.md and the engine's PROTOCOL.md leads to
// a file of the repository (not a built one), and a link with #anchor to a heading of that file,
// named by GitHub's rules; the README stays a front page (at most 200 lines) that links every
// document of docs/; and docs/EMBEDDING.md, the npm package's README, links into the repository
// only inside its repository blocks (scripts/build-package.mjs leaves those out, and fails on
// any other relative link).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/modules.mjs';

const DOCS = path.join(ROOT, 'docs');
/** The documents checked, relative to the repository's root. */
const FILES = ['README.md', 'crates/bluegray-engine/PROTOCOL.md', ...fs.readdirSync(DOCS).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
/** Folders that a build writes or a tool fills: not there in a fresh clone, nor on GitHub. */
const BUILT = ['dist/', 'target/', 'node_modules/', 'www/pkg/', 'www/vendor/'];

/**
 * A Markdown text without its fenced code blocks (each line kept, emptied, so line numbers stay).
 * @param {string} text
 * @returns {string[]}
 */
function proseLines(text) {
  let fence = '';
  return text.split('\n').map((line) => {
    const m = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (m && m[1][0] === fence[0] && m[1].length >= fence.length) fence = '';
      return '';
    }
    if (m) {
      fence = m[1];
      return '';
    }
    return line;
  });
}

/**
 * The links of a Markdown text, inline code left out: `[text](target)`, with their line numbers.
 * @param {string} text
 * @returns {{target: string, line: number}[]}
 */
function links(text) {
  return proseLines(text).flatMap((line, i) =>
    [...line.replace(/`[^`]*`/g, '').matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => ({ target: m[1], line: i + 1 })),
  );
}

/**
 * The anchors GitHub gives the headings of a Markdown text: the heading's text as rendered
 * (links by their text, no code or emphasis marks, no HTML tags), lower case, with every
 * character but letters, digits, spaces, `-` and `_` removed and each space made `-`; a repeated
 * anchor gets `-1`, `-2`, … .
 * @param {string} text
 * @returns {Set<string>}
 */
function anchors(text) {
  /** @type {Map<string, number>} */
  const seen = new Map();
  const out = new Set();
  for (const line of proseLines(text)) {
    const m = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (!m) continue;
    const rendered = m[1]
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/[`*]/g, '');
    const slug = rendered.toLowerCase().replace(/[^\p{L}\p{N}\p{M} _-]/gu, '').replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n ? `${slug}-${n}` : slug);
  }
  return out;
}

test('GitHub anchors: punctuation and code marks dropped, spaces made hyphens, repeats numbered', () => {
  const md = "# The `bluegray` command\n## The site's Content-Security-Policy\n### Options\n### Options\n```\n# not a heading\n```\n## 6. Notation\n## [Link](x.md) & more";
  assert.deepEqual([...anchors(md)], ['the-bluegray-command', 'the-sites-content-security-policy', 'options', 'options-1', '6-notation', 'link--more']);
});

for (const file of FILES) {
  test(`${file}: every relative link leads to a file of the repository, and its #anchor to a heading`, () => {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    const problems = [];
    for (const { target, line } of links(text)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, …
      const [rawPath, anchor] = target.split('#', 2);
      const resolved = rawPath ? path.resolve(path.dirname(path.join(ROOT, file)), decodeURIComponent(rawPath)) : path.join(ROOT, file);
      const rel = path.relative(ROOT, resolved).split(path.sep).join('/');
      const where = `${file}:${line}: ${target}`;
      if (rel.startsWith('..')) problems.push(`${where} leads out of the repository`);
      else if (BUILT.some((b) => `${rel}/`.startsWith(b))) problems.push(`${where} leads into ${rel}, which a build makes`);
      else if (!fs.existsSync(resolved)) problems.push(`${where}: there is no ${rel}`);
      else if (anchor !== undefined) {
        if (!resolved.endsWith('.md')) problems.push(`${where}: an anchor into a file that is not Markdown`);
        else if (!anchors(fs.readFileSync(resolved, 'utf8')).has(anchor)) problems.push(`${where}: ${rel} has no heading #${anchor}`);
      }
    }
    assert.deepEqual(problems, []);
  });
}

test('README.md is a front page: at most 200 lines, linking every document of docs/', () => {
  const text = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  assert.ok(lines <= 200, `README.md has ${lines} lines`);
  const linked = new Set(links(text).map((l) => l.target.split('#')[0]));
  const missing = FILES.filter((f) => f.startsWith('docs/') && !linked.has(f));
  assert.deepEqual(missing, [], 'documents of docs/ that the README does not link');
});

test("docs/EMBEDDING.md links into the repository only inside its repository blocks (the npm package's README leaves them out)", () => {
  const text = fs.readFileSync(path.join(DOCS, 'EMBEDDING.md'), 'utf8');
  const opens = text.match(/^<!-- repository -->$/gm) ?? [];
  const closes = text.match(/^<!-- \/repository -->$/gm) ?? [];
  assert.equal(opens.length, closes.length, 'every <!-- repository --> has its <!-- /repository -->');
  const packaged = text.replace(/^<!-- repository -->\n[\s\S]*?^<!-- \/repository -->\n/gm, '');
  assert.ok(packaged.includes('<!-- API -->'), 'the API mark is outside the repository blocks');
  const relative = links(packaged)
    .map((l) => l.target)
    .filter((t) => !/^(?:[a-z][a-z0-9+.-]*:|#)/i.test(t));
  assert.deepEqual(relative, []);
});
