// The rules option by option in words: a value of an option as the player reads it, and a spec
// that changes its named variant said in words (a name made of its named variant and what it
// changes, and a sentence that names each change). Fetched for the first such spec shown, the rules by ingredients, or the lobby (play/form.js).
import { pliesAsMoves } from '../lib/moves.js';
import { specBase, describeNamed } from './variant-picker.js';
/** @import { OptionView } from '../core/core-types.js' */
/** @import { Translate } from '../lib/i18n.js' */
/** @import { RulesCatalogue, SpecWords } from './variant-picker.js' */

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
 * that change nothing) as variant-picker.js's describeNamed says it. Any other spec's `names` are
 * the names it may go by in a menu, longest first (its named variant's name with each change, with
 * the number of changes, and plain "custom rules"), and its `description` names each change and
 * what the named variant has instead; its balance is null. Null for a spec whose rules `rulesOf`
 * cannot tell.
 * @param {RulesCatalogue} catalogue
 * @param {string} spec
 * @param {Translate} t
 * @returns {SpecWords|null}
 */
export function describeSpec(catalogue, spec, t) {
  const found = specBase(catalogue, spec);
  if (!found) return null;
  const { rules, base, changed } = found;
  if (!changed.length) return describeNamed(catalogue, spec, t) ?? null;
  const name = t(`variantName.${base.name}`);
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
