// Unit tests of the endings by the players' word (docs/RULES.md §5.1) as the page sees them: which
// of Resign, Offer a draw and Abort the panel offers (play/endings.js), the question it asks, the
// result said in every language (lib/result.js) and the recent games' summary (play/games.js),
// on the rules core’s own states; and takebacks by link (lib/takeback-offer.js, friends/friend.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './core.mjs';
import { endingsOpen, confirmation } from '../../www/play/endings.js';
import { resultMessage } from '../../www/lib/result.js';
import { summarise } from '../../www/play/games.js';
import { say, loadMessages } from '../../www/lib/i18n.js';
import { LANGUAGES } from '../../www/lib/languages.js';

const core = await loadCore();
for (const lang of LANGUAGES) for (const part of ['play', 'friends']) await loadMessages(part, lang);

/** A board snapshot as the panel reads it, of a sackson game after `moves`, in `mode`. */
function snapshot(moves, mode = 'ai', side = 'blue') {
  const g = new core.Game('sackson');
  for (const m of moves) g.play(m);
  return { game: g, b: { gs: g.state(), settings: { mode, side } } };
}

test('the panel offers Abort only before both sides have moved, and nothing once the game is over', () => {
  assert.deepEqual([...endingsOpen(snapshot([]).b)].sort(), ['abort', 'draw', 'resign']);
  assert.deepEqual([...endingsOpen(snapshot(['e2-f3']).b)].sort(), ['abort', 'draw', 'resign']);
  assert.deepEqual([...endingsOpen(snapshot(['e2-f3', 'e8-d7']).b)].sort(), ['draw', 'resign']);
  const { game } = snapshot(['e2-f3']);
  game.end('resign', 'blue');
  assert.equal(endingsOpen({ gs: game.state(), settings: { mode: 'ai', side: 'blue' } }).size, 0);
  // Not against a friend elsewhere (their ending travels by link or relay), nor in a demo or a game shown.
  for (const mode of ['friend', 'live', 'demo', 'view', 'puzzle']) assert.equal(endingsOpen(snapshot([], mode).b).size, 0, mode);
  // A live seat resigns, aborts or offers a draw; an onlooker has none.
  assert.deepEqual([...endingsOpen({ ...snapshot(['e2-f3'], 'live').b, seat: 'gray', drawOffer: null })].sort(), ['abort', 'draw', 'resign']);
  assert.equal(endingsOpen({ ...snapshot([], 'live').b, seat: 'watch', drawOffer: null }).size, 0);
  assert.equal(endingsOpen({ gs: null, settings: { mode: 'ai', side: 'blue' } }).size, 0);
});

test('the question names the side that loses; a draw offered to the computer is not asked first', () => {
  // Against the computer the person resigns, whoever is to move.
  assert.deepEqual(confirmation('resign', snapshot(['e2-f3'], 'ai', 'blue').b), { key: 'ending.confirmResign', params: { side: 'blue' } });
  // Two players: the side to move.
  assert.deepEqual(confirmation('resign', snapshot(['e2-f3'], 'two').b), { key: 'ending.confirmResign', params: { side: 'gray' } });
  assert.deepEqual(confirmation('abort', snapshot([]).b), { key: 'ending.confirmAbort' });
  assert.equal(confirmation('draw', snapshot([], 'ai').b), null);
  assert.deepEqual(confirmation('draw', snapshot([], 'two').b), { key: 'ending.confirmDraw' });
  assert.equal(say('en', confirmation('resign', snapshot([], 'ai', 'gray').b)), 'Resign this game? Gray loses.');
});

test('each ending is said in every language, and the recent list names it', () => {
  const cases = [
    [(g) => g.end('resign', 'gray'), 'Blue wins: Gray resigned.', '1-0', 'result 1-0 by resignation'],
    [(g) => g.end('draw'), 'Draw by agreement.', '1/2-1/2', 'result 1/2-1/2 by agreement'],
    [(g) => g.end('abort'), 'Game aborted: no result.', '*', 'aborted, no result'],
    [(g) => g.end('time', 'blue'), "Gray wins on time: Blue's flag fell.", '0-1', 'result 0-1 on time'],
  ];
  for (const [end, english, token, listed] of cases) {
    const { game } = snapshot(['e2-f3']);
    end(game);
    const gs = game.state();
    const m = resultMessage(gs);
    assert.equal(say('en', m), english);
    for (const lang of LANGUAGES) {
      const text = say(lang, m);
      assert.ok(text && !text.includes('{') && !text.startsWith('result.'), `${lang}: ${text}`);
    }
    const summary = summarise({ variant: 'sackson', mode: 'two', side: 'blue', level: 1 }, gs);
    assert.equal(summary.result, token);
    assert.equal(summary.reason, gs.result.reason);
    assert.equal(say('en', { key: `recent.ended.${summary.reason}`, params: { result: summary.result } }), listed);
  }
  // A game with a clock is listed with its time control.
  const timed = summarise({ variant: 'sackson', mode: 'ai', side: 'blue', level: 1, clock: '5+3' }, null);
  assert.equal(timed.clock, '5+3');
  assert.equal(summarise({ variant: 'sackson', mode: 'ai', side: 'blue', level: 1, clock: 'none' }, null).clock, null);
  assert.equal(say('en', { key: 'recent.clock', params: { clock: timed.clock } }), 'clock 5+3');
  // The rules' endings keep their own sentences.
  const g = core.Game.fromCode('sackson', 's3c4/9/9/9/9/4C4/9/9/S8 b 0 30');
  g.play('e4-e5');
  assert.equal(resultMessage(g.state())?.key, 'result.breakthrough');
});

test('by link: this device resigns or aborts for its seat; a link brings the friend’s ending, never one for this seat', async () => {
  const { linkEnding } = await import('../../www/friends/friend.js');
  const { b } = snapshot(['e2-f3'], 'friend', 'blue');
  assert.deepEqual([...endingsOpen({ ...b, seat: 'blue', drawOffer: null })].sort(), ['abort', 'draw', 'resign']);
  // While an offer stands it is answered, not made again.
  assert.deepEqual([...endingsOpen({ ...b, seat: 'blue', drawOffer: 'gray' })].sort(), ['abort', 'resign']);
  // Once declined after these moves, it waits for another move.
  assert.deepEqual([...endingsOpen({ ...b, seat: 'blue', drawOffer: null, drawDeclined: true })].sort(), ['abort', 'resign']);
  assert.equal(endingsOpen({ ...b, seat: 'watch' }).size, 0);
  assert.deepEqual(confirmation('resign', { ...b, seat: 'gray' }), { key: 'ending.confirmResign', params: { side: 'gray' } });
  // The friend (Gray) resigned after Blue's e2-f3: this device (Blue) takes it.
  const theirs = snapshot(['e2-f3']).game;
  theirs.end('resign', 'gray');
  const link = theirs.state();
  const mine = snapshot(['e2-f3']).b.gs;
  assert.deepEqual(linkEnding(mine, 'blue', link.history, link.result), { end: 'resign', side: 'gray' });
  // A link that resigns this device's own seat changes nothing and says so.
  assert.deepEqual(linkEnding(mine, 'gray', link.history, link.result), { notice: { key: 'friend.ownResignation', params: { side: 'gray' } } });
  // Not before this device has every move of the link, not twice, not without an ending.
  assert.equal(linkEnding(snapshot([]).b.gs, 'blue', link.history, link.result), null);
  const over = snapshot(['e2-f3']).game;
  over.end('resign', 'blue');
  assert.equal(linkEnding(over.state(), 'blue', link.history, link.result), null);
  assert.equal(linkEnding(mine, 'blue', link.history, undefined), null);
  // An abort from either side.
  const aborted = snapshot(['e2-f3']).game;
  aborted.end('abort');
  assert.deepEqual(linkEnding(mine, 'gray', ['e2-f3'], aborted.state().result), { end: 'abort' });
});

test('a draw offer by link stands until the side it was offered to moves; a link brings the friend’s, and their agreement only to an offer of this seat', async () => {
  const { standingOffer, offerTag, declinedTag, declinedHere, offerPly } = await import('../../www/lib/draw-offer.js');
  const { linkEnding, linkOffer } = await import('../../www/friends/friend.js');
  const at = (moves) => snapshot(moves).b.gs;
  // Blue offers on its turn (after 2 plies), then moves: it stands until Gray moves.
  const tag = offerTag('blue', 2);
  assert.equal(tag, 'blue 2');
  assert.equal(standingOffer(at(['e2-f3', 'e8-d7']), tag), 'blue');
  assert.equal(standingOffer(at(['e2-f3', 'e8-d7', 'e1-e2']), tag), 'blue');
  assert.equal(standingOffer(at(['e2-f3', 'e8-d7', 'e1-e2', 'e9-e8']), tag), null);
  // Gray offers on Blue's turn: Blue's move answers it.
  assert.equal(standingOffer(at(['e2-f3', 'e8-d7']), offerTag('gray', 2)), 'gray');
  assert.equal(standingOffer(at(['e2-f3', 'e8-d7', 'e1-e2']), offerTag('gray', 2)), null);
  // None (an empty tag), declined or withdrawn, malformed, from a later ply, or in a finished game: none.
  for (const v of ['', undefined, 'red 2', 'blue', 'blue 2 x', 'blue 9', declinedTag(2)]) assert.equal(standingOffer(at(['e2-f3', 'e8-d7']), v), null, String(v));
  // Declined after 2 plies: no offer again until another move.
  assert.equal(offerPly(tag), 2);
  assert.equal(offerPly(declinedTag(2)), null);
  assert.equal(declinedHere(at(['e2-f3', 'e8-d7']), declinedTag(2)), true);
  assert.equal(declinedHere(at(['e2-f3', 'e8-d7', 'e1-e2']), declinedTag(2)), false);
  assert.equal(declinedHere(at(['e2-f3', 'e8-d7']), tag), false);
  const over = snapshot(['e2-f3', 'e8-d7']).game;
  over.end('draw');
  assert.equal(standingOffer(over.state(), tag), null);

  // A link whose game has Gray's offer standing brings it to Blue's device, not to Gray's own.
  const link = at(['e2-f3', 'e8-d7']);
  const gs = at(['e2-f3', 'e8-d7']);
  assert.equal(linkOffer(gs, 'blue', link, offerTag('gray', 2), null), 'gray');
  assert.equal(linkOffer(gs, 'gray', link, offerTag('gray', 2), null), null);
  assert.equal(linkOffer(gs, 'blue', link, offerTag('gray', 2), 'gray'), null, 'already standing');
  assert.equal(linkOffer(at(['e2-f3']), 'blue', link, offerTag('gray', 2), null), null, 'not before every move is in');
  // The friend's agreement ends the game only where this seat's offer stands.
  const agreed = snapshot(['e2-f3', 'e8-d7']).game;
  agreed.end('draw');
  const result = agreed.state().result;
  assert.deepEqual(linkEnding(gs, 'blue', link.history, result, 'blue'), { end: 'draw' });
  assert.deepEqual(linkEnding(gs, 'blue', link.history, result, null), { notice: { key: 'friend.drawNotOffered' } });
  assert.deepEqual(linkEnding(gs, 'blue', link.history, result, 'gray'), { notice: { key: 'friend.drawNotOffered' } });
});

test('the engine judges the position a resigned game was left in, not the resignation', async () => {
  const { positionOf } = await import('../../www/engine/analysis.js');
  const { game } = snapshot(['e2-f3', 'e8-d7']);
  game.end('resign', 'blue');
  const gs = game.state();
  assert.match(gs.record, /\[Termination "resignation"\]/);
  const position = positionOf(gs);
  // The engine is given the line (ai-worker.js), which has the moves, not the resignation.
  const left = core.Game.fromCode(position.variant, position.start);
  for (const move of position.moves) left.play(move);
  assert.equal(left.state().result, undefined, 'the position goes on, for the engine');
  assert.deepEqual(left.state().history, gs.history);
  assert.equal(core.analyse(position.variant, position.start, position.moves.join(' '), 1000).side, left.state().side, 'the engine searches it');
  assert.equal(position.key, positionOf(snapshot(['e2-f3', 'e8-d7']).b.gs).key, 'the same position, the same analysis');
});

test('a takeback by link stands while its move is the last; a link brings the friend’s request, and takes back only this seat’s own last move that it asked back', async () => {
  const { standingTakeback, takebackTag, acceptedTakeback } = await import('../../www/lib/takeback-offer.js');
  const { linkTakeback } = await import('../../www/friends/friend.js');
  const at = (moves) => snapshot(moves).b.gs;
  const three = ['e2-f3', 'e8-d7', 'e1-e2'];
  // Blue asks after its move (3 plies): it stands until Gray moves, and only for Blue's own move.
  const tag = takebackTag('blue', 3);
  assert.equal(tag, 'blue 3');
  assert.deepEqual(standingTakeback(at(three), tag), { side: 'blue', ply: 3 });
  assert.equal(standingTakeback(at([...three, 'e9-e8']), tag), null, 'answered by a move');
  assert.equal(standingTakeback(at(three), takebackTag('gray', 3)), null, 'not Gray’s move');
  for (const v of ['', undefined, 'blue', 'blue 0', 'blue 3 accepted', 'red 3']) assert.equal(standingTakeback(at(three), v), null, String(v));
  const over = snapshot(three).game;
  over.end('draw');
  assert.equal(standingTakeback(over.state(), tag), null, 'not in a game over');
  assert.deepEqual(acceptedTakeback(takebackTag('blue', 3, 'accepted')), { side: 'blue', ply: 3 });
  assert.equal(acceptedTakeback(tag), null);

  // Blue's request comes to Gray's device with the link, not to Blue's own, and once.
  assert.deepEqual(linkTakeback(at(three), 'gray', at(three), tag, null), { ask: 'blue' });
  assert.equal(linkTakeback(at(three), 'blue', at(three), tag, null), null);
  assert.equal(linkTakeback(at(three), 'gray', at(three), tag, { side: 'blue', ply: 3 }), null, 'already standing');
  // Gray accepted: the reply is Blue's game less Blue's move, taken back only where Blue asked.
  const reply = at(three.slice(0, 2));
  const accepted = takebackTag('blue', 3, 'accepted');
  assert.deepEqual(linkTakeback(at(three), 'blue', reply, accepted, { side: 'blue', ply: 3 }), { back: true });
  assert.deepEqual(linkTakeback(at(three), 'blue', reply, accepted, null), { notice: { key: 'friend.takebackRefused' } });
  assert.equal(linkTakeback(at(three), 'blue', reply, '', { side: 'blue', ply: 3 }), null, 'a link behind, no acceptance');
  assert.equal(linkTakeback(at(three), 'blue', at(['e2-f3', 'e8-f7']), accepted, { side: 'blue', ply: 3 }), null, 'another game is no acceptance');
  assert.equal(linkTakeback(at(three), 'blue', at(['e2-f3']), accepted, { side: 'blue', ply: 3 }), null, 'two moves back');
});

test('a takeback withdrawn by link stands no more, bars another until the next move, and a link brings the friend’s withdrawal only of the request standing here', async () => {
  const { standingTakeback, withdrawnTakeback, takebackTag } = await import('../../www/lib/takeback-offer.js');
  const { linkTakeback } = await import('../../www/friends/friend.js');
  const at = (moves) => snapshot(moves).b.gs;
  const three = ['e2-f3', 'e8-d7', 'e1-e2'];
  const withdrawn = takebackTag('blue', 3, 'withdrawn');
  assert.equal(withdrawn, 'blue 3 withdrawn');
  assert.equal(standingTakeback(at(three), withdrawn), null, 'a withdrawn request stands no more');
  assert.deepEqual(withdrawnTakeback(at(three), withdrawn), { side: 'blue', ply: 3 });
  assert.equal(withdrawnTakeback(at([...three, 'e9-e8']), withdrawn), null, 'the next move lifts the bar');
  for (const v of ['blue 3', 'blue 3 accepted', 'gray 3 withdrawn', 'blue 2 withdrawn', '']) assert.equal(withdrawnTakeback(at(three), v), null, v);
  // Gray's device, where Blue's request stands, opens Blue's next link: withdrawn there.
  const standing = { side: /** @type {const} */ ('blue'), ply: 3 };
  assert.deepEqual(linkTakeback(at(three), 'gray', at(three), withdrawn, standing), { withdraw: 'blue' });
  // Not this seat's own request, not another ply's, not a device where none stands (nothing to ask either).
  assert.equal(linkTakeback(at(three), 'blue', at(three), withdrawn, standing), null);
  assert.equal(linkTakeback(at(three), 'gray', at(three), takebackTag('blue', 1, 'withdrawn'), standing), null);
  assert.equal(linkTakeback(at(three), 'gray', at(three), withdrawn, null), null);
});
