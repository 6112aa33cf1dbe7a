// Русский: оценка движка словами; загружается вместе с кодом, который её показывает. Ключи те
// же, что в engine-en.js.
export default {
  messages: {
    'eval.wins': '{side:side} выигрывают за {n, plural, one {# ход} few {# хода} many {# ходов} other {# хода}}.',
    'eval.level': 'Позиция равная.',
    'eval.ahead': '{side:side} впереди на {lead}.',
    'eval.line': 'Лучшее продолжение: {line}',
    'eval.bar': 'Оценка: {text}',
    'ai.info': '{side:side} сыграли {move}. {judgement}',
    'ai.played': '{side:side} сыграли {move}.',
    'engine.details': 'Глубина {depth}, просмотрено {count, plural, one {{nodes} узел} few {{nodes} узла} many {{nodes} узлов} other {{nodes} узла}}.',
  },
};
