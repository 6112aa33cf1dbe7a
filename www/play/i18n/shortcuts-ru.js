// Русский: список сочетаний клавиш; загружается при первом открытии. Ключи те же, что в
// shortcuts-en.js.
export default {
  messages: {
    'shortcut.undo': 'Отменить ход',
    'shortcut.redo': 'Вернуть отменённый ход',
    'shortcut.history': 'Листать сыгранные ходы',
    'shortcut.ends': 'Перейти к началу или к последнему ходу',
    'shortcut.variations': 'К предыдущему или следующему варианту',
    'shortcut.flip': 'Перевернуть доску',
    'shortcut.new': 'Начать новую партию',
    'shortcut.hint': 'Попросить подсказку',
    'shortcut.help': 'Показать этот список',
    'keys.undo': 'Ctrl+Z',
    'keys.redo': 'Ctrl+Shift+Z или Ctrl+Y',
    'keys.history': '← →',
    'keys.variations': '↑ ↓',
    'keys.ends': 'Home End',
    'keys.flip': 'F',
    'keys.new': 'N',
    'keys.hint': 'H',
    'keys.help': '?',
  },
};
