// Choosing the rules by their ingredients (captain, guards, army, start, lead and the advanced
// options), with the named variant they make shown as the result (play/variant-picker.js says
// it), and each option a lesson teaches linked to it. Fetched when the ingredients' box first
// opens (play/form.js). The options, their values and each named variant's rules come from the
// rules core's catalogue; this module only compares them, so it knows no rule itself.
import { ensureOption } from '../lib/dom.js';
import { valueText } from './rules-words.js';
/** @import { Translate } from '../lib/i18n.js' */
/** @import { RulesCatalogue, Rules } from './variant-picker.js' */

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
 * The lessons as the picker links to them: the lesson that teaches a rules option, and opening it.
 * @typedef {{lessonFor(option: string): {id: string, title: string}|null, open(id: string): void}} LessonLinks
 */

/**
 * Builds the ingredient choosers inside `container`, one select per option, and calls
 * `onChange(spec)` whenever one changes. Returns `{show(rules), linkLessons(lessons)}`: `show`
 * sets the choosers to some rules ({option: value}, as the rules core gives them); with
 * `lessons` (lesson-door.js's `{lessonFor(option), open(id)}`), given here or later to
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
