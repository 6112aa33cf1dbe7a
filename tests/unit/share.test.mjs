import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gameLink } from '../../www/play/share.js';

const RECORD = '[Variant "sackson"]\n\n1. e2-e3 e8-e7 *';
const params = (link) => new URLSearchParams(link.split('#')[1]);

test('an analysis board’s link carries its bar on the engine and no computer, as two on one device’s does', () => {
  for (const mode of ['two', 'analysis']) {
    const p = params(gameLink('https://x/', { record: RECORD, mode, side: 'blue', level: 3, movetime: 500, help: 'none' }));
    assert.equal(p.get('mode'), mode);
    assert.equal(p.get('help'), 'none', mode);
    assert.equal(p.has('level'), false, mode);
    assert.equal(p.has('movetime'), false, mode);
  }
  const ai = params(gameLink('https://x/', { record: RECORD, mode: 'ai', side: 'gray', level: 3, movetime: 0, help: 'none' }));
  assert.deepEqual([ai.get('side'), ai.get('level'), ai.has('help')], ['gray', '3', false]);
});
