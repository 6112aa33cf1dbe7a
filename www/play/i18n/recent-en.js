// English: the Recent games list's lines (each kept game's rules, players, length, result), fetched
// with its code once there is a kept game to list (play/recent.js); the box's title, its
// sentence and its empty line are the page's.
export default {
  messages: {
    'recent.players.ai': 'you ({side:side}) against the computer, level {level} ({name})',
    'recent.players.two': 'two players',
    'recent.players.demo': 'the computer against itself',
    'recent.players.view': 'a game to watch',
    'recent.moves': '{n, plural, one {# move} other {# moves}}',
    'recent.result': 'result {result}',
    'recent.inProgress': 'in progress',
    'recent.open': 'Open',
    'recent.delete': 'Delete {game}',
    'recent.deleteTitle': 'Delete this game',
    'recent.onBoard': 'This is the game on the board',
    'recent.confirmDelete': 'Delete this game for good?',
    'recent.ended.resignation': 'result {result} by resignation',
    'recent.ended.agreement': 'result {result} by agreement',
    'recent.ended.aborted': 'aborted, no result',
    'recent.ended.abandoned': 'result {result}: a player left',
    'recent.ended.time': 'result {result} on time',
    'recent.clock': 'clock {clock}',
    'recent.players.friend.seat': 'you ({side:side}) against a friend, by link',
    'recent.players.friend.watch': 'a game with a friend, by link',
    'recent.players.live.seat': 'you ({side:side}) against a friend, live',
    'recent.players.live.watch': 'a live game you watch',
    'recent.yourMove': 'your move',
    'recent.waitingFor': 'waiting for {side:side}',
  },
};
