// English: the engine's judgement in words (the evaluation, the computer's move, how far it
// looked), fetched with the code that says it (engine/evaluation.js, play/advice.js): a visit
// that never shows them does not carry them.
export default {
  messages: {
    'eval.wins': '{side:side} wins in {n, plural, one {# move} other {# moves}}.',
    'eval.level': 'The game is level.',
    'eval.ahead': '{side:side} is ahead by {lead}.',
    'eval.line': 'Best line: {line}',
    'eval.bar': 'Evaluation: {text}',
    'ai.info': '{side:side} played {move}. {judgement}',
    'ai.played': '{side:side} played {move}.',
    'engine.details': 'Depth {depth}, {count, plural, one {{nodes} node} other {{nodes} nodes}} searched.',
  },
};
