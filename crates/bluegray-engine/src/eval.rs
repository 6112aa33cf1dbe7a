//! Static evaluation: how good a quiet position is for the side to move, in centi-steps of
//! captain progress.
//!
//! The game is a race of two captains along fixed paths, slowed by guards standing in the way,
//! and decided on progress whenever it stalls. So the terms are: progress itself; how far each
//! captain can still run before the enemy can get a guard in front of it in time; the enemy
//! guards already standing on its remaining path; and the guards themselves (material, private
//! promotion, mobility) because they are what blocks and unblocks.

use bluegray_core::{
    Bitboard, CaptainMode, Color, Diagonals, Direction, Point, Position, DIAGONAL, ORTHOGONAL,
    PATH_STEPS,
};

use crate::score::Score;

/// A step of captain progress: the unit of every score.
const STEP: Score = 100;
/// Extra per squared step: a captain near the red dot needs fewer guards to slip past.
const PROGRESS_CURVE: Score = 1;
/// A sergeant: it blocks, captures and unblocks in every direction.
const SERGEANT: Score = 70;
/// A private: it only goes forward or sideways, so it is worth less until it promotes.
const PRIVATE: Score = 45;
/// Per rank a private has advanced: each brings promotion to a sergeant nearer.
const PRIVATE_ADVANCE: Score = 3;
/// Per empty point a guard could step to.
const MOBILITY: Score = 2;
/// Per step the captain can take before the enemy can block it in time.
const FREE_RUN: Score = 20;
/// A captain no guard can stop any more (short of sacrifices that force captures).
const UNSTOPPABLE: Score = 250;
/// An enemy guard on the captain's remaining path, by how many steps ahead it stands.
const BLOCKER: [Score; 8] = [60, 35, 25, 18, 12, 8, 6, 4];
/// An own guard in the captain's next few points: it must spend a move getting out of the way.
const OWN_IN_THE_WAY: Score = 12;
/// Having the move.
const TEMPO: Score = 10;
/// How many guard moves ahead the blocking race is looked at.
const HORIZON: usize = 6;

/// The score of `pos` for the side to move. Assumes the game is not over.
pub fn evaluate(pos: &Position) -> Score {
    let stm = pos.side_to_move();
    let free = !(pos.occupied().with(Point::CENTRE));
    let mut side = [0; 2];
    for c in Color::BOTH {
        side[c.index()] = progress_score(pos.progress(c))
            + guards_score(pos, c, free)
            + captain_run(pos, c, &mut Reach::new(pos, c.other()));
    }
    let blue_minus_gray = side[0] - side[1];
    TEMPO
        + match stm {
            Color::Blue => blue_minus_gray,
            Color::Gray => -blue_minus_gray,
        }
}

/// Whether the side to move, having no capture, wins with a captain move: it can reach the red
/// dot, or a lead big enough under the `lead` option.
pub fn captain_wins_next(pos: &Position) -> bool {
    let us = pos.side_to_move();
    let p = pos.progress(us);
    let path = pos.path(us);
    let occupied = pos.occupied();
    let last = match pos.rules().captain {
        CaptainMode::Standard => (p + 1).min(PATH_STEPS),
        CaptainMode::Turbo => PATH_STEPS,
    };
    let mut best = p;
    for k in p + 1..=last {
        if occupied.contains(path.point(k)) {
            break;
        }
        best = k;
    }
    let lead = pos.rules().lead;
    best == PATH_STEPS || (lead > 0 && best > p && best >= pos.progress(us.other()) + lead)
}

fn progress_score(p: u8) -> Score {
    let p = p as Score;
    STEP * p + PROGRESS_CURVE * p * p
}

/// Material, private promotion and mobility of `c`'s guards.
fn guards_score(pos: &Position, c: Color, free: Bitboard) -> Score {
    let own = pos.guards(c);
    let privates = own & pos.privates();
    let sergeants = own & !privates;
    let mut score = SERGEANT * sergeants.count() as Score + PRIVATE * privates.count() as Score;
    for p in privates {
        let advanced = match c {
            Color::Blue => p.rank(),
            Color::Gray => 8 - p.rank(),
        };
        score += PRIVATE_ADVANCE * advanced as Score;
    }
    let mut moves = 0;
    // With `diagonals=marked` the six marked segments are too few to matter here.
    let diagonal: &[Direction] = match pos.rules().diagonals {
        Diagonals::Anywhere => &DIAGONAL,
        Diagonals::Marked => &[],
    };
    for &(df, dr) in ORTHOGONAL.iter().chain(diagonal) {
        moves += (sergeants.shift(df, dr) & free).count();
    }
    for (df, dr) in [(0, c.forward()), (1, 0), (-1, 0)] {
        moves += (privates.shift(df, dr) & free).count();
    }
    score + MOBILITY * moves as Score
}

/// Where `c`'s guards could stand after so many moves of theirs, ignoring other pieces:
/// optimistic for the blocker, which errs on the side of caution for a captain. Worked out one
/// move further only when asked, since a captain's run usually ends a few points along.
struct Reach {
    sergeants: Bitboard,
    privates: Bitboard,
    moves: usize,
    forward: i8,
    diagonal: bool,
}

impl Reach {
    fn new(pos: &Position, c: Color) -> Reach {
        let own = pos.guards(c);
        Reach {
            sergeants: own & !pos.privates(),
            privates: own & pos.privates(),
            moves: 0,
            forward: c.forward(),
            diagonal: pos.rules().diagonals == Diagonals::Anywhere,
        }
    }

    /// The points reachable in `moves` moves; `moves` may not decrease between calls.
    fn after(&mut self, moves: usize) -> Bitboard {
        let not_centre = !Bitboard::from_point(Point::CENTRE);
        while self.moves < moves {
            let s = self.sergeants;
            self.sergeants = if self.diagonal {
                // A king's move in two separable passes: sideways, then up and down.
                let row = s | s.shift(1, 0) | s.shift(-1, 0);
                row | row.shift(0, 1) | row.shift(0, -1)
            } else {
                s | s.shift(1, 0) | s.shift(-1, 0) | s.shift(0, 1) | s.shift(0, -1)
            } & not_centre;
            let p = self.privates;
            self.privates =
                (p | p.shift(1, 0) | p.shift(-1, 0) | p.shift(0, self.forward)) & not_centre;
            self.moves += 1;
        }
        self.sergeants | self.privates
    }
}

/// The state of `c`'s captain's remaining path: the blockers already on it, the free run before
/// the first point the enemy can block in time, and whether it is unstoppable.
fn captain_run(pos: &Position, c: Color, enemy_reach: &mut Reach) -> Score {
    let p = pos.progress(c);
    let path = pos.path(c);
    let enemy = pos.guards(c.other());
    let own = pos.guards(c);
    let mut score = 0;
    for q in enemy & path.beyond(p) {
        let ahead = path.progress_of(q).map_or(0, |i| i - p) as usize;
        score -= BLOCKER[ahead.saturating_sub(1).min(BLOCKER.len() - 1)];
    }
    let turbo = pos.rules().captain == CaptainMode::Turbo;
    // The enemy gets one move fewer to block when `c` moves first.
    let lag = usize::from(c != pos.side_to_move());
    let mut own_delay = 0;
    let mut run: Score = 0;
    for k in 1..=(PATH_STEPS - p) as usize {
        let q = path.point(p + k as u8);
        if q == Point::CENTRE {
            return score + FREE_RUN * run + UNSTOPPABLE;
        }
        if enemy.contains(q) {
            break;
        }
        if own.contains(q) {
            own_delay += 1;
            if k <= 3 {
                score -= OWN_IN_THE_WAY;
            }
        }
        // A standard captain needs k moves to get to q; a turbo captain gets there in one.
        let captain_moves = if turbo { 1 } else { k };
        let enemy_time = captain_moves - 1 + lag + own_delay;
        if enemy_time > HORIZON || enemy_reach.after(enemy_time).contains(q) {
            break;
        }
        run += 1;
    }
    score + FREE_RUN * run
}

#[cfg(test)]
mod tests {
    use super::*;
    use bluegray_core::Variant;

    fn pos(code: &str) -> Position {
        Position::from_code(code, Variant::default().rules).unwrap()
    }

    #[test]
    fn start_is_balanced_but_for_the_move() {
        // Having the move is worth a little, and a step more of free run to Blue's captain.
        let start = Position::new(Variant::default().rules);
        let e = evaluate(&start);
        assert!((TEMPO..=TEMPO + 2 * FREE_RUN).contains(&e), "{e}");
    }

    #[test]
    fn progress_and_material_count() {
        let base = pos("4c4/9/9/9/9/9/9/s7S/4C4 b 0 1");
        // Blue's captain a step further along.
        let ahead = pos("4c4/9/9/9/9/9/9/s3C3S/9 b 0 1");
        assert!(evaluate(&ahead) >= evaluate(&base) + STEP);
        // Gray a guard short.
        let fewer = pos("4c4/9/9/9/9/9/9/8S/4C4 b 0 1");
        assert!(evaluate(&fewer) > evaluate(&base) + SERGEANT / 2);
    }

    #[test]
    fn a_clear_run_to_the_red_dot_is_worth_a_lot() {
        // Blue's captain on f4 (progress 15) with nothing near; Gray's at home.
        let free = pos("4c4/9/9/9/9/5C3/9/9/S7s b 0 1");
        // The same with a Gray guard on e4, the next point but one.
        let blocked = pos("4c4/9/9/9/9/4sC3/9/9/S8 b 0 1");
        assert!(evaluate(&free) > evaluate(&blocked) + UNSTOPPABLE);
    }

    #[test]
    fn the_captain_wins_next_when_its_step_is_free() {
        assert!(captain_wins_next(&pos("4c4/9/9/9/9/4C4/9/9/S7s b 0 1")));
        assert!(!captain_wins_next(&pos("4c4/9/9/9/9/5C3/9/9/S7s b 0 1")));
        // Standing next to the red dot is no win when it is not Blue's move.
        assert!(!captain_wins_next(&pos("4c4/9/9/9/9/4C4/9/9/S7s g 0 1")));
    }
}
