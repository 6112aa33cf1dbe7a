// English: what a board says of its live game's session with the relay once it has started,
// loaded with the session's code: a board that never plays live does not carry it.
export default {
  messages: {
    'live.oldGame': 'This live game was started by an earlier version of the page, which this one cannot check: start a new live game.',
    'live.seatMoved': 'Your seat is now played on another device, which opened its link: you are watching here.',
    'live.keyNotKept': 'This browser’s storage is full: your seat’s key was not kept, so after a reload this device would only watch this game. Keep your seat’s link: opening it gives the seat back.',
    'live.otherTab': 'Your seat is played in another tab of this browser: you are watching here until you take the seat to this tab.',
    'live.notInvited': 'This invitation’s seat key is not one of this game’s: you are watching.',
    'live.badSeatKey': 'This invitation’s seat key is damaged: ask your friend for the whole link.',
    'live.insecure': 'Live games need a secure page (https, or this computer’s own address): this browser gives the keys that sign moves only there.',
    'live.noHostKey': 'This invitation lacks the key of the game’s host: ask your friend for the whole link.',
    'live.otherRules': 'The relay’s game is played under other rules ({variant}) than the one on this board.',
    'live.differs': 'The relay’s game differs from this one at ply {n}: it was not taken.',
    'live.drawDeclined': 'Your friend played on: your draw offer was declined.',
    'live.takebackAccepted': 'Your friend accepted: your move is taken back.',
    'live.takebackDeclined': 'Your friend played on: your takeback request was declined.',
    'live.foreignSeatKey': 'This link’s seat key is not one of this game’s: it was refused, and your seat here is kept as it was.',
    'live.flagClaimRefused': 'The other player’s device claimed that your time ran out, but your clock still has time: the claim was refused, play on.',
    'live.leftClaimRefused': 'The other player’s device claimed that you left the game, but you were here on your turn: the claim was refused, play on.',
  },
};
