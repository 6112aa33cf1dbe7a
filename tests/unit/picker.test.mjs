// Unit tests of www/play/variant-picker.js, www/play/ingredients.js and www/play/move-list.js over the rules core's own catalogue
// and games (the built wasm package in www/pkg): a spec's rules and its name in words, every
// option value said in every language, and moves named and counted as the move list numbers them.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { rulesOf } from '../../www/play/variant-picker.js';
import { describeSpec, valueText } from '../../www/play/rules-words.js';
import { composeSpec } from '../../www/play/ingredients.js';
import { moveLabel, lastMoveNumber, pliesAsMoves } from '../../www/lib/moves.js';
import { translate, template, loadMessages, LANGUAGES } from '../../www/lib/i18n.js';
import { loadCore } from './core.mjs';

let wasm = null;
let catalogue = null;
before(async () => {
  wasm = await loadCore();
  catalogue = wasm.variants();
  for (const lang of LANGUAGES) await loadMessages('play', lang);
});

const en = (key, params) => translate('en', key, params);

test('rulesOf: a named variant’s rules with the spec’s overrides, or null for what it cannot tell', () => {
  const turbo = catalogue.variants.find((v) => v.name === 'classic-turbo').rules;
  assert.deepEqual(rulesOf(catalogue, 'classic-turbo'), turbo);
  assert.deepEqual(rulesOf(catalogue, ' Classic-Turbo , lead=02 ,first=gray'), { ...turbo, lead: '2', first: 'gray' });
  assert.equal(rulesOf(catalogue, 'nonsense'), null);
  assert.equal(rulesOf(catalogue, 'classic,speed=3'), null);
  // The rules core makes the same game of them.
  const game = new wasm.Game('classic-turbo,lead=2,first=gray');
  assert.deepEqual(game.state().rules, rulesOf(catalogue, 'classic-turbo,lead=2,first=gray'));
  game.free();
});

test('describeSpec: a named variant by its own words; any other spec by its changes', () => {
  const classic = describeSpec(catalogue, 'classic', en);
  assert.deepEqual({ ...classic, balance: null }, { names: ['Classic'], description: en('variant.classic'), balance: null });
  // An override that changes nothing leaves the named variant.
  assert.deepEqual(describeSpec(catalogue, 'classic-turbo,lead=0', en).names, ['Classic, turbo captain']);
  const one = describeSpec(catalogue, 'classic-turbo,lead=2', en);
  assert.deepEqual(one.names, ['Classic, turbo captain (lead of 2)', 'Classic, turbo captain (1 change)', 'Custom rules']);
  assert.equal(one.description, '“Classic, turbo captain” with changes: Win by a lead of: 2 (originally off).');
  const two = describeSpec(catalogue, 'sackson,first=gray,impasse_plies=100', en);
  assert.deepEqual(two.names, ['Sackson’s original (impasse after 50 moves, Gray first)', 'Sackson’s original (2 changes)', 'Custom rules']);
  assert.match(two.description, /: 50 \(originally 30\); Moves first: Gray \(originally Blue\)\.$/);
  assert.equal(describeSpec(catalogue, 'nonsense', en), null);
  assert.equal(one.balance, null, 'changed rules were never measured');
});

test('a measured named variant says how often the first player wins, in every language', () => {
  const measured = catalogue.variants.filter((v) => v.balance);
  assert.ok(measured.some((v) => v.name === 'sackson'), 'the original rules are measured');
  for (const v of catalogue.variants) {
    const b = v.balance;
    const said = describeSpec(catalogue, v.name, en).balance;
    if (!b) {
      assert.equal(said, null, v.name);
      continue;
    }
    assert.ok(b.games >= 200, `${v.name}: ${b.games} games`);
    assert.ok(Math.abs(b.firstWins + b.draws + b.secondWins - 100) <= 1, `${v.name} adds up`);
    assert.match(said, new RegExp(`^Between strong players, the side that moves first wins ${b.firstWins}% of games and the other side ${b.secondWins}%`), v.name);
    assert.equal(said.includes('drawn'), b.draws > 0, v.name);
    for (const lang of LANGUAGES) {
      const text = describeSpec(catalogue, v.name, (key, params) => translate(lang, key, params)).balance;
      assert.ok(text.includes(`${b.firstWins}%`) && text.includes(`${b.secondWins}%`) && !/[{}#]/.test(text), `${lang} ${v.name}: ${text}`);
    }
  }
});

test('every value of every option is said in every language, in the picker and as a change', () => {
  const missing = [];
  for (const lang of LANGUAGES) {
    for (const o of catalogue.options) {
      for (const key of [`option.${o.name}`, ...(o.numeric ? [`picker.change.${o.name}`] : [])]) {
        if (template(lang, key) === undefined) missing.push(`${lang} ${key}`);
      }
      if (o.numeric) continue;
      for (const v of o.values) {
        for (const key of [`option.${o.name}.${v}`, `picker.change.${o.name}.${v}`]) {
          if (template(lang, key) === undefined) missing.push(`${lang} ${key}`);
        }
      }
    }
  }
  assert.deepEqual(missing, []);
});

test('valueText: choices in words, 0 as off, the impasse limit in moves', () => {
  const option = (name) => catalogue.options.find((o) => o.name === name);
  assert.equal(valueText(option('captain'), 'turbo', en), en('option.captain.turbo'));
  assert.equal(valueText(option('lead'), '0', en), 'off');
  assert.equal(valueText(option('lead'), '3', en), '3');
  assert.equal(valueText(option('impasse_plies'), '60', en), '30');
  assert.equal(valueText(option('impasse_plies'), '61', en), '30½');
  assert.equal(valueText(option('impasse_plies'), '1', en), '½');
  // The picker's own choices of the limit are whole moves.
  for (const v of option('impasse_plies').values) assert.match(valueText(option('impasse_plies'), v, en), /^(off|\d+)$/);
  // Specs the picker composes are those the rules core reads back.
  const choice = { ...rulesOf(catalogue, 'super-light'), first: 'gray' };
  assert.equal(composeSpec(catalogue, choice), 'super-light,first=gray');
});

test('moves are named and counted as the move list numbers them', () => {
  // A game from a position with Gray to move at move 12: the list's first row is "12. … a2-a1".
  const game = wasm.Game.fromCode('sackson', '4c4/9/9/9/9/9/9/s7S/4C4 g 0 12');
  for (const m of ['a2-a1', 'i2-i3', 'a1-b1']) game.play(m);
  const gs = game.state();
  game.free();
  assert.equal(gs.first, 'blue');
  assert.equal(moveLabel(gs, 1), '12… a2-a1');
  assert.equal(moveLabel(gs, 2), '13. i2-i3');
  assert.equal(moveLabel(gs, 3), '13… a1-b1');
  assert.equal(moveLabel(gs, 4), '');
  assert.equal(lastMoveNumber(gs), 13);
  const fresh = new wasm.Game('sackson');
  assert.equal(lastMoveNumber(fresh.state()), null);
  fresh.free();
  assert.equal(pliesAsMoves(60), 30);
});
