// A spec that is no named variant said in words: a name made of its named variant and what it
// changes, and a sentence that names each change; a spec's rules, and the variant menu showing a
// spec. Choosing the rules by their ingredients is page/ingredients.js's, fetched when the box
// first opens. The options, their values and each named variant's rules come from the rules
// core's catalogue; this module only compares them, so it knows no rule itself.
import { el } from '../lib/dom.js';
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
