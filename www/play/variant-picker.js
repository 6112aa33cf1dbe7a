// A spec's rules, a named variant in words, and the variant menu showing a spec. A spec that
// changes its named variant is said by play/rules-words.js, and the rules are chosen by their
// ingredients in play/ingredients.js, both fetched when first needed. The options, their values and each named variant's rules come from the rules
// core's catalogue; this module only compares them, so it knows no rule itself.
import { el } from '../lib/dom.js';
/** @import { Catalogue } from '../core/core-types.js' */
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
 * A spec in words: the names it may go by in a menu, longest first, its description, and how
 * often each side wins under it between strong players (null: not measured).
 * @typedef {{names: [string, ...string[]], description: string, balance: string|null}} SpecWords
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
 * `spec` in words when its rules are its named variant's (with or without overrides that change
 * nothing): `{names, description, balance}`, its own name and description, and `balance`, a
 * sentence on how often each side wins between strong players when the catalogue has it measured
 * (else null). Undefined for a spec that changes its named variant, which play/rules-words.js
 * says (with play/'s words); null for a spec whose rules `rulesOf` cannot tell.
 * @param {RulesCatalogue} catalogue
 * @param {string} spec
 * @param {Translate} t
 * @returns {SpecWords|null|undefined}
 */
export function describeNamed(catalogue, spec, t) {
  const found = specBase(catalogue, spec);
  if (!found) return null;
  const { base, changed } = found;
  if (changed.length) return undefined;
  const b = base.balance;
  const balance = b ? t('picker.balance', { wins: b.firstWins, losses: b.secondWins, draws: b.draws }) : null;
  return { names: [t(`variantName.${base.name}`)], description: t(`variant.${base.name}`), balance };
}

/**
 * The rules of `spec`, its named variant and the options it changes; null for a spec whose rules
 * `rulesOf` cannot tell.
 * @param {RulesCatalogue} catalogue
 * @param {string} spec
 */
export function specBase(catalogue, spec) {
  const rules = rulesOf(catalogue, spec);
  if (!rules) return null;
  const base = catalogue.variants.find((v) => v.name === String(spec).split(',')[0].trim().toLowerCase());
  // rulesOf found the same named variant.
  if (!base) return null;
  return { rules, base, changed: catalogue.options.filter((o) => String(rules[o.name]) !== String(base.rules[o.name])) };
}

/**
 * The first of `texts` that `select` shows whole, by the width of its text box and its font
 * (the last one when none fits; the first, when the menu is not laid out, or is the only one:
 * measuring makes the browser lay out the page at once, which a page starting cannot afford).
 * @param {HTMLSelectElement} select
 * @param {[string, ...string[]]} texts
 * @returns {string}
 */
export function fittingText(select, texts) {
  if (texts.length === 1) return texts[0];
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
