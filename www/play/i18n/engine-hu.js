// Magyar: a motor értékelése szavakkal; a kóddal együtt töltődik be, amely megmutatja. A kulcsok
// ugyanazok, mint az engine-en.js-ben.
export default {
  messages: {
    'eval.wins': '{side:side} {n} lépésben nyer.',
    'eval.level': 'Az állás kiegyenlített.',
    'eval.ahead': '{side:side} előnye: {lead}.',
    'eval.line': 'Legjobb folytatás: {line}',
    'eval.bar': 'Értékelés: {text}',
    'ai.info': '{side:side} lépése: {move}. {judgement}',
    'ai.played': '{side:side} lépése: {move}.',
    'engine.details': 'Mélység: {depth}, {count, plural, one {{nodes} csomópont} other {{nodes} csomópont}} átnézve.',
  },
};
