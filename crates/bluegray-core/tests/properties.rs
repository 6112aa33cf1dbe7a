//! Property tests: random playouts in every named variant (and some overrides), checked at every
//! ply against the invariants of the crate and against a slow, independent reference move
//! generator written from docs/RULES.md alone; and fuzzing of every parser.

use std::collections::HashMap;
use std::sync::OnceLock;

use bluegray_core::{
    Color, EndReason, Game, GameRecord, IllegalMove, ImpasseCause, Move, MoveError, MoveKind,
    MoveText, Outcome, Piece, PieceKind, Point, Position, RecordError, Setup, Variant, VariantName,
};
use proptest::prelude::*;
use proptest::test_runner::Config;

// ---------------------------------------------------------------------------------------------
// A reference implementation of docs/RULES.md §2, §4 and §5, deliberately naive: a 9x9 array of
// pieces, the path table copied from docs/RULES.md, and plain loops. It shares nothing with the
// crate's move generator but the Position accessors used to read the board.

const BLUE_PATH: [&str; 18] = [
    "e1", "e2", "d2", "c2", "b3", "b4", "b5", "b6", "c7", "d7", "e7", "f7", "g6", "g5", "g4", "f4",
    "e4", "e5",
];
const GRAY_PATH: [&str; 18] = [
    "e9", "e8", "f8", "g8", "h7", "h6", "h5", "h4", "g3", "f3", "e3", "d3", "c4", "c5", "c6", "d6",
    "e6", "e5",
];
const MARKED: [(&str, &str); 6] = [
    ("c2", "b3"),
    ("b6", "c7"),
    ("f7", "g6"),
    ("g8", "h7"),
    ("h4", "g3"),
    ("d3", "c4"),
];

type Board = [[Option<Piece>; 9]; 9];

fn sq(f: i8, r: i8) -> Option<(i8, i8)> {
    ((0..9).contains(&f) && (0..9).contains(&r)).then_some((f, r))
}

fn name(f: i8, r: i8) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

fn read_board(pos: &Position) -> Board {
    let mut b: Board = [[None; 9]; 9];
    for p in Point::all() {
        b[p.file() as usize][p.rank() as usize] = pos.piece_at(p);
    }
    b
}

fn at(b: &Board, (f, r): (i8, i8)) -> Option<Piece> {
    b[f as usize][r as usize]
}

fn is_red_dot((f, r): (i8, i8)) -> bool {
    (f, r) == (4, 4)
}

fn path_of(side: Color, pow: bool) -> Vec<String> {
    let blue = (side == Color::Blue) != pow;
    let p = if blue { BLUE_PATH } else { GRAY_PATH };
    p.iter().map(|s| s.to_string()).collect()
}

/// Progress of both captains, read from where the captains stand.
fn ref_progress(b: &Board, pow: bool) -> [usize; 2] {
    let mut out = [99; 2];
    for f in 0..9 {
        for r in 0..9 {
            if let Some(p) = b[f as usize][r as usize] {
                if p.kind == PieceKind::Captain {
                    let path = path_of(p.color, pow);
                    out[p.color as usize] = path.iter().position(|s| *s == name(f, r)).unwrap();
                }
            }
        }
    }
    out
}

/// Breakthrough or lead winner (docs/RULES.md §5, items 1 and 2).
fn ref_win(pos: &Position) -> Option<(Color, bool)> {
    let b = read_board(pos);
    let pr = ref_progress(&b, pos.rules().start == bluegray_core::Start::Pow);
    for c in Color::BOTH {
        if pr[c as usize] == 17 {
            return Some((c, true));
        }
    }
    let lead = pos.rules().lead as usize;
    if lead > 0 {
        for c in Color::BOTH {
            if pr[c as usize] >= pr[c.other() as usize] + lead {
                return Some((c, false));
            }
        }
    }
    None
}

fn forward(c: Color) -> i8 {
    if c == Color::Blue {
        1
    } else {
        -1
    }
}

#[allow(clippy::too_many_arguments)]
fn ref_jumps(
    b: &mut Board,
    here: (i8, i8),
    dirs: &[(i8, i8)],
    enemy: Color,
    path: &mut Vec<String>,
    out: &mut Vec<String>,
) {
    let mut extended = false;
    for &(df, dr) in dirs {
        let (Some(over), Some(land)) = (
            sq(here.0 + df, here.1 + dr),
            sq(here.0 + 2 * df, here.1 + 2 * dr),
        ) else {
            continue;
        };
        let jumpable =
            matches!(at(b, over), Some(p) if p.color == enemy && p.kind != PieceKind::Captain);
        if jumpable && at(b, land).is_none() && !is_red_dot(land) {
            extended = true;
            let taken = b[over.0 as usize][over.1 as usize].take();
            path.push(name(land.0, land.1));
            ref_jumps(b, land, dirs, enemy, path, out);
            path.pop();
            b[over.0 as usize][over.1 as usize] = taken;
        }
    }
    if !extended && path.len() > 1 {
        out.push(path.join("x"));
    }
}

/// Every legal move as text, from the rules alone.
fn ref_moves(pos: &Position) -> Vec<String> {
    if ref_win(pos).is_some() {
        return Vec::new();
    }
    let rules = *pos.rules();
    let side = pos.side_to_move();
    let mut b = read_board(pos);
    let ortho = [(0, 1), (0, -1), (1, 0), (-1, 0)];
    let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    let private_dirs = [(0, forward(side)), (1, 0), (-1, 0)];
    let mut sergeant_jumps: Vec<(i8, i8)> = ortho.to_vec();
    if rules.jumps == bluegray_core::Jumps::Any {
        sergeant_jumps.extend(diag);
    }
    let guards: Vec<((i8, i8), PieceKind)> = (0..9)
        .flat_map(|f| (0..9).map(move |r| (f, r)))
        .filter_map(|s| match at(&b, s) {
            Some(p) if p.color == side && p.kind != PieceKind::Captain => Some((s, p.kind)),
            _ => None,
        })
        .collect();
    // Captures.
    let mut captures = Vec::new();
    for &(s, kind) in &guards {
        let dirs: &[(i8, i8)] = if kind == PieceKind::Private {
            &private_dirs
        } else {
            &sergeant_jumps
        };
        let me = b[s.0 as usize][s.1 as usize].take();
        let mut path = vec![name(s.0, s.1)];
        ref_jumps(&mut b, s, dirs, side.other(), &mut path, &mut captures);
        b[s.0 as usize][s.1 as usize] = me;
    }
    if !captures.is_empty() {
        return captures;
    }
    // Steps.
    let mut out = Vec::new();
    for &(s, kind) in &guards {
        let mut dirs: Vec<(i8, i8)> = Vec::new();
        if kind == PieceKind::Private {
            dirs.extend(private_dirs);
        } else {
            dirs.extend(ortho);
            for d in diag {
                let ok = match rules.diagonals {
                    bluegray_core::Diagonals::Anywhere => true,
                    bluegray_core::Diagonals::Marked => sq(s.0 + d.0, s.1 + d.1).is_some_and(|t| {
                        let (a, z) = (name(s.0, s.1), name(t.0, t.1));
                        MARKED
                            .iter()
                            .any(|(p, q)| (*p == a && *q == z) || (*p == z && *q == a))
                    }),
                };
                if ok {
                    dirs.push(d);
                }
            }
        }
        for (df, dr) in dirs {
            if let Some(t) = sq(s.0 + df, s.1 + dr) {
                if at(&b, t).is_none() && !is_red_dot(t) {
                    out.push(format!("{}-{}", name(s.0, s.1), name(t.0, t.1)));
                }
            }
        }
    }
    // The captain.
    let pow = rules.start == bluegray_core::Start::Pow;
    let path = path_of(side, pow);
    let progress = ref_progress(&b, pow)[side as usize];
    let last = match rules.captain {
        bluegray_core::CaptainMode::Standard => (progress + 1).min(17),
        bluegray_core::CaptainMode::Turbo => 17,
    };
    for k in progress + 1..=last {
        let t: Point = path[k].parse().unwrap();
        if pos.piece_at(t).is_some() {
            break;
        }
        out.push(format!("{}-{}", path[progress], path[k]));
    }
    out
}

/// The position code after `m`, from the rules alone (captured guards leave the board, the mover
/// lands on the last point, a private ending on the enemy's first rank promotes; counters).
fn ref_after(pos: &Position, m: &Move) -> String {
    let mut setup = pos.setup();
    let pts = m.points();
    let from = pts[0];
    let to = *pts.last().unwrap();
    let mut piece = setup.board[from.index()].take().unwrap();
    if m.is_capture() {
        for w in pts.windows(2) {
            let mid = Point::from_coords(
                (w[0].file() + w[1].file()) / 2,
                (w[0].rank() + w[1].rank()) / 2,
            )
            .unwrap();
            assert!(
                setup.board[mid.index()].take().is_some(),
                "{m}: nothing on {mid}"
            );
        }
    }
    let last_rank = if piece.color == Color::Blue { 8 } else { 0 };
    if piece.kind == PieceKind::Private && to.rank() == last_rank {
        piece.kind = PieceKind::Sergeant;
    }
    setup.board[to.index()] = Some(piece);
    let progress = m.is_capture() || piece.kind == PieceKind::Captain;
    setup.no_progress = if progress { 0 } else { setup.no_progress + 1 };
    if setup.side != pos.rules().first {
        setup.move_number += 1;
    }
    setup.side = setup.side.other();
    setup.to_string()
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

// ---------------------------------------------------------------------------------------------
// Playouts

/// Checks everything that holds of a single position.
fn check_position(pos: &Position) -> Result<(), TestCaseError> {
    let rules = *pos.rules();
    let code = pos.to_string();
    let back = Position::from_code(&code, rules);
    prop_assert_eq!(
        back.as_ref().ok(),
        Some(pos),
        "code {} does not round-trip",
        code
    );
    prop_assert_eq!(pos.hash(), pos.compute_hash(), "hash of {}", code);
    let all_guards = pos.guards(Color::Blue) | pos.guards(Color::Gray);
    prop_assert!(
        !all_guards.contains(Point::CENTRE),
        "guard on e5 in {}",
        code
    );
    prop_assert!((pos.guards(Color::Blue) & pos.guards(Color::Gray)).is_empty());
    prop_assert!((pos.privates() & !all_guards).is_empty());

    let moves = pos.legal_moves();
    prop_assert_eq!(
        pos.count_moves(),
        moves.len() as u64,
        "count_moves in {}",
        code
    );
    let texts: Vec<String> = moves.iter().map(Move::to_string).collect();
    let mut unique = texts.clone();
    unique.sort();
    unique.dedup();
    prop_assert_eq!(unique.len(), texts.len(), "duplicate moves in {}", code);
    prop_assert_eq!(
        unique,
        sorted(ref_moves(pos)),
        "moves differ from the reference in {}",
        code
    );
    prop_assert_eq!(
        pos.outcome().is_some(),
        ref_win(pos).is_some(),
        "win in {}",
        code
    );
    if pos.outcome().is_none() {
        prop_assert_eq!(pos.has_capture(), moves.iter().any(Move::is_capture));
    }
    if moves.iter().any(Move::is_capture) {
        prop_assert!(
            moves.iter().all(Move::is_capture),
            "capture not compulsory in {}",
            code
        );
    }
    for (m, text) in moves.iter().zip(&texts) {
        let parsed = pos.parse_move(text);
        prop_assert_eq!(parsed.as_ref().ok(), Some(m), "{} in {}", text, code);
        prop_assert_eq!(m.points()[0], m.from());
        prop_assert_eq!(*m.points().last().unwrap(), m.to());
        prop_assert_eq!(m.captured().len(), m.capture_count());
        match m.kind() {
            MoveKind::Capture => prop_assert!(m.capture_count() >= 1),
            MoveKind::Captain => {
                prop_assert_eq!(m.from(), pos.captain(pos.side_to_move()));
                prop_assert_eq!(m.capture_count(), 0)
            }
            MoveKind::Step => prop_assert_eq!(m.capture_count(), 0),
        }
    }
    Ok(())
}

/// Checks a move: the resulting position matches the reference, counts only fall as they should.
fn check_move(before: &Position, m: &Move, after: &Position) -> Result<(), TestCaseError> {
    let us = before.side_to_move();
    let them = us.other();
    prop_assert_eq!(
        after.to_string(),
        ref_after(before, m),
        "{} from {}",
        m,
        before
    );
    prop_assert_eq!(after.guards(us).count(), before.guards(us).count());
    prop_assert_eq!(
        after.guards(them).count() as usize + m.capture_count(),
        before.guards(them).count() as usize
    );
    prop_assert!(after.privates().count() <= before.privates().count());
    prop_assert!(after.progress(us) >= before.progress(us));
    prop_assert_eq!(after.progress(them), before.progress(them));
    Ok(())
}

/// The game-end rules of §5, tracked independently of `Game`.
struct RefGame {
    seen: HashMap<String, usize>,
    no_progress: u32,
}

impl RefGame {
    fn key(pos: &Position) -> String {
        let code = pos.to_string();
        let mut f = code.split(' ');
        format!("{} {}", f.next().unwrap(), f.next().unwrap())
    }

    fn new(start: &Position) -> RefGame {
        let mut seen = HashMap::new();
        seen.insert(RefGame::key(start), 1);
        RefGame {
            seen,
            no_progress: start.no_progress() as u32,
        }
    }

    fn record(&mut self, m: &Move, after: &Position) {
        *self.seen.entry(RefGame::key(after)).or_default() += 1;
        self.no_progress = if m.is_capture() || m.kind() == MoveKind::Captain {
            0
        } else {
            self.no_progress + 1
        };
    }

    fn outcome(&self, pos: &Position) -> Option<Outcome> {
        let (blue, gray) = (pos.progress(Color::Blue), pos.progress(Color::Gray));
        if let Some((winner, breakthrough)) = ref_win(pos) {
            let reason = if breakthrough {
                EndReason::Breakthrough
            } else {
                let (w, l) = if winner == Color::Blue {
                    (blue, gray)
                } else {
                    (gray, blue)
                };
                EndReason::Lead {
                    winner: w,
                    loser: l,
                }
            };
            return Some(Outcome {
                winner: Some(winner),
                reason,
            });
        }
        let cause = if ref_moves(pos).is_empty() {
            ImpasseCause::NoMoves
        } else if self.seen[&RefGame::key(pos)] >= 3 {
            ImpasseCause::Repetition
        } else if pos.rules().impasse_plies > 0
            && self.no_progress >= pos.rules().impasse_plies as u32
        {
            ImpasseCause::NoProgress
        } else {
            return None;
        };
        let winner = match blue.cmp(&gray) {
            std::cmp::Ordering::Greater => Some(Color::Blue),
            std::cmp::Ordering::Less => Some(Color::Gray),
            std::cmp::Ordering::Equal => None,
        };
        Some(Outcome {
            winner,
            reason: EndReason::Impasse { cause, blue, gray },
        })
    }
}

const MAX_PLIES: usize = 200;

fn playout(spec: &str, choices: &[u32]) -> Result<(), TestCaseError> {
    let variant: Variant = spec.parse().unwrap();
    let mut game = Game::new(variant);
    let mut reference = RefGame::new(game.position());
    for &choice in choices.iter().take(MAX_PLIES) {
        let pos = *game.position();
        check_position(&pos)?;
        prop_assert_eq!(
            game.outcome(),
            reference.outcome(&pos),
            "outcome of {}",
            pos
        );
        if game.outcome().is_some() {
            prop_assert!(game.legal_moves().is_empty());
            break;
        }
        let moves = game.legal_moves();
        prop_assert!(!moves.is_empty(), "game goes on without a move in {}", pos);
        let m = moves[choice as usize % moves.len()];
        game.play(m).unwrap();
        check_move(&pos, &m, game.position())?;
        reference.record(&m, game.position());
    }
    if game.outcome().is_some() {
        prop_assert!(game.legal_moves().is_empty());
        prop_assert!(game.play_text("e1-e2").is_err());
    }
    // The record round-trips.
    let back = reread(&game)?;
    prop_assert_eq!(back.variant(), game.variant());
    prop_assert_eq!(back.position(), game.position());
    let (moves_played, outcome) = (game.moves().to_vec(), game.outcome());
    // A game started from one of the positions on the way (a Position tag, and numbering that
    // may start with the second player's move) round-trips too, and ends the same way unless
    // the history it lacks (repetitions) mattered.
    let n = game.moves().len();
    let k = choices.first().map_or(0, |&c| c as usize % (n + 1));
    let mut tail = Game::from_position(variant, game.positions()[k]);
    for m in &game.moves()[k..] {
        if tail.play(*m).is_err() {
            break;
        }
    }
    let back = reread(&tail)?;
    prop_assert_eq!(back.start_position(), tail.start_position());
    if k > 0 {
        let tag = back.record().tag("Position").map(str::to_string);
        prop_assert_eq!(tag, Some(game.positions()[k].to_string()));
    }
    // Undo all the way back and redo all the way forward.
    for _ in 0..n {
        prop_assert!(game.undo().is_some());
    }
    prop_assert_eq!(game.position(), &Position::new(variant.rules));
    prop_assert_eq!(game.outcome(), None);
    for _ in 0..n {
        prop_assert!(game.redo().is_some());
    }
    prop_assert_eq!(game.moves(), &moves_played[..]);
    prop_assert_eq!(game.outcome(), outcome);
    Ok(())
}

/// `game` written as a record and read back, checked to have the same moves and outcome.
fn reread(game: &Game) -> Result<Game, TestCaseError> {
    let text = game.record().to_string();
    let back = Game::from_record(&text)
        .map_err(|e| TestCaseError::fail(format!("record does not parse: {e}\n{text}")))?;
    prop_assert_eq!(back.moves(), game.moves(), "{}", text);
    prop_assert_eq!(back.outcome(), game.outcome(), "{}", text);
    Ok(back)
}

fn choices() -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(any::<u32>(), MAX_PLIES)
}

macro_rules! playouts {
    ($($test:ident: $spec:expr, $cases:expr;)*) => {$(
        proptest! {
            #![proptest_config(Config { cases: $cases, ..Config::default() })]
            #[test]
            fn $test(c in choices()) {
                playout($spec, &c)?;
            }
        }
    )*};
}

playouts! {
    playout_sackson: "sackson", 6;
    playout_classic: "classic", 4;
    playout_classic_pow: "classic-pow", 4;
    playout_classic_light: "classic-light", 4;
    playout_classic_light_pow: "classic-light-pow", 4;
    playout_classic_turbo: "classic-turbo", 4;
    playout_classic_turbo_pow: "classic-turbo-pow", 4;
    playout_classic_turbo_light: "classic-turbo-light", 4;
    playout_classic_turbo_light_pow: "classic-turbo-light-pow", 4;
    playout_super: "super", 4;
    playout_super_pow: "super-pow", 4;
    playout_super_light: "super-light", 4;
    playout_super_light_pow: "super-light-pow", 4;
    playout_super_turbo: "super-turbo", 4;
    playout_super_turbo_pow: "super-turbo-pow", 4;
    playout_super_turbo_light: "super-turbo-light", 4;
    playout_super_turbo_light_pow: "super-turbo-light-pow", 4;
    playout_sackson_jumps_any: "sackson,jumps=any", 4;
    playout_sackson_marked: "sackson,diagonals=marked", 4;
    playout_sackson_marked_jumps_any: "sackson,diagonals=marked,jumps=any", 4;
    playout_classic_light_first_gray: "classic-light,first=gray", 4;
    playout_super_turbo_jumps_any_first_gray: "super-turbo,jumps=any,first=gray", 4;
    playout_classic_turbo_light_lead_short_impasse: "classic-turbo-light,lead=2,impasse_plies=20", 4;
    playout_sackson_no_impasse: "sackson,impasse_plies=0,army=light", 4;
}

#[test]
fn every_named_variant_is_played_out() {
    // The playouts above cover all 17 names.
    let covered = [
        "sackson",
        "classic",
        "classic-pow",
        "classic-light",
        "classic-light-pow",
        "classic-turbo",
        "classic-turbo-pow",
        "classic-turbo-light",
        "classic-turbo-light-pow",
        "super",
        "super-pow",
        "super-light",
        "super-light-pow",
        "super-turbo",
        "super-turbo-pow",
        "super-turbo-light",
        "super-turbo-light-pow",
    ];
    for n in VariantName::all() {
        assert!(covered.contains(&n.to_string().as_str()), "{n}");
    }
}

#[test]
fn reference_agrees_on_fixed_positions() {
    for (spec, code) in [
        // A lattice of Gray guards: looping capture sequences of up to six jumps.
        (
            "sackson",
            "4c4/9/1s1sS4/s1s1s4/1s1s5/s1s1s4/Ss1s5/9/4C4 b 0 1",
        ),
        (
            "sackson,jumps=any",
            "4c4/9/1s1sS4/s1s1s4/1s1s5/s1s1s4/Ss1s5/9/4C4 b 0 1",
        ),
        (
            "super",
            "4c4/9/1p1pP4/p1p1p4/1p1p5/p1p1p4/Pp1p5/9/4C4 b 0 1",
        ),
        (
            "super",
            "4c4/9/1p1pP4/p1p1p4/1p1p5/p1p1p4/Pp1p5/9/4C4 g 0 1",
        ),
        ("sackson,diagonals=marked", "4c4/9/9/9/9/9/9/9/1SS1C4 b 0 1"),
        ("classic-turbo-pow", "4C4/9/9/9/9/9/9/9/4c4 g 0 1"),
    ] {
        let pos = Position::from_code(code, spec.parse::<Variant>().unwrap().rules).unwrap();
        check_position(&pos).unwrap();
        for m in pos.legal_moves() {
            check_move(&pos, &m, &pos.played(&m)).unwrap();
        }
    }
}

#[test]
fn reference_agrees_on_the_forced_double_capture() {
    let code = "1sssc2s1/s1sss1ss1/3s2s2/2S2s3/3S1SS2/2S3S2/4S3S/8S/SS1SCS1SS b 0 1";
    let pos = Position::from_code(code, Variant::default().rules).unwrap();
    assert_eq!(ref_moves(&pos), ["f5xf7xh7"]);
}

/// Perft with the reference generator, for the shallow counts of docs/RULES.md §8.
fn ref_perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    ref_moves(pos)
        .iter()
        .map(|t| ref_perft(&pos.played(&pos.parse_move(t).unwrap()), depth - 1))
        .sum()
}

#[test]
fn reference_agrees_with_the_perft_table() {
    let start = |s: &str| Position::new(s.parse::<Variant>().unwrap().rules);
    assert_eq!(ref_perft(&start("sackson"), 2), 625);
    assert_eq!(ref_perft(&start("super"), 3), 1098);
    assert_eq!(ref_perft(&start("classic-turbo-light"), 2), 2025);
}

// ---------------------------------------------------------------------------------------------
// Fuzzing the parsers

/// A fixed pseudo-random playout, for sample codes, records and moves.
fn sample_game(spec: &str, plies: usize, seed: u64) -> Game {
    let mut g = Game::new(spec.parse().unwrap());
    let mut s = seed;
    for _ in 0..plies {
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        g.play(moves[(s >> 33) as usize % moves.len()]).unwrap();
    }
    g
}

fn samples() -> &'static [String] {
    static SAMPLES: OnceLock<Vec<String>> = OnceLock::new();
    SAMPLES.get_or_init(build_samples)
}

fn build_samples() -> Vec<String> {
    let mut out: Vec<String> = vec![
        "e5",
        "a1",
        "I9",
        "c3xc5xa5",
        "e1-e2",
        " D2-D3 ",
        "b2xb4xd4xd2xb2",
        "sackson",
        "classic-turbo,lead=2,first=gray",
        "super-light-pow,jumps=any,diagonals=marked,impasse_plies=10",
        "sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS b 0 1",
        "1sssc2s1/s1sss1ss1/3s2s2/2S2s3/3S1SS2/2S3S2/4S3S/8S/SS1SCS1SS b 0 1",
        "[Variant \"sackson\"]\n[Blue \"A \\\"B\\\"\"]\n\n1. a2-a3 {c} a8-a7 2...b2-b3 1/2-1/2",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    for (spec, plies, seed) in [
        ("sackson", 40, 1),
        ("super-turbo-light", 60, 2),
        ("classic-pow,first=gray", 30, 3),
    ] {
        let g = sample_game(spec, plies, seed);
        out.push(g.position().to_string());
        out.push(g.record().to_string());
        out.extend(g.moves().iter().take(5).map(Move::to_string));
        let mut from_pos = Game::from_position(*g.variant(), *g.position());
        for m in g.position().legal_moves().into_iter().take(1) {
            from_pos.play(m).unwrap();
        }
        out.push(from_pos.record().to_string());
    }
    out
}

/// Positions to parse moves in: starts, midgames, a capture position.
fn move_positions() -> &'static [Position] {
    static POSITIONS: OnceLock<Vec<Position>> = OnceLock::new();
    POSITIONS.get_or_init(build_move_positions)
}

fn build_move_positions() -> Vec<Position> {
    let mut out = vec![
        Position::new(Variant::default().rules),
        Position::from_code(
            "1sssc2s1/s1sss1ss1/3s2s2/2S2s3/3S1SS2/2S3S2/4S3S/8S/SS1SCS1SS b 0 1",
            Variant::default().rules,
        )
        .unwrap(),
    ];
    out.push(*sample_game("super-turbo-light", 60, 2).position());
    out.push(*sample_game("sackson,jumps=any", 50, 4).position());
    out
}

/// Every parser on `text`: none may panic, and whatever parses prints back to itself.
fn parse_everything(text: &str, positions: &[Position]) -> Result<(), TestCaseError> {
    if let Ok(p) = text.parse::<Point>() {
        prop_assert_eq!(p.to_string().parse::<Point>().unwrap(), p);
    }
    if let Ok(mt) = text.parse::<MoveText>() {
        prop_assert_eq!(mt.to_string().parse::<MoveText>().unwrap(), mt);
    }
    if let Ok(s) = text.parse::<Setup>() {
        prop_assert_eq!(s.to_string().parse::<Setup>().unwrap(), s);
    }
    if let Ok(v) = text.parse::<Variant>() {
        prop_assert_eq!(v.to_string().parse::<Variant>().unwrap(), v);
    }
    let _ = text.parse::<VariantName>();
    for spec in ["sackson", "super-pow", "classic-light,jumps=any"] {
        let rules = spec.parse::<Variant>().unwrap().rules;
        if let Ok(p) = Position::from_code(text, rules) {
            prop_assert_eq!(Position::from_code(&p.to_string(), rules).unwrap(), p);
            let _ = p.legal_moves();
            let _ = Game::from_position(spec.parse().unwrap(), p).outcome();
        }
    }
    for p in positions {
        match p.parse_move(text) {
            Ok(m) => prop_assert!(p.legal_moves().contains(&m)),
            // A refusal names its rule, the points involved, and says it in words.
            Err(MoveError::Illegal { reason, .. }) => {
                prop_assert!(!reason.code().is_empty());
                prop_assert!(!reason.to_string().is_empty());
                prop_assert!(!reason.points().is_empty(), "{:?}", reason);
            }
            Err(_) => {}
        }
    }
    if let Ok(rec) = text.parse::<GameRecord>() {
        let _ = rec.to_string();
        let _ = rec.to_game();
    }
    if let Ok(g) = Game::from_record(text) {
        let again = Game::from_record(&g.record().to_string());
        prop_assert!(again.is_ok(), "{:?}", again.err());
        let again = again.unwrap();
        prop_assert_eq!(again.moves(), g.moves());
    }
    Ok(())
}

/// Edits a text: each edit deletes, inserts or replaces one character.
fn mutate(text: &str, edits: &[(u8, usize, char)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(op, at, c) in edits {
        let i = if chars.is_empty() {
            0
        } else {
            at % (chars.len() + 1)
        };
        match op % 3 {
            0 if i < chars.len() => {
                chars.remove(i);
            }
            1 => chars.insert(i, c),
            _ if i < chars.len() => chars[i] = c,
            _ => chars.push(c),
        }
    }
    chars.into_iter().collect()
}

/// Characters that mean something to some parser, and a few that mean nothing.
fn interesting_char() -> impl Strategy<Value = char> {
    prop::sample::select(
        "abcdefghijxzABCDEIX0123456789/ -,=[]\"\\{}.*\nSCPscpbgé\t"
            .chars()
            .collect::<Vec<_>>(),
    )
}

proptest! {
    #![proptest_config(Config { cases: 256, ..Config::default() })]

    #[test]
    fn arbitrary_strings_never_panic(text in ".{0,60}") {
        parse_everything(&text, move_positions())?;
    }

    #[test]
    fn strings_of_notation_characters_never_panic(
        text in prop::collection::vec(interesting_char(), 0..40)
    ) {
        let text: String = text.into_iter().collect();
        parse_everything(&text, move_positions())?;
    }

    #[test]
    fn mutated_valid_texts_never_panic(
        which in any::<prop::sample::Index>(),
        edits in prop::collection::vec((any::<u8>(), any::<usize>(), interesting_char()), 1..6),
    ) {
        let samples = samples();
        let text = mutate(which.get::<String>(samples), &edits);
        parse_everything(&text, move_positions())?;
    }
}

/// Any text, control characters and line breaks included, as a tag value or comment might hold.
fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![
        ".{0,30}",
        prop::collection::vec(any::<char>(), 0..30).prop_map(|c| c.into_iter().collect()),
        prop::collection::vec(
            prop::sample::select(vec![
                '\n', '\r', '\t', '\u{0}', '\u{1b}', '\u{85}', '\u{2028}', '"', '\\', '{', '}',
                '[', ']', 'u', ' ', 'a'
            ]),
            0..20
        )
        .prop_map(|c| c.into_iter().collect()),
    ]
}

proptest! {
    #![proptest_config(Config { cases: 256, ..Config::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..80)) {
        parse_everything(&String::from_utf8_lossy(&bytes), move_positions())?;
    }

    /// Every tag value survives a record: written, read back, and written again unchanged.
    #[test]
    fn any_tag_value_round_trips(values in prop::collection::vec(any_text(), 1..4), plies in 0usize..6) {
        let mut g = sample_game("classic", plies, 3);
        for (i, v) in values.iter().enumerate() {
            g.set_tag(&format!("Tag{i}"), v).unwrap();
        }
        let text = g.record().to_string();
        let back = Game::from_record(&text);
        prop_assert!(back.is_ok(), "{:?} in\n{}", back.err(), text);
        let back = back.unwrap();
        prop_assert_eq!(back.tags(), g.tags());
        for (i, v) in values.iter().enumerate() {
            prop_assert_eq!(back.tag(&format!("tag{i}")), Some(v.as_str()));
        }
        prop_assert_eq!(back.moves(), g.moves());
        prop_assert_eq!(back.record().to_string(), text);
    }

    /// An ending by the players survives a record (docs/RULES.md §6.4): the game read back
    /// has the same outcome, moves and tags, and writes the same text.
    #[test]
    fn an_ending_by_the_players_round_trips(
        spec in prop::sample::select(vec!["sackson", "classic", "super-turbo-light", "sackson,first=gray"]),
        plies in 0usize..12,
        seed in any::<u64>(),
        how in 0u8..6,
        player in any_text(),
    ) {
        let mut g = sample_game(spec, plies, seed);
        g.set_tag("Blue", &player).unwrap();
        let ended = match how {
            0 => g.resign(Color::Blue),
            1 => g.resign(Color::Gray),
            2 => g.agree_draw(),
            3 => g.flag(Color::Blue),
            4 => g.flag(Color::Gray),
            _ => g.abort(),
        };
        let text = g.record().to_string();
        let back = Game::from_record(&text);
        prop_assert!(back.is_ok(), "{:?} in\n{}", back.err(), text);
        let back = back.unwrap();
        prop_assert_eq!(back.outcome(), g.outcome());
        if ended.is_ok() {
            prop_assert!(g.outcome().unwrap().reason.by_players());
            prop_assert!(text.contains("[Termination \""), "{}", text);
        }
        prop_assert_eq!(back.moves(), g.moves());
        prop_assert_eq!(back.tags(), g.tags());
        prop_assert_eq!(back.record().to_string(), text);
    }

    /// Comments in a record are kept where they are when the game is written out again.
    #[test]
    fn comments_round_trip(
        comments in prop::collection::vec((0usize..8, any_text()), 0..5),
        plies in 0usize..8,
    ) {
        let g = sample_game("sackson", plies, 5);
        let mut rec = g.record();
        let n = rec.moves.len();
        let mut comments: Vec<(usize, String)> = comments
            .into_iter()
            .map(|(at, text)| (at.min(n), text))
            .collect();
        comments.sort_by_key(|c| c.0);
        rec.comments = comments;
        let text = rec.to_string();
        let back = Game::from_record(&text);
        prop_assert!(back.is_ok(), "{:?} in\n{}", back.err(), text);
        let again = back.unwrap().record();
        prop_assert_eq!(again.comments.len(), rec.comments.len());
        for ((at, c), (at2, c2)) in rec.comments.iter().zip(&again.comments) {
            prop_assert_eq!(at, at2);
            let folded: Vec<&str> = c.split(|ch: char| ch.is_whitespace() || ch == '}').filter(|w| !w.is_empty()).collect();
            prop_assert_eq!(folded.join(" "), c2.clone());
        }
        prop_assert_eq!(again.to_string(), text);
    }
}

proptest! {
    #![proptest_config(Config { cases: 256, ..Config::default() })]

    /// A record cut off inside a comment is refused, and the error points at the comment's `{`.
    #[test]
    fn a_record_cut_inside_a_comment_says_where_the_comment_opens(
        comment in any_text(),
        at in 0usize..8,
        plies in 0usize..8,
        cut in any::<prop::sample::Index>(),
    ) {
        let g = sample_game("sackson", plies, 5);
        let mut rec = g.record();
        rec.comments = vec![(at.min(rec.moves.len()), comment)];
        let text = rec.to_string();
        // The tags hold no brace, and a written comment no `}`.
        let open = text.find('{').unwrap();
        let close = open + text[open..].find('}').unwrap();
        let cuts: Vec<usize> = (open + 1..=close).filter(|&i| text.is_char_boundary(i)).collect();
        let cut_text = &text[..cuts[cut.index(cuts.len())]];
        let line_start = text[..open].rfind('\n').map_or(0, |i| i + 1);
        let expected = RecordError::UnclosedComment {
            line: text[..open].matches('\n').count() + 1,
            column: text[line_start..open].chars().count() + 1,
        };
        prop_assert_eq!(cut_text.parse::<GameRecord>(), Err(expected));
    }
}

/// Checks what a refusal claims against the position it refuses a move in.
fn refusal_holds(p: &Position, text: &str, why: &IllegalMove) -> Result<(), TestCaseError> {
    let side = p.side_to_move();
    match why {
        IllegalMove::NoPiece { point, .. } => prop_assert!(p.piece_at(*point).is_none()),
        IllegalMove::NotYourPiece { point, .. } => {
            prop_assert!(p.piece_at(*point).is_some_and(|x| x.color != side))
        }
        IllegalMove::Occupied { point } | IllegalMove::CaptainBlocked { blocker: point, .. } => {
            prop_assert!(p.piece_at(*point).is_some(), "{text}: {why}")
        }
        IllegalMove::RedDotReserved { point } => prop_assert_eq!(*point, Point::CENTRE),
        IllegalMove::CaptureCompulsory { captures } => {
            prop_assert!(!captures.is_empty() && captures.iter().all(Move::is_capture));
            prop_assert_eq!(captures, &p.legal_moves());
        }
        IllegalMove::JumpMustContinue { example, .. }
        | IllegalMove::WrongSeparator { intended: example } => {
            prop_assert!(p.legal_moves().contains(example))
        }
        IllegalMove::NothingToJump { over, .. } => prop_assert!(!matches!(
            p.piece_at(*over),
            Some(x) if x.color != side && x.kind != PieceKind::Captain
        )),
        IllegalMove::CaptainCannotBeJumped { over, .. } => {
            prop_assert!(p
                .piece_at(*over)
                .is_some_and(|x| x.kind == PieceKind::Captain))
        }
        IllegalMove::NotLegal { .. } | IllegalMove::PieceCannotMove { .. } => {
            prop_assert!(false, "{text} in {p}: no specific rule: {why}")
        }
        _ => {}
    }
    Ok(())
}

proptest! {
    #![proptest_config(Config { cases: 64, ..Config::default() })]

    /// Every refused step or jump between nearby points names a rule whose claim holds.
    #[test]
    fn refusals_name_a_rule_that_holds(
        spec in prop::sample::select(vec!["sackson", "super", "classic-turbo-light-pow", "sackson,jumps=any,diagonals=marked", "super-turbo"]),
        plies in 0usize..40,
        seed in any::<u64>(),
    ) {
        let g = sample_game(spec, plies, seed);
        let p = *g.position();
        if p.outcome().is_some() {
            return Ok(());
        }
        for from in Point::all() {
            for to in Point::all() {
                let (df, dr) = (to.file() - from.file(), to.rank() - from.rank());
                if df.abs() > 2 || dr.abs() > 2 {
                    continue;
                }
                for sep in ["-", "x"] {
                    let text = format!("{from}{sep}{to}");
                    match p.parse_move(&text) {
                        Ok(m) => prop_assert!(p.legal_moves().contains(&m)),
                        Err(MoveError::Illegal { reason, .. }) => refusal_holds(&p, &text, &reason)?,
                        Err(e) => prop_assert!(false, "{text}: {e}"),
                    }
                }
            }
        }
    }

    /// A game's time control and its moves' clock times survive its record.
    #[test]
    fn clocks_round_trip(
        spec in prop::sample::select(vec!["sackson", "classic", "super-turbo-light"]),
        plies in 0usize..12,
        seed in any::<u64>(),
        control in prop::sample::select(vec!["1+0", "5+3", "0.05+0", "3d", "none"]),
        times in prop::collection::vec(0u64..20_000_000, 12),
    ) {
        let mut g = Game::new(spec.parse().unwrap());
        g.set_tag("TimeControl", control).unwrap();
        let mut s = seed;
        for t in times.iter().take(plies) {
            let legal = g.legal_moves();
            if legal.is_empty() {
                break;
            }
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = legal[(s >> 33) as usize % legal.len()];
            g.play(m).unwrap();
            g.set_clock(t / 100 * 100);
        }
        let text = g.record().to_string();
        let back = Game::from_record(&text);
        prop_assert!(back.is_ok(), "{:?} in\n{}", back.err(), text);
        let back = back.unwrap();
        prop_assert_eq!(back.clocks(), g.clocks());
        prop_assert_eq!(back.time_control(), control.parse::<bluegray_core::TimeControl>().unwrap());
        prop_assert_eq!(back.time_control().to_string(), control);
        prop_assert_eq!(back.record().to_string(), text);
    }
}
