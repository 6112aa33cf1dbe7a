// Hungarian: the opening explorer's messages (explore-en.js says what each is).
export default {
  messages: {
    'explorer.title': 'Megnyitáskereső',
    'explorer.about': 'A lépések, amelyeket a gép itt játszott a saját maga elleni játszmáiban, és hogy ezek a játszmák hogyan végződtek a lépő fél számára: győzelem, döntetlen, vereség.',
    'explorer.loading': 'A gép játszmáinak betöltése…',
    'explorer.barred': 'A megnyitáskereső nem segít egy másik eszközön játszó ember elleni játszmában, amíg az véget nem ér.',
    'explorer.unnamed': 'Ehhez az álláshoz nincs játszma: a kereső a megnevezett változatokat fedi le a kezdőállásból.',
    'explorer.atStart': 'A gép játszmáinak első lépései.',
    'explorer.after': 'A lépések, amelyeket a gép játszmái ebben az állásban játszottak.',
    'explorer.noGames': 'A gép egyik játszmája sem jutott el ebbe az állásba, vagy nem folytatódott innen.',
    'explorer.failed': 'A megnyitáskereső nem töltődött be: {error}',
    'explorer.leftOut': 'A megnyitáskereső nincs benne ebben az önálló fájlban, hogy kicsi maradjon: nyisd meg az oldalt a webcíméről.',
    'explorer.move': 'Lépés',
    'explorer.games': 'Játszmák',
    'explorer.results': 'Győzelem, döntetlen, vereség',
    'explorer.shares': '{wins} győzelem, {draws} döntetlen, {losses} vereség',
    'explorer.playMove': '{move} megjátszása',
    'explorer.played': '{move} megtéve.',
    'explorer.shown': '{move} látható a táblán.',
    'explorer.notHere': '{move} nem játszható, amíg egy korábbi állás látszik.',
    'explorer.close': 'A kereső bezárása',
  },
};
