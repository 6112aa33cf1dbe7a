// Magyar: miért nem engedik a szabályok a lépést, amelyet a játékos a táblán próbált (a
// szabálymag oka, `why.<reason>`); az első elutasított lépéskor töltődik be (element/mover.js).
export default {
  messages: {
    'why.no-piece': 'Ezen a ponton nincs bábu: {p0}.',
    'why.not-your-piece': 'Ez a bábu ({p0}) nem a tiéd.',
    'why.capture-compulsory': 'Ütéskényszer: olyan katonával ugorj, amelyik üthet ({points}).',
    'why.jump-must-continue': 'Az ütés nem ért véget: innen ({p0}) tovább kell ugrani, mert az ütés addig tart, amíg van mit leütni.',
    'why.wrong-separator': 'Ez a lépés ütés: a bábunak ugrania kell.',
    'why.not-along-path': 'A kapitány csak előre léphet a saját útvonalán, és ez a pont ({to}) nincs előtte.',
    'why.captain-one-step': 'Ez a kapitány egyszerre csak egy pontot léphet, tehát csak ide: {p1}.',
    'why.captain-blocked': 'A kapitány útját elállja egy bábu ({p0}).',
    'why.captain-cannot-capture': 'A kapitányok soha nem ütnek.',
    'why.occupied': 'Ez a pont ({p0}) foglalt: katona csak üres pontra léphet.',
    'why.red-dot-reserved': 'A piros pontra csak kapitány állhat.',
    'why.not-a-step': 'A célpont ({to}) nem szomszédja a kiindulópontnak ({from}): a katona szomszédos pontra lép.',
    'why.diagonal-not-marked': 'Ezekben a szabályokban katona csak a jelölt vonalakon léphet átlósan.',
    'why.private-backwards': 'A közlegény soha nem lép hátrafelé.',
    'why.private-diagonal': 'A közlegény csak egyenesen léphet: előre vagy oldalra.',
    'why.not-a-jump': 'Az ugrás egyenes vonalban egy szomszédos pont fölött vezet át.',
    'why.nothing-to-jump': 'Ezen a ponton nincs átugorható ellenséges katona: {p1}.',
    'why.captain-cannot-be-jumped': 'Kapitányt nem lehet átugrani.',
    'why.diagonal-jump': 'Ezekben a szabályokban csak egyenesen lehet ugrani, átlósan nem.',
    'why.piece-cannot-move': 'Ez a bábu ({p0}) most nem tud lépni.',
    'why.not-legal': 'A bábu ({from}) nem léphet ide: {to}.',
  },
};
