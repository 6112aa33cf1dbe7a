#!/usr/bin/env node
// Writes dist/npm/: the <blue-gray-game> element as the npm package `blue-gray-game`, which
// `npm pack dist/npm` turns into blue-gray-game-VERSION.tgz. build-dist.mjs runs it last (it
// empties dist/ first); it can also run alone once www/pkg is built.
//
//   blue-gray-game.js        the element's module (importing it defines the element): it imports
//                            blue-gray-game-HASH.js, all the element loads at once (the bundles
//                            are build.config.mjs's)
//   ru-HASH.js, hu-HASH.js   the message tables other than English, loaded when asked for, and
//   live-link-HASH.js, …     the parts of the board fetched when first used (element/lazy-parts.js)
//   ai-worker.js             the computer player's worker
//   pkg/*.wasm               the rules core: the play module with WebAssembly SIMD and without
//                            (www/core/wasm-simd.js picks), and the modules fetched when first
//                            used (build.config.mjs WASM_MODULES)
//   blue-gray-game.css       the board's stylesheet (inside its shadow root)
//   custom-elements.json     the manifest, from the JSDoc of www/blue-gray-game.js
//   blue-gray-game.d.ts      the types, from the manifest; react.d.ts: JSX typing for React 19
//   types/                   the API's data shapes (www/api-types.js) as declarations
//   README.md                docs/EMBEDDING.md without its repository blocks, with the API tables
//                            from the manifest, and {{version}} and {{license}} filled in
//   package.json             name, version and license from the workspace's Cargo.toml
//
// The element finds the wasm, the worker and the stylesheet with `new URL('…', import.meta.url)`
// (www/core/assets.js), so the layout above must stay as it is. The JSDoc of www/blue-gray-game.js
// is the one home of the API's description: the manifest, the types and the README's tables are
// all made from it here, and the build fails when it and the code disagree (an attribute of
// config.js, an event the element emits, a part of the shadow tree or a custom property of
// the stylesheet that the JSDoc leaves out, or the other way round).
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import * as analyzer from '@custom-elements-manifest/analyzer';
import { build } from 'rolldown';
import { ROOT, WWW, NPM as OUT, SERVED_WASM, codeOf, elementBuild, packageWorkerBuild, stylesheet } from './build.config.mjs';

/**
 * @import { SpawnSyncReturns } from 'node:child_process'
 * @import { InitializeParams, Plugin } from '@custom-elements-manifest/analyzer'
 * @import { Package, Declaration, ClassDeclaration, CustomElement, ClassField, ClassMethod, Attribute, Event, Type }
 *   from 'custom-elements-manifest/schema'
 */

/**
 * A member of the element's class as the analyzer writes it. The analyzer's types are schema
 * 1.0.0's, which has no `attribute`, `reflects` or `readonly`; the analyzer writes them, and the
 * plugin below sets the first two.
 * @typedef {(ClassField | ClassMethod) & { attribute?: string, reflects?: boolean, readonly?: boolean }} Member
 */
/**
 * The element's class in the manifest: a class with a tag name, and the lists of a custom element
 * (schema 1.0.0's CustomElementDeclaration has neither). The analyzer drops a list that is empty,
 * and always writes a class's description ('' when it has none).
 * @typedef {Omit<ClassDeclaration, 'members'> & Omit<CustomElement, 'members' | 'customElement'>
 *   & { description: string, members?: Member[] }} ElementDeclaration
 */
/**
 * What config.js's ATTRIBUTES says of an attribute that the manifest needs.
 * @typedef {{ prop?: string, flag?: boolean }} AttributeSpec
 */

/** @typedef {ReturnType<InitializeParams['ts']['createSourceFile']>} SourceFile */
/**
 * The analyzer's two exports, which its index.d.ts leaves out: `create` (the manifest of some
 * source files, with plugins) and `ts`, the TypeScript it was built with (a source file of another
 * TypeScript would not do).
 * @typedef {object} Analyzer
 * @property {(options: { modules: SourceFile[], plugins?: Plugin[] }) => Package} create
 * @property {InitializeParams['ts']} ts
 */
const { create, ts } = /** @type {Analyzer} */ (analyzer);

const NAME = 'blue-gray-game';
const TAG = 'blue-gray-game';
/** The element's module in the package (and the manifest's module path). */
const MODULE = `${NAME}.js`;
const TYPES = `${NAME}.d.ts`;
/** The API's data shapes (www/api-types.js and the rules core's, which it names), as declarations. */
const API_TYPES = 'types/api-types.js';
/** The rules core's data shapes, under www/ and under types/. */
const CORE_TYPES = 'core/core-types.d.ts';
const REACT_TYPES = 'react.d.ts';
const MANIFEST = 'custom-elements.json';
/** The package's README is made from the embedders' page of the repository's docs. */
const README_TEMPLATE = 'docs/EMBEDDING.md';
/** Where the API tables go in the README template. */
const API_MARK = '<!-- API -->';
/** A block of the template for the repository only, left out of the package's README. */
const REPOSITORY_BLOCK = /^<!-- repository -->\n[\s\S]*?^<!-- \/repository -->\n\n?/gm;

class PackageError extends Error {}

/** @type {(message: string) => never} */
const fail = (message) => {
  throw new PackageError(message);
};

/**
 * The `[workspace.package]` keys of Cargo.toml that are plain strings (version, license, …).
 * @returns {Record<string, string>}
 */
function workspacePackage() {
  const toml = fs.readFileSync(path.join(ROOT, 'Cargo.toml'), 'utf8');
  const section = toml.split(/^\[/m).find((s) => s.startsWith('workspace.package]'));
  if (!section) fail('Cargo.toml has no [workspace.package]');
  return Object.fromEntries([...section.matchAll(/^([a-z-]+)\s*=\s*"([^"]*)"\s*$/gm)].map((m) => [m[1], m[2]]));
}

/**
 * The element, its worker, the wasm builds and the stylesheet, as the package lays them out
 * (build.config.mjs elementBuild, packageWorkerBuild).
 */
async function bundle() {
  await build(elementBuild());
  fs.writeFileSync(path.join(OUT, 'ai-worker.js'), await codeOf(packageWorkerBuild()));
  fs.mkdirSync(path.join(OUT, 'pkg'));
  for (const f of SERVED_WASM) fs.copyFileSync(path.join(WWW, f), path.join(OUT, f));
  fs.writeFileSync(path.join(OUT, 'blue-gray-game.css'), stylesheet('blue-gray-game.css'));
}

/**
 * An analyzer plugin for what the JSDoc cannot say by itself: the properties that
 * `defineReflectedProperties` (config.js) defines for the attributes. Each attribute but
 * `record` gets a reflecting field (typed and described by its `@attr`, or by a `@prop` of the
 * same name where the property's type differs); `record`'s own getter is linked to its
 * attribute. Private members are not API and are dropped.
 * @param {Record<string, AttributeSpec>} attributes
 * @returns {Plugin}
 */
function reflectedProperties(attributes) {
  return {
    name: 'blue-gray-game-reflected-properties',
    packageLinkPhase({ customElementsManifest }) {
      const el = customElementsManifest.modules.flatMap((m) => m.declarations ?? []).find(isElement);
      if (!el) fail(`${MODULE} defines no <${TAG}>`);
      el.members = list(el.members).filter((m) => m.privacy !== 'private' && !m.name.startsWith('#'));
      for (const [name, spec] of Object.entries(attributes)) {
        const attr = list(el.attributes).find((a) => a.name === name);
        if (!attr) fail(`www/element/config.js has the attribute '${name}', but www/blue-gray-game.js has no @attr for it`);
        // `game-id` is the property `gameId` (config.js keyOf).
        const prop = spec.prop || name;
        let field = el.members.find((m) => m.name === prop);
        if (!field) {
          field = { kind: 'field', name: prop, type: attr.type, description: attr.description };
          el.members.push(field);
        }
        field.attribute = name;
        attr.fieldName = prop;
        if (name !== 'record') field.reflects = true;
        if (spec.flag) attr.type = { text: 'string' };
      }
      const extra = list(el.attributes).filter((a) => !Object.hasOwn(attributes, a.name)).map((a) => a.name);
      if (extra.length) fail(`www/blue-gray-game.js documents attributes that config.js does not have: ${extra.join(', ')}`);
    },
  };
}

/**
 * The declaration of the element's class: the analyzer gives a custom element's class its tag name.
 * @param {Declaration} d
 * @returns {d is ElementDeclaration}
 */
function isElement(d) {
  return 'tagName' in d && d.tagName === TAG;
}

/**
 * One of the element's lists: the analyzer drops a list that is empty.
 * @template T
 * @param {T[] | undefined} items
 * @returns {T[]}
 */
const list = (items) => items ?? [];

/**
 * The element's declaration in the manifest (the plugin has failed already when there is none).
 * @param {Package} m
 * @returns {ElementDeclaration}
 */
function elementOf(m) {
  return (m.modules[0].declarations ?? []).find(isElement) ?? fail(`${MODULE} defines no <${TAG}>`);
}

/**
 * The manifest of www/blue-gray-game.js, its module path being the package's.
 * @returns {Promise<Package>}
 */
async function manifest() {
  // A page module, loaded at run time: what of it the plugin reads.
  const { ATTRIBUTES } = /** @type {{ ATTRIBUTES: Record<string, AttributeSpec> }} */ (
    await import(pathToFileURL(path.join(WWW, 'element', 'config.js')).href)
  );
  const source = fs.readFileSync(path.join(WWW, 'blue-gray-game.js'), 'utf8');
  const modules = [ts.createSourceFile(MODULE, source, ts.ScriptTarget.ES2022, true)];
  const m = create({ modules, plugins: [reflectedProperties(ATTRIBUTES)] });
  checkAgainstCode(elementOf(m), source);
  return m;
}

/**
 * Fails when the manifest and the code disagree on events, CSS parts or custom properties.
 * @param {ElementDeclaration} el
 * @param {string} source the element's API module (blue-gray-game.js)
 */
function checkAgainstCode(el, source) {
  /** @type {(what: string, documented: string[], found: string[]) => void} */
  const same = (what, documented, found) => {
    const a = [...new Set(documented)].sort();
    const b = [...new Set(found)].sort();
    if (a.join() !== b.join()) fail(`the ${what} in the JSDoc (${a.join(', ')}) are not the ${what} of the code (${b.join(', ')})`);
  };
  // The element's code: its API module and its internals (element/), where events are emitted
  // and the shadow tree is written.
  const dir = path.join(WWW, 'element');
  const code = [source, ...fs.readdirSync(dir).filter((f) => f.endsWith('.js')).map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))].join('\n');
  same('events', list(el.events).map((e) => e.name), [...code.matchAll(/\b_?emit\('([a-z-]+)'/g)].map((x) => x[1]));
  same('CSS parts', list(el.cssParts).map((p) => p.name), [...code.matchAll(/\bpart="([a-z-]+)"/g)].map((x) => x[1]));
  const css = cssFallbacks(fs.readFileSync(path.join(WWW, 'blue-gray-game.css'), 'utf8'));
  same('CSS custom properties', (el.cssProperties || []).map((p) => p.name), [...css.keys()]);
  const spaced = (/** @type {string | undefined} */ v) => String(v).replace(/\s+/g, ' ').trim();
  for (const p of el.cssProperties || []) {
    if (spaced(p.default) !== spaced(css.get(p.name))) fail(`@cssprop ${p.name} says its default is '${p.default}', the stylesheet falls back to '${css.get(p.name)}'`);
  }
  for (const e of list(el.events)) if (!/^CustomEvent<.+>$/s.test(e.type?.text || '')) fail(`@fires ${e.name} needs a type {CustomEvent<detail>}`);
  for (const m of list(el.members)) {
    if (!m.description) fail(`the ${m.kind} '${m.name}' has no description in the JSDoc`);
    if (m.kind === 'field' && !m.type) fail(`the property '${m.name}' has no @type`);
    if (m.kind === 'method' && !m.return?.type) fail(`the method '${m.name}' has no @returns`);
  }
}

/**
 * Each `var(--name, fallback)` of a stylesheet: name → fallback (parentheses inside it balanced).
 * @param {string} css
 * @returns {Map<string, string>}
 */
function cssFallbacks(css) {
  /** @type {Map<string, string>} */
  const found = new Map();
  for (const m of css.matchAll(/var\((--[a-z-]+)\s*,/g)) {
    let depth = 1;
    let i = m.index + m[0].length;
    for (; i < css.length && depth > 0; i++) depth += css[i] === '(' ? 1 : css[i] === ')' ? -1 : 0;
    const fallback = css.slice(m.index + m[0].length, i - 1).trim();
    if (found.has(m[1]) && found.get(m[1]) !== fallback) fail(`blue-gray-game.css falls back from ${m[1]} to two values`);
    found.set(m[1], fallback);
  }
  return found;
}

/** @type {(s: string) => string} */
const pascal = (s) => s.replace(/(^|-)([a-z])/g, (_, __, /** @type {string} */ c) => c.toUpperCase());
/** The named type of an event's detail, e.g. BlueGrayGameMoveDetail. @type {(event: string) => string} */
const detailType = (event) => `BlueGrayGame${pascal(event)}Detail`;
/** A JSDoc comment of `text` at `indent`. @type {(text: string | undefined, indent?: string) => string} */
const doc = (text, indent = '') => (text ? `${indent}/**\n${text.split('\n').map((l) => `${indent} * ${l}`.trimEnd()).join('\n')}\n${indent} */\n` : '');
/** @type {(m: ClassMethod) => string} */
const params = (m) => (m.parameters || []).map((p) => `${p.name}${p.optional ? '?' : ''}: ${p.type?.text || 'unknown'}`).join(', ');

/**
 * The text of a type in the manifest: checkAgainstCode has failed the build on a property or a
 * method without one; an attribute has the type of its `@attr {…}`.
 * @param {Type | undefined} type
 * @param {string} what what has the type, for the failure
 * @returns {string}
 */
const typeText = (type, what) => type?.text ?? fail(`${what} has no type in the JSDoc`);
const fieldType = (/** @type {ClassField} */ f) => typeText(f.type, `the property '${f.name}'`);
const returnType = (/** @type {ClassMethod} */ m) => typeText(m.return?.type, `the method '${m.name}'`);
const attributeType = (/** @type {Attribute} */ a) => typeText(a.type, `@attr ${a.name}`);

/**
 * blue-gray-game.d.ts: the element class, its events, and the tag name map.
 * @param {ElementDeclaration} el
 * @returns {string}
 */
function declarations(el) {
  const fields = list(el.members).filter((m) => m.kind === 'field');
  const methods = list(el.members).filter((m) => m.kind === 'method');
  const detail = (/** @type {Event} */ e) => e.type.text.replace(/^CustomEvent<(.+)>$/s, '$1');
  const out = [
    `// The types of <${TAG}>, made by scripts/build-package.mjs from ${MANIFEST} (the JSDoc of the`,
    '// element\'s source): do not edit.',
    '',
    `import type { ${apiTypeNames().join(', ')} } from './${API_TYPES}';`,
    `export type { ${apiTypeNames().join(', ')} } from './${API_TYPES}';`,
    '',
  ];
  for (const e of list(el.events)) out.push(`${doc(`The \`${e.name}\` event's detail. ${e.description}`)}export type ${detailType(e.name)} = ${detail(e)};`, '');
  out.push(doc(`The events of <${TAG}>, by name: each bubbles out of the element and its shadow root (composed).`) + 'export interface BlueGrayGameEventMap {');
  for (const e of list(el.events)) out.push(`${doc(e.description, '  ')}  '${e.name}': CustomEvent<${detailType(e.name)}>;`);
  out.push('}', '');
  out.push(doc(`${el.description}\n\n@tag ${TAG}`) + `export declare class ${el.name} extends HTMLElement {`);
  out.push('  static readonly observedAttributes: string[];');
  for (const f of fields) {
    const type = fieldType(f);
    if (f.reflects) {
      // Setting null removes the attribute; reading gives the value in force.
      out.push(`${doc(f.description, '  ')}  get ${f.name}(): ${type};`, `  set ${f.name}(value: ${type} | null);`);
    } else {
      out.push(`${doc(f.description, '  ')}  ${f.readonly ? 'readonly ' : ''}${f.name}: ${type};`);
    }
  }
  for (const m of methods) out.push(`${doc(m.description, '  ')}  ${m.name}(${params(m)}): ${returnType(m)};`);
  /** @type {(verb: string, opts: string) => string[]} */
  const listener = (verb, opts) => [
    `  ${verb}<K extends keyof BlueGrayGameEventMap>(type: K, listener: (this: ${el.name}, ev: BlueGrayGameEventMap[K]) => any, options?: ${opts}): void;`,
    `  ${verb}<K extends keyof HTMLElementEventMap>(type: K, listener: (this: ${el.name}, ev: HTMLElementEventMap[K]) => any, options?: ${opts}): void;`,
    `  ${verb}(type: string, listener: EventListenerOrEventListenerObject, options?: ${opts}): void;`,
  ];
  out.push(...listener('addEventListener', 'boolean | AddEventListenerOptions'), ...listener('removeEventListener', 'boolean | EventListenerOptions'));
  out.push('}', '');
  out.push(doc('The attributes of <blue-gray-game> as markup gives them (strings), by name.') + 'export interface BlueGrayGameAttributes {');
  for (const a of list(el.attributes)) {
    const type = attributeType(a);
    out.push(`${doc(a.description, '  ')}  '${a.name}'?: ${type === 'number' ? 'number | string' : type};`);
  }
  out.push('}', '');
  out.push('declare global {', '  interface HTMLElementTagNameMap {', `    '${TAG}': ${el.name};`, '  }', '}', '');
  return out.join('\n');
}

/**
 * react.d.ts: <blue-gray-game> in React 19's JSX. React 19 sets a prop as the element's property
 * when the element has one (so `level={3}` is a number), and adds a function prop `on<event>`
 * as a listener for `<event>` (so `onmove`, in lower case like the event).
 * @param {ElementDeclaration} el
 * @returns {string}
 */
function reactDeclarations(el) {
  const fields = list(el.members).filter((m) => m.kind === 'field').filter((f) => f.attribute);
  const out = [
    `// <${TAG}> in React 19's JSX, made by scripts/build-package.mjs from ${MANIFEST}: do not edit.`,
    `// Opt in with \`import type {} from '${NAME}/react';\` (or "types": ["${NAME}/react"] in tsconfig.json).`,
    "import type { HTMLAttributes, RefAttributes } from 'react';",
    `import type { ${el.name}, BlueGrayGameEventMap } from './${MODULE}';`,
    '',
    `${doc(`The props of <${TAG}> in JSX: its properties, its events as \`on<event>\` listeners, and the attributes every element has.`)}export interface BlueGrayGameProps extends HTMLAttributes<${el.name}>, RefAttributes<${el.name}> {`,
  ];
  for (const f of fields) out.push(`${doc(f.description, '  ')}  ${f.name}?: ${fieldType(f)};`);
  // A name such as `onpuzzle-solved` is no identifier: it is quoted (JSX takes it as it is).
  const prop = (/** @type {string} */ name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);
  for (const e of list(el.events)) out.push(`${doc(e.description, '  ')}  ${prop(`on${e.name}`)}?: (event: BlueGrayGameEventMap['${e.name}']) => void;`);
  out.push('}', '', "declare module 'react' {", '  namespace JSX {', '    interface IntrinsicElements {', `      '${TAG}': BlueGrayGameProps;`, '    }', '  }', '}', '');
  return out.join('\n');
}

/** A Markdown table cell: one line, with `|` escaped (also inside code spans, as GFM wants). */
const cell = (/** @type {string | undefined} */ s) => String(s ?? '').replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
const code = (/** @type {string | undefined} */ s) => (s ? `\`${s}\`` : '');
/**
 * @param {string[]} head
 * @param {(string | undefined)[][]} rows
 * @returns {string}
 */
function table(head, rows) {
  return [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n');
}

/**
 * The README's API section: one table per kind, from the manifest.
 * @param {ElementDeclaration} el
 * @returns {string}
 */
function apiTables(el) {
  const fields = list(el.members).filter((m) => m.kind === 'field');
  const methods = list(el.members).filter((m) => m.kind === 'method');
  return [
    '### Attributes',
    '',
    table(['attribute', 'values', 'description'], list(el.attributes).map((a) => [code(a.name), code(attributeType(a)), a.description])),
    '',
    '### Properties',
    '',
    table(
      ['property', 'type', '', 'description'],
      fields.map((f) => [code(f.name), code(fieldType(f)), f.reflects ? `reflects \`${f.attribute}\`` : f.readonly ? 'read-only' : '', f.description]),
    ),
    '',
    '### Methods',
    '',
    table(['method', 'returns', 'description'], methods.map((m) => [code(`${m.name}(${params(m)})`), code(returnType(m)), m.description])),
    '',
    `### Events (bubbling, composed; \`event.detail\` as shown; types \`${detailType('…')}\`)`,
    '',
    table(['event', 'detail', 'description'], list(el.events).map((e) => [code(e.name), code(e.type.text.replace(/^CustomEvent<(.+)>$/s, '$1')), e.description])),
    '',
    '### CSS parts (`blue-gray-game::part(name)`)',
    '',
    table(['part', 'description'], list(el.cssParts).map((p) => [code(p.name), p.description])),
    '',
    '### CSS custom properties (set them on the element or any ancestor)',
    '',
    table(['property', 'default', 'description'], list(el.cssProperties).map((p) => [code(p.name), code(p.default), p.description])),
    '',
  ].join('\n');
}

/**
 * The package's README from its template, docs/EMBEDDING.md: the blocks between
 * `<!-- repository -->` and `<!-- /repository -->` left out, the API's tables at the API mark,
 * and `{{version}}` and `{{license}}` filled in. Fails when what is left links anywhere but to a
 * full URL or a heading of its own: on npm a path of the repository leads nowhere.
 * @param {string} template
 * @param {{ version: string, license: string }} pkg
 * @param {string} api the API's tables
 * @returns {string}
 */
function packageReadme(template, pkg, api) {
  const text = template.replace(REPOSITORY_BLOCK, '');
  if (/<!-- \/?repository -->/.test(text)) fail(`${README_TEMPLATE} has a repository block that is not closed, or not on lines of its own`);
  if (!text.includes(API_MARK)) fail(`${README_TEMPLATE} must contain ${API_MARK} outside its repository blocks`);
  const relative = [...text.matchAll(/\]\(([^)\s]+)[^)]*\)/g)].map((m) => m[1]).filter((href) => !/^(?:[a-z][a-z0-9+.-]*:|#)/i.test(href));
  if (relative.length) fail(`${README_TEMPLATE} links to ${relative.join(', ')} outside its repository blocks, which the package's README cannot follow`);
  return text.replaceAll('{{version}}', pkg.version).replaceAll('{{license}}', pkg.license).replace(API_MARK, () => api);
}

/**
 * The package.json of the package.
 * @typedef {object} PackageJson
 * @property {string} name
 * @property {string} version
 * @property {string} description
 * @property {string} license
 * @property {string} type
 * @property {string} main
 * @property {string} module
 * @property {string} types
 * @property {Record<string, string | Record<string, string>>} exports
 * @property {string} customElements
 * @property {string[]} sideEffects
 * @property {string[]} files
 * @property {string[]} keywords
 * @property {string} [repository]
 * @property {string} [homepage]
 * @property {string} [author]
 */

/**
 * @param {Record<string, string>} workspace Cargo.toml's [workspace.package]
 * @param {ElementDeclaration} el
 * @returns {PackageJson}
 */
function packageJson(workspace, el) {
  /** @type {PackageJson} */
  const pkg = {
    name: NAME,
    version: workspace.version,
    description: `<${TAG}>: ${el.description.split('\n').join(' ')}`,
    license: workspace.license,
    type: 'module',
    main: `./${MODULE}`,
    module: `./${MODULE}`,
    types: `./${TYPES}`,
    exports: {
      '.': { types: `./${TYPES}`, default: `./${MODULE}` },
      './react': { types: `./${REACT_TYPES}` },
      [`./${MANIFEST}`]: `./${MANIFEST}`,
      './package.json': './package.json',
    },
    customElements: MANIFEST,
    // Importing the element defines it: its module, and the chunk that module re-exports (where
    // the definition is: blue-gray-game-<hash>.js), must never be dropped as unused, as a
    // bundler drops what `import 'blue-gray-game'` uses nothing of.
    sideEffects: [`./${MODULE}`, `./${MODULE.replace(/\.js$/, '')}-*.js`],
    files: ['*.js', '*.d.ts', '*.css', 'pkg/', 'types/', MANIFEST],
    keywords: ['blue-and-gray', 'board-game', 'custom-element', 'web-component', 'webassembly'],
  };
  // The workspace's own fields, where it has them.
  for (const key of /** @type {const} */ (['repository', 'homepage', 'authors'])) {
    if (workspace[key]) pkg[key === 'authors' ? 'author' : key] = workspace[key];
  }
  return pkg;
}

/**
 * Fails when a file of the package refers to one outside it or to one it lacks: every relative
 * `import`, `import()` and `new URL('…', import.meta.url)` of its modules, and the paths of its
 * package.json.
 * @param {PackageJson} pkg
 */
function checkSelfContained(pkg) {
  const files = fs.readdirSync(OUT, { recursive: true, encoding: 'utf8' }).map((f) => f.split(path.sep).join('/'));
  /** @type {(from: string, rel: string) => void} */
  const has = (from, rel) => {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), rel));
    if (target.startsWith('..') || !files.includes(target)) fail(`${from} refers to '${rel}', which is not in the package`);
  };
  for (const f of files.filter((x) => x.endsWith('.js'))) {
    const js = fs.readFileSync(path.join(OUT, f), 'utf8');
    for (const m of js.matchAll(/new URL\(\s*["'`]([^"'`]+)["'`]\s*,\s*import\.meta\.url\s*\)/g)) has(f, m[1]);
    for (const m of js.matchAll(/(?:\bfrom|\bimport\s*\(|\bimport)\s*["'`]([^"'`]+)["'`]/g)) {
      if (!m[1].startsWith('.')) fail(`${f} imports '${m[1]}': the package has no dependencies`);
      has(f, m[1]);
    }
    if (js.includes(ROOT)) fail(`${f} names a path of the build machine (${ROOT})`);
  }
  const paths = [pkg.main, pkg.types, pkg.customElements, ...Object.values(pkg.exports).flatMap((e) => (typeof e === 'string' ? [e] : Object.values(e)))];
  for (const p of paths) has('package.json', p);
}

/** The names of the types www/api-types.js declares. */
function apiTypeNames() {
  const source = fs.readFileSync(path.join(WWW, 'api-types.js'), 'utf8');
  return [...source.matchAll(/@typedef \{[\s\S]*?\}\s+([A-Z]\w*)\b/g)].map((m) => m[1]);
}

/**
 * Writes the declarations of www/api-types.js (and of the rules core's shapes it names) under
 * types/, for blue-gray-game.d.ts to import: the API's data shapes have one home, in the source.
 * The rules core's are declarations already (www/core/core-types.d.ts, generated from the Rust
 * types), which tsc does not write out again: they are copied.
 */
function apiTypes() {
  const tsc = path.join(ROOT, 'node_modules', '.bin', 'tsc');
  const args = ['--ignoreConfig', '--allowJs', '--declaration', '--emitDeclarationOnly', '--target', 'es2022', '--module', 'esnext', '--rootDir', WWW, '--outDir', path.join(OUT, 'types'), path.join(WWW, 'api-types.js')];
  try {
    execFileSync(tsc, args, { cwd: ROOT, stdio: 'pipe' });
  } catch (e) {
    const { stdout, stderr } = /** @type {SpawnSyncReturns<Buffer>} */ (e);
    fail(`the API's types could not be declared:\n${stdout}${stderr}`);
  }
  const coreTypes = path.join(OUT, 'types', CORE_TYPES);
  fs.mkdirSync(path.dirname(coreTypes), { recursive: true });
  fs.copyFileSync(path.join(WWW, CORE_TYPES), coreTypes);
}

/** Type-checks the declarations (React's types from the repository's devDependencies). */
function checkTypes() {
  const tsc = path.join(ROOT, 'node_modules', '.bin', 'tsc');
  // --ignoreConfig: the repository's own tsconfig.json, above dist/npm/, is not the package's.
  const args = ['--ignoreConfig', '--noEmit', '--strict', '--target', 'es2022', '--lib', 'es2022,dom', '--module', 'nodenext', '--moduleResolution', 'nodenext', TYPES, REACT_TYPES];
  try {
    execFileSync(tsc, args, { cwd: OUT, stdio: 'pipe' });
  } catch (e) {
    // execFileSync's error is spawnSync's result as well: what tsc printed.
    const { stdout, stderr } = /** @type {SpawnSyncReturns<Buffer>} */ (e);
    fail(`the generated types do not compile:\n${stdout}${stderr}`);
  }
}

/**
 * Writes dist/npm/ (www/pkg must be built). Returns the package.json written.
 * @returns {Promise<PackageJson>}
 */
export async function buildPackage() {
  if (!SERVED_WASM.every((f) => fs.existsSync(path.join(WWW, f)))) fail('www/pkg is not built: run bash scripts/build-web.sh');
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  await bundle();
  const m = await manifest();
  const el = elementOf(m);
  fs.writeFileSync(path.join(OUT, MANIFEST), `${JSON.stringify(m, null, 2)}\n`);
  apiTypes();
  fs.writeFileSync(path.join(OUT, TYPES), declarations(el));
  fs.writeFileSync(path.join(OUT, REACT_TYPES), reactDeclarations(el));
  const pkg = packageJson(workspacePackage(), el);
  fs.writeFileSync(path.join(OUT, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  fs.writeFileSync(path.join(OUT, 'README.md'), packageReadme(fs.readFileSync(path.join(ROOT, README_TEMPLATE), 'utf8'), pkg, apiTables(el)));
  checkSelfContained(pkg);
  checkTypes();
  return pkg;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  buildPackage()
    .then((pkg) => console.log(`build-package: dist/npm/ written, ${pkg.name}@${pkg.version}`))
    .catch((e) => {
      console.error(`build-package: ${e instanceof PackageError ? e.message : e.stack}`);
      process.exit(1);
    });
}
