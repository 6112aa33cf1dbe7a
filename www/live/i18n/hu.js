// Hungarian: the keys and places of live/i18n/en.js, which says what they are for.
export default {
  messages: {
    'live.oldGame': 'Ezt az élő játszmát az oldal egy korábbi változata indította, amelyet ez nem tud ellenőrizni: indíts új élő játszmát.',
    'live.seatMoved': 'A helyeden most egy másik eszköz játszik, amelyen megnyitották a linkjét: itt nézőként vagy jelen.',
    'live.keyNotKept': 'A böngésző tárhelye megtelt: a helyed kulcsát nem sikerült megőrizni, így újratöltés után ez az eszköz csak nézni tudná a játszmát. Őrizd meg a helyed linkjét: megnyitva visszaadja a helyet.',
    'live.otherTab': 'A helyeden ennek a böngészőnek egy másik lapján játszol: itt csak nézed a játszmát, amíg át nem veszed ide a helyet.',
    'live.notInvited': 'Ennek a meghívónak a helykulcsa nem ehhez a játszmához tartozik: nézőként vagy jelen.',
    'live.badSeatKey': 'Ennek a meghívónak sérült a helykulcsa: kérd el a barátodtól a teljes linket.',
    'live.insecure': 'Az élő játszmákhoz biztonságos oldal kell (https, vagy ennek a gépnek a saját címe): a böngésző csak ott ad kulcsot a lépések aláírásához.',
    'live.noHostKey': 'Ebből a meghívóból hiányzik az indító kulcsa: kérd el a barátodtól a teljes linket.',
    'live.otherRules': 'A közvetítőn lévő játszma más szabályokkal ({variant}) folyik, mint ezen a táblán.',
    'live.differs': 'A közvetítőn lévő játszma a(z) {n}. féllépésnél eltér ettől: nem vettük át.',
    'live.drawDeclined': 'A barátod lépett: a döntetlenajánlatodat elutasította.',
    'live.takebackAccepted': 'A barátod elfogadta: a lépésed visszavéve.',
    'live.takebackDeclined': 'A barátod lépett: a visszavételi kérésedet elutasította.',
    'live.foreignSeatKey': 'Ennek a linknek a helykulcsa nem ehhez a játszmához tartozik: elutasítottuk, és itt a helyed változatlan maradt.',
    'live.flagClaimRefused': 'A másik játékos eszköze azt állította, hogy lejárt az időd, de az órádon még van idő: az igényt elutasítottuk, játssz tovább.',
    'live.leftClaimRefused': 'A másik játékos eszköze azt állította, hogy elhagytad a játszmát, de itt voltál a lépésednél: az igényt elutasítottuk, játssz tovább.',
  },
};
