// Magyar: a billentyűparancsok listája; az első megnyitáskor töltődik be. A kulcsok ugyanazok,
// mint a shortcuts-en.js-ben.
export default {
  messages: {
    'shortcut.undo': 'Lépés visszavonása',
    'shortcut.redo': 'Visszavont lépés megismétlése',
    'shortcut.history': 'Lépkedés a lejátszott lépések között',
    'shortcut.ends': 'Ugrás a kezdőálláshoz vagy az utolsó lépéshez',
    'shortcut.variations': 'Ugrás az előző vagy a következő változatra',
    'shortcut.flip': 'A tábla megfordítása',
    'shortcut.new': 'Új játszma indítása',
    'shortcut.hint': 'Tipp kérése',
    'shortcut.help': 'Ennek a listának a megjelenítése',
    'keys.undo': 'Ctrl+Z',
    'keys.redo': 'Ctrl+Shift+Z vagy Ctrl+Y',
    'keys.history': '← →',
    'keys.variations': '↑ ↓',
    'keys.ends': 'Home End',
    'keys.flip': 'F',
    'keys.new': 'N',
    'keys.hint': 'H',
    'keys.help': '?',
  },
};
