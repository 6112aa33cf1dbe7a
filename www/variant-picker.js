// Choosing the rules by their ingredients (captain, guards, army, start, lead and the advanced
// options), with the named variant they make shown as the result. The options, their values and
// each named variant's rules come from the rules core's catalogue; this module only compares
// them, so it knows no rule itself.
import { ensureOption } from './dom.js';

/** The ingredients shown first; the other options are under "advanced". */
export const MAIN_OPTIONS = Object.freeze(['captain', 'guards', 'army', 'start', 'lead']);

/**
 * The variant spec for the rules `choice` ({option: value as text}): the named variant that
 * needs the fewest overrides, then `,option=value` for each option that differs from it.
 * `catalogue.variants` are `{name, rules}` and `catalogue.options` `{name, values, numeric}`
 * (values as text), both from the rules core.
 */
export function composeSpec(catalogue, choice) {
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
 * Builds the ingredient choosers inside `container`, one select per option, and calls
 * `onChange(spec)` whenever one changes. Returns `{show(rules)}`, which sets the choosers to
 * some rules ({option: value}, as the rules core gives them). `t` says messages: option names
 * are `option.<name>`, values `option.<name>.<value>` (numbers as they are, 0 as `option.off`).
 */
export function buildPicker(doc, container, catalogue, t, onChange) {
  container.textContent = '';
  const selects = {};
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
      o.textContent = !option.numeric ? t(`option.${option.name}.${value}`) : value === '0' ? t('option.off') : value;
      select.appendChild(o);
    }
    select.addEventListener('change', () => {
      const choice = {};
      for (const [name, s] of Object.entries(selects)) choice[name] = s.value;
      onChange(composeSpec(catalogue, choice));
    });
    selects[option.name] = select;
    row.append(label, select);
    (MAIN_OPTIONS.includes(option.name) ? main : advanced).appendChild(row);
  }
  container.append(main, advanced);
  return {
    show(rules) {
      for (const [name, s] of Object.entries(selects)) {
        if (rules[name] === undefined) continue;
        const value = String(rules[name]);
        ensureOption(s, value);
        s.value = value;
      }
    },
  };
}
