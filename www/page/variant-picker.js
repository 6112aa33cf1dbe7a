// Choosing the rules by their ingredients (captain, guards, army, start, lead and the advanced
// options), with the named variant they make shown as the result, and a spec that is no named
// variant said in words: a name made of its named variant and what it changes, and a sentence
// that names each change. The options, their values and each named variant's rules come from the
// rules core's catalogue; this module only compares them, so it knows no rule itself.
import { ensureOption, el } from '../lib/dom.js';
import { pliesAsMoves } from '../lib/moves.js';
/** @import { Catalogue, OptionView } from '../engine/core-types.js' */
/** @import { Translate } from '../lib/i18n.js' */

/**
 * What the picker reads of the rules core's catalogue: the named variants and the options.
 * @typedef {Pick<Catalogue, 'variants'|'options'>} RulesCatalogue
 */

/**
 * Rules as option values (as text): a named variant's, or a spec's (rulesOf).
 * @typedef {Record<string, string>} Rules
 */

/** The ingredients shown first; the other options are under "advanced". */
export const MAIN_OPTIONS = Object.freeze(['captain', 'guards', 'army', 'start', 'lead']);

/**
 * The variant spec for the rules `choice` ({option: value as text}): the named variant that
 * needs the fewest overrides, then `,option=value` for each option that differs from it.
 * `catalogue.variants` are `{name, rules}` and `catalogue.options` `{name, values, numeric}`
 * (values as text), both from the rules core.
 * @param {RulesCatalogue} catalogue
 * @param {Rules} choice
 * @returns {string|null}
 */
export function composeSpec(catalogue, choice) {
  /** @type {{name: string, overrides: string[]}|null} */
  let best = null;
  for (const v of catalogue.variants) {
    const overrides = catalogue.options
      .map((o) => o.name)
      .filter((name) => choice[name] !== undefined && String(choice[name]) !== String(v.rules[name]));
    if (!best || overrides.length < best.overrides.length) best = { name: v.name, overrides };
  }
  if (!best) return null;
  return [best.name, ...best.overrides.map((name) => `${name}=${choice[name]}`)].join(',');
}

/**
 * The rules of `spec` ({option: value as text}): its named variant's rules with the spec's
 * overrides put in; null when the spec does not start with a named variant or overrides an
 * option the catalogue does not have (the rules core then says what is wrong with it).
 * @param {RulesCatalogue} catalogue
 * @param {string} spec
 * @returns {Rules|null}
 */
export function rulesOf(catalogue, spec) {
  const [name, ...overrides] = String(spec).split(',').map((part) => part.trim().toLowerCase());
  const named = catalogue.variants.find((v) => v.name === name);
  if (!named) return null;
  const rules = { ...named.rules };
  for (const override of overrides) {
    const [option, value = ''] = override.split('=').map((x) => x.trim());
    const o = catalogue.options.find((x) => x.name === option);
    if (!o) return null;
    rules[option] = o.numeric && /^\d+$/.test(value) ? String(Number(value)) : value;
  }
  return rules;
}

/**
 * A value of an option as the player reads it: a choice's own words, a number as it is, 0 as
 * "off", and the impasse limit (kept in plies) in moves, as the move list counts them.
 * @param {OptionView} option
 * @param {string} value
 * @param {Translate} t
 * @returns {string}
 */
export function valueText(option, value, t) {
  const v = String(value);
  if (!option.numeric) return t(`option.${option.name}.${v}`);
  if (v === '0') return t('option.off');
  const n = shownNumber(option, v);
  return Number.isInteger(n) ? String(n) : `${Math.floor(n) || ''}½`;
}

/**
 * A number option's value as the player counts it: the impasse limit in moves, others as they are.
 * @param {OptionView} option
 * @param {string} value
 * @returns {number}
 */
function shownNumber(option, value) {
  return option.name === 'impasse_plies' ? pliesAsMoves(Number(value)) : Number(value);
}

/**
 * `spec` in words: `{names, description, balance}`. A named variant (with or without overrides
 * that change nothing) has its own name and description, and `balance`, a sentence on how often
 * each side wins between strong players, when the catalogue has it measured
 * (otherwise, and for any other spec, null). Any other spec's `names` are the names it
 * may go by in a menu, longest first (its named variant's name with each change, with the number
 * of changes, and plain "custom rules"), and its `description` names each change and what the
 * named variant has instead. Null for a spec whose rules `rulesOf` cannot tell.
 * @param {RulesCatalogue} catalogue
 * @param {string} spec
 * @param {Translate} t
 * @returns {{names: [string, ...string[]], description: string, balance: string|null}|null}
 */
export function describeSpec(catalogue, spec, t) {
  const rules = rulesOf(catalogue, spec);
  if (!rules) return null;
  const base = catalogue.variants.find((v) => v.name === String(spec).split(',')[0].trim().toLowerCase());
  // rulesOf found the same named variant.
  if (!base) return null;
  const changed = catalogue.options.filter((o) => String(rules[o.name]) !== String(base.rules[o.name]));
  const name = t(`variantName.${base.name}`);
  if (!changed.length) {
    const b = base.balance;
    const balance = b ? t('picker.balance', { wins: b.firstWins, losses: b.secondWins, draws: b.draws }) : null;
    return { names: [name], description: t(`variant.${base.name}`), balance };
  }
  const short = changed.map((o) =>
    o.numeric ? t(`picker.change.${o.name}`, { n: shownNumber(o, rules[o.name]) }) : t(`picker.change.${o.name}.${rules[o.name]}`),
  );
  const details = changed.map((o) =>
    t('picker.detail', { option: t(`option.${o.name}`), value: valueText(o, rules[o.name], t), was: valueText(o, base.rules[o.name], t) }),
  );
  return {
    names: [
      t('picker.customName', { name, changes: short.join(', ') }),
      t('picker.customCount', { name, n: changed.length }),
      t('picker.custom'),
    ],
    description: t('picker.customAbout', { name, changes: details.join('; ') }),
    balance: null,
  };
}

/**
 * The first of `texts` that `select` shows whole, by the width of its text box and its font
 * (the last one when none fits; the first, when the menu is not laid out).
 * @param {HTMLSelectElement} select
 * @param {[string, ...string[]]} texts
 * @returns {string}
 */
export function fittingText(select, texts) {
  const doc = select.ownerDocument;
  // A document without a window lays nothing out.
  if (!doc.defaultView) return texts[0];
  const style = doc.defaultView.getComputedStyle(select);
  const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const ctx = room > 0 ? doc.createElement('canvas').getContext('2d') : null;
  if (!ctx) return texts[0];
  ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  return texts.find((text) => ctx.measureText(text).width <= room) ?? texts[texts.length - 1];
}

/**
 * Shows `spec` in the variant menu `select`: a named variant as one of its own options, any
 * other spec as the menu's one extra option, called `text`.
 * @param {HTMLSelectElement} select
 * @param {RulesCatalogue} catalogue
 * @param {string} spec
 * @param {string} text
 */
export function showSpec(select, catalogue, spec, text) {
  const named = new Set(catalogue.variants.map((v) => v.name));
  for (const o of [...select.options]) if (!named.has(o.value) && o.value !== spec) o.remove();
  /** @type {HTMLElement} */
  const option = [...select.options].find((o) => o.value === spec) ?? select.appendChild(el('option', { value: spec }));
  if (!named.has(spec) && option.textContent !== text) option.textContent = text;
  select.value = spec;
}

/**
 * The lessons as the picker links to them: the lesson that teaches a rules option, and opening it.
 * @typedef {{lessonFor(option: string): {id: string, title: string}|null, open(id: string): void}} LessonLinks
 */

/**
 * Builds the ingredient choosers inside `container`, one select per option, and calls
 * `onChange(spec)` whenever one changes. Returns `{show(rules), linkLessons(lessons)}`: `show`
 * sets the choosers to some rules ({option: value}, as the rules core gives them); with
 * `lessons` (lessons.js's `{lessonFor(option), open(id)}`), given here or later to
 * `linkLessons` (once their catalogue is fetched), an option that a lesson teaches gets a
 * "Lesson" button beside its menu, which opens that lesson. `t` says messages: option names are
 * `option.<name>`, values `option.<name>.<value>` (numbers as they are, 0 as `option.off`).
 * @param {Document} doc
 * @param {HTMLElement} container
 * @param {RulesCatalogue} catalogue
 * @param {Translate} t
 * @param {(spec: string|null) => void} onChange
 * @param {LessonLinks|null} [lessons]
 * @returns {{show(rules: Rules): void, linkLessons(lessons: LessonLinks): void}}
 */
export function buildPicker(doc, container, catalogue, t, onChange, lessons = null) {
  container.textContent = '';
  /** @type {Record<string, HTMLSelectElement>} */
  const selects = {};
  /** @type {Record<string, HTMLDivElement>} */
  const rows = {};
  const main = doc.createElement('div');
  main.className = 'ingredients';
  const advanced = doc.createElement('details');
  advanced.className = 'advanced';
  const summary = doc.createElement('summary');
  summary.textContent = t('picker.advanced');
  advanced.appendChild(summary);
  for (const option of catalogue.options) {
    const row = doc.createElement('div');
    row.className = 'row';
    const id = `option-${option.name}`;
    const label = doc.createElement('label');
    label.htmlFor = id;
    label.textContent = t(`option.${option.name}`);
    const select = doc.createElement('select');
    select.id = id;
    for (const value of option.values) {
      const o = doc.createElement('option');
      o.value = String(value);
      o.textContent = valueText(option, value, t);
      select.appendChild(o);
    }
    select.addEventListener('change', () => {
      /** @type {Rules} */
      const choice = {};
      for (const [name, s] of Object.entries(selects)) choice[name] = s.value;
      onChange(composeSpec(catalogue, choice));
    });
    selects[option.name] = select;
    row.append(label, select);
    rows[option.name] = row;
    (MAIN_OPTIONS.includes(option.name) ? main : advanced).appendChild(row);
  }
  container.append(main, advanced);
  /** @param {LessonLinks} links */
  const linkLessons = (links) => {
    for (const option of catalogue.options) {
      const row = rows[option.name];
      const lesson = links.lessonFor(option.name);
      if (!lesson || row.querySelector('.lesson-link')) continue;
      const link = doc.createElement('button');
      link.type = 'button';
      link.className = 'lesson-link';
      link.dataset.lesson = lesson.id;
      link.textContent = t('lessons.pickerLink');
      link.setAttribute('aria-label', t('lessons.pickerLinkLabel', { title: lesson.title }));
      link.title = lesson.title;
      link.addEventListener('click', () => links.open(lesson.id));
      row.appendChild(link);
    }
  };
  if (lessons) linkLessons(lessons);
  return {
    linkLessons,
    show(rules) {
      // Each option has its select (made above, in this order).
      for (const option of catalogue.options) {
        const s = selects[option.name];
        if (rules[option.name] === undefined) continue;
        const value = String(rules[option.name]);
        ensureOption(s, value, valueText(option, value, t));
        s.value = value;
      }
    },
  };
}
