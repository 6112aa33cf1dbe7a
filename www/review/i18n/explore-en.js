// English: the messages of the opening explorer (lib/languages.js), loaded with it at its
// first opening; its open button and its box's label are the page's.
export default {
  messages: {
    'explorer.title': 'Opening explorer',
    'explorer.about': 'The moves the engine played here in its games against itself, with how those games ended for the side that moved: wins, draws, losses.',
    'explorer.loading': 'Loading the engine’s games…',
    'explorer.barred': 'The opening explorer keeps out of a game against a person on another device until it is over.',
    'explorer.unnamed': 'No games for this position: the explorer covers the named variants from their start.',
    'explorer.atStart': 'The first moves of the engine’s games.',
    'explorer.after': 'The moves the engine’s games played in this position.',
    'explorer.noGames': 'None of the engine’s games reached this position, or played on from it.',
    'explorer.failed': 'The opening explorer could not load: {error}',
    'explorer.leftOut': 'The opening explorer is not in this single file, which keeps it small: open the page from its web address to have it.',
    'explorer.move': 'Move',
    'explorer.games': 'Games',
    'explorer.results': 'Won, drawn, lost',
    'explorer.shares': '{wins} won, {draws} drawn, {losses} lost',
    'explorer.playMove': 'Play {move}',
    'explorer.played': '{move} played.',
    'explorer.shown': '{move} is shown on the board.',
    'explorer.notHere': '{move} cannot be played or tried as a variation here.',
    'explorer.tried': '{move} tried at the position shown; the game itself is unchanged.',
    'explorer.close': 'Close the explorer',
  },
};
