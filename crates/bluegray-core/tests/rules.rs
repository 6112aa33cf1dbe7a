//! One test per rule of docs/RULES.md, each on a constructed position with its legal moves written out
//! in full. Every expected list is derived by hand from the rules; the comments say how.

use bluegray_core::{Army, CaptainMode, Diagonals, GuardKind, Jumps, Start};
use bluegray_core::{
    Color, EndReason, Game, GameRecord, IllegalMove, ImpasseCause, MoveError, MoveKind, Outcome,
    ParseMoveError, PieceKind, Point, Position, PositionCodeError, RecordError, Rules, Variant,
    VariantError, VariantName,
};

// ---------------------------------------------------------------------------------------------
// Helpers

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

fn variant(spec: &str) -> Variant {
    spec.parse().unwrap_or_else(|e| panic!("{spec}: {e}"))
}

/// A position code built from a piece list such as `"Ce1 Sd4 ce9 pf6"` (letter as in codes, then
/// the point), the side to move and the two counters.
fn code_with(pieces: &str, side: char, no_progress: u16, move_number: u16) -> String {
    let mut board = [['.'; 9]; 9];
    for tok in pieces.split_whitespace() {
        let mut chars = tok.chars();
        let letter = chars.next().unwrap();
        let p = pt(chars.as_str());
        let cell = &mut board[p.rank() as usize][p.file() as usize];
        assert_eq!(*cell, '.', "two pieces on {p}");
        *cell = letter;
    }
    let mut ranks = Vec::new();
    for rank in board.iter().rev() {
        let mut s = String::new();
        let mut empty = 0;
        for &c in rank {
            if c == '.' {
                empty += 1;
            } else {
                if empty > 0 {
                    s.push_str(&empty.to_string());
                    empty = 0;
                }
                s.push(c);
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        ranks.push(s);
    }
    format!("{} {side} {no_progress} {move_number}", ranks.join("/"))
}

fn code(pieces: &str, side: char) -> String {
    code_with(pieces, side, 0, 1)
}

fn pos(spec: &str, pieces: &str, side: char) -> Position {
    let c = code(pieces, side);
    Position::from_code(&c, variant(spec).rules).unwrap_or_else(|e| panic!("{c}: {e}"))
}

fn game(spec: &str, pieces: &str, side: char) -> Game {
    Game::from_code(variant(spec), &code(pieces, side)).unwrap()
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn move_list(p: &Position) -> Vec<String> {
    sorted(p.legal_moves().iter().map(|m| m.to_string()).collect())
}

#[track_caller]
fn assert_moves(p: &Position, expected: &[&str]) {
    let want = sorted(expected.iter().map(|s| s.to_string()).collect());
    assert_eq!(move_list(p), want, "legal moves of {p}");
    assert_eq!(p.count_moves(), want.len() as u64, "count_moves of {p}");
}

/// The position after the move written `text`, which must be legal.
fn after(p: &Position, text: &str) -> Position {
    let m = p
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text} in {p}: {e}"));
    p.played(&m)
}

fn illegal_reason(p: &Position, text: &str) -> String {
    refusal(p, text).to_string()
}

/// The rule that refuses the move `text`, which must be well formed and illegal.
fn refusal(p: &Position, text: &str) -> IllegalMove {
    match p.parse_move(text) {
        Err(MoveError::Illegal { reason, .. }) => reason,
        other => panic!("{text} in {p}: expected an illegal move, got {other:?}"),
    }
}

#[test]
fn code_helper_writes_the_rules_start_code() {
    let full = "Sa1 Sb1 Sc1 Sd1 Ce1 Sf1 Sg1 Sh1 Si1 Sa2 Sb2 Sc2 Sd2 Se2 Sf2 Sg2 Sh2 Si2 \
                sa9 sb9 sc9 sd9 ce9 sf9 sg9 sh9 si9 sa8 sb8 sc8 sd8 se8 sf8 sg8 sh8 si8";
    assert_eq!(
        code(full, 'b'),
        "sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS b 0 1"
    );
}

// ---------------------------------------------------------------------------------------------
// §4.1 Captain

#[test]
fn captain_steps_along_its_path() {
    // Blue's path: e1 -> e2; a1 has three empty neighbours.
    assert_moves(
        &pos("sackson", "Ce1 Sa1 ce9", 'b'),
        &["a1-a2", "a1-b1", "a1-b2", "e1-e2"],
    );
    // Gray's path: e9 -> e8.
    assert_moves(
        &pos("sackson", "Ce1 ce9 si9", 'g'),
        &["e9-e8", "i9-h8", "i9-h9", "i9-i8"],
    );
    // Mid-path: Blue's captain on b6 (progress 7) goes on to c7 (diagonally, as the path runs).
    assert_moves(
        &pos("sackson", "Cb6 ce9 Si1", 'b'),
        &["b6-c7", "i1-h1", "i1-h2", "i1-i2"],
    );
}

#[test]
fn captain_blocked_by_an_enemy_guard() {
    // Gray's guard on e2 blocks Blue's captain; it cannot be jumped by the captain, and a1 is
    // not next to it.
    assert_moves(
        &pos("sackson", "Ce1 Sa1 se2 ce9", 'b'),
        &["a1-a2", "a1-b1", "a1-b2"],
    );
    // Mid-path: Gray's guard on b5 blocks the captain on b4.
    assert_moves(
        &pos("sackson", "Cb4 sb5 ce9 Si1", 'b'),
        &["i1-h1", "i1-h2", "i1-i2"],
    );
    // Gray's captain blocked by a Blue guard on e8.
    assert_moves(
        &pos("sackson", "Ce1 ce9 Se8 si1", 'g'),
        &["i1-h1", "i1-h2", "i1-i2"],
    );
}

#[test]
fn captain_blocked_by_an_own_guard() {
    // Blue's guard on e2: the captain cannot move; the guard steps to its 7 empty neighbours
    // (e1 holds the captain).
    assert_moves(
        &pos("sackson", "Ce1 Se2 ce9", 'b'),
        &[
            "e2-d1", "e2-d2", "e2-d3", "e2-e3", "e2-f1", "e2-f2", "e2-f3",
        ],
    );
    assert_moves(
        &pos("sackson", "Ce1 ce9 se8", 'g'),
        &[
            "e8-d7", "e8-d8", "e8-d9", "e8-e7", "e8-f7", "e8-f8", "e8-f9",
        ],
    );
}

#[test]
fn captains_cannot_be_jumped() {
    // Blue's guard d5 next to Gray's captain on d6 (Gray's progress 15) with d7 empty: no capture.
    // d5 steps anywhere but d6 (captain) and e5 (red dot).
    assert_moves(
        &pos("sackson", "Ce1 Sd5 cd6", 'b'),
        &[
            "d5-c4", "d5-c5", "d5-c6", "d5-d4", "d5-e4", "d5-e6", "e1-e2",
        ],
    );
    // Gray's guard e3 above Blue's captain on e2 with e1 empty: no capture.
    assert_moves(
        &pos("sackson", "Ce2 se3 ce9", 'g'),
        &[
            "e3-d2", "e3-d3", "e3-d4", "e3-e4", "e3-f2", "e3-f3", "e3-f4", "e9-e8",
        ],
    );
    // Not even with diagonal jumps.
    let p = pos("sackson,jumps=any", "Ce2 sf3 ce9", 'g');
    assert!(p.legal_moves().iter().all(|m| !m.is_capture()));
}

// ---------------------------------------------------------------------------------------------
// §4.2 Sergeants

#[test]
fn sergeants_step_in_eight_directions_with_diagonals_anywhere() {
    // c2, f5 and b6; f5 may not step onto the red dot e5.
    assert_moves(
        &pos("sackson", "Ce1 Sc2 Sf5 Sb6 ce9", 'b'),
        &[
            "b6-a5", "b6-a6", "b6-a7", "b6-b5", "b6-b7", "b6-c5", "b6-c6", "b6-c7", //
            "c2-b1", "c2-b2", "c2-b3", "c2-c1", "c2-c3", "c2-d1", "c2-d2", "c2-d3", //
            "e1-e2", "f5-e4", "f5-e6", "f5-f4", "f5-f6", "f5-g4", "f5-g5", "f5-g6",
        ],
    );
}

#[test]
fn sergeants_step_diagonally_only_along_marked_lines_with_diagonals_marked() {
    // Marked segments: c2-b3 and b6-c7 (among the six). f5 touches none: orthogonal only.
    assert_moves(
        &pos("sackson,diagonals=marked", "Ce1 Sc2 Sf5 Sb6 ce9", 'b'),
        &[
            "b6-a6", "b6-b5", "b6-b7", "b6-c6", "b6-c7", //
            "c2-b2", "c2-b3", "c2-c1", "c2-c3", "c2-d2", //
            "e1-e2", "f5-f4", "f5-f6", "f5-g5",
        ],
    );
    // Both ends of the other four segments, for Gray: g6-f7, g8-h7, h4-g3, d3-c4.
    assert_moves(
        &pos("sackson,diagonals=marked", "Ce1 ce9 sf7 sh7 sg3 sc4", 'g'),
        &[
            "c4-b4", "c4-c3", "c4-c5", "c4-d3", "c4-d4", //
            "e9-e8", //
            "f7-e7", "f7-f6", "f7-f8", "f7-g6", "f7-g7", //
            "g3-f3", "g3-g2", "g3-g4", "g3-h3", "g3-h4", //
            "h7-g7", "h7-g8", "h7-h6", "h7-h8", "h7-i7",
        ],
    );
}

#[test]
fn sergeants_jump_orthogonally_only_by_default() {
    // Gray's guard b4 is diagonally next to c3, a5 is empty: no capture without jumps=any.
    assert_moves(
        &pos("sackson", "Ce1 Sc3 sb4 ce9", 'b'),
        &[
            "c3-b2", "c3-b3", "c3-c2", "c3-c4", "c3-d2", "c3-d3", "c3-d4", "e1-e2",
        ],
    );
}

#[test]
fn jumps_any_allows_diagonal_jumps() {
    assert_moves(
        &pos("sackson,jumps=any", "Ce1 Sc3 sb4 ce9", 'b'),
        &["c3xa5"],
    );
    // Independent of the diagonals option (ruling in lib.rs).
    assert_moves(
        &pos("sackson,jumps=any,diagonals=marked", "Ce1 Sc3 sb4 ce9", 'b'),
        &["c3xa5"],
    );
    // A sequence mixing diagonal and orthogonal jumps: c3 over b4 to a5, then over a6 to a7.
    assert_moves(
        &pos("sackson,jumps=any", "Ce1 Sc3 sb4 sa6 ce9", 'b'),
        &["c3xa5xa7"],
    );
}

// ---------------------------------------------------------------------------------------------
// §4.4 Captures

#[test]
fn compulsory_capture_forbids_captain_moves_and_steps() {
    // d4 can jump d5 to d6: nothing else is legal, neither a1's steps nor the captain.
    let p = pos("sackson", "Ce1 Sa1 Sd4 sd5 ce9", 'b');
    assert!(p.has_capture());
    assert_moves(&p, &["d4xd6"]);
    // The same for Gray, whose d5 jumps d4 to d3.
    assert_moves(&pos("sackson", "Ce1 Sa1 Sd4 sd5 ce9", 'g'), &["d5xd3"]);
    // Without the enemy guard the steps and the captain are back.
    let quiet = pos("sackson", "Ce1 Sa1 Sd4 ce9", 'b');
    assert!(!quiet.has_capture());
    // a1: 3 steps; d4: 7 (not onto e5); the captain: 1.
    assert_eq!(quiet.legal_moves().len(), 3 + 7 + 1);
}

#[test]
fn multi_jump_changes_direction() {
    // c3 jumps north over c4 to c5, then west over b5 to a5.
    let p = pos("sackson", "Ce1 Sc3 sc4 sb5 ce9", 'b');
    assert_moves(&p, &["c3xc5xa5"]);
    let m = p.legal_moves()[0];
    assert_eq!(m.kind(), MoveKind::Capture);
    assert_eq!(m.capture_count(), 2);
    let caught: Vec<String> = m.captured().iter().map(|p| p.to_string()).collect();
    assert_eq!(caught, ["c4", "b5"]);
    assert_eq!(p.played(&m).to_string(), code("Ce1 Sa5 ce9", 'g'));

    // Gray: south over a6, east over b5, north over c6 — three directions.
    assert_moves(
        &pos("sackson", "Ce1 Sa6 Sb5 Sc6 sa7 ce9", 'g'),
        &["a7xa5xc5xc7"],
    );
}

#[test]
fn capture_sequence_must_continue_while_it_can() {
    let p = pos("sackson", "Ce1 Sc3 sc4 sb5 ce9", 'b');
    // Stopping on c5 is not a move.
    let reason = illegal_reason(&p, "c3xc5");
    assert!(reason.contains("must go on jumping"), "{reason}");
    assert!(reason.contains("c3xc5xa5"), "{reason}");
}

#[test]
fn any_capture_sequence_may_be_chosen() {
    // c3 can take two (north over c4, north over c6) or one (east over d3 to e3, where nothing
    // more can be jumped). The shorter one is legal too.
    let p = pos("sackson", "Ce1 Sc3 sc4 sc6 sd3 ce9", 'b');
    assert_moves(&p, &["c3xc5xc7", "c3xe3"]);
    let short = after(&p, "c3xe3");
    assert_eq!(short.guards(Color::Gray).count(), 2);
}

#[test]
fn same_end_different_point_lists_are_different_moves() {
    // Four Gray guards around the square b2-b4-d4-d2: b2 can jump round it either way, taking
    // all four and coming back to b2. Both sequences end in the same position.
    let p = pos("sackson", "Ce1 Sb2 sb3 sc4 sc2 sd3 ce9", 'b');
    assert_moves(&p, &["b2xb4xd4xd2xb2", "b2xd2xd4xb4xb2"]);
    let moves = p.legal_moves();
    assert_ne!(moves[0], moves[1]);
    assert_eq!(moves[0].from(), moves[0].to());
    let (a, b) = (p.played(&moves[0]), p.played(&moves[1]));
    assert_eq!(a, b);
    assert_eq!(a.to_string(), code("Ce1 Sb2 ce9", 'g'));
    assert_eq!(a.hash(), a.compute_hash());
    assert_eq!(a.guards(Color::Gray).count(), 0);
}

#[test]
fn nothing_but_a_captain_on_the_red_dot() {
    // A step onto e5 is refused: d5 has 7 steps, not 8.
    assert_moves(
        &pos("sackson", "Ce1 Sd5 ce9", 'b'),
        &[
            "d5-c4", "d5-c5", "d5-c6", "d5-d4", "d5-d6", "d5-e4", "d5-e6", "e1-e2",
        ],
    );
    // A jump landing on e5 is refused: c5 cannot take d5, so it is no capture position.
    let p = pos("sackson", "Ce1 Sc5 sd5 ce9", 'b');
    assert!(!p.has_capture());
    assert_moves(
        &p,
        &[
            "c5-b4", "c5-b5", "c5-b6", "c5-c4", "c5-c6", "c5-d4", "c5-d6", "e1-e2",
        ],
    );
    // Mid-sequence: after c3xc5 the jump over d5 to e5 is refused, so the sequence ends on c5.
    assert_moves(&pos("sackson", "Ce1 Sc3 sc4 sd5 ce9", 'b'), &["c3xc5"]);
    // A diagonal jump onto e5 is refused too.
    assert_moves(
        &pos("sackson,jumps=any", "Ce1 Sc3 sd4 ce9", 'b'),
        &[
            "c3-b2", "c3-b3", "c3-b4", "c3-c2", "c3-c4", "c3-d2", "c3-d3", "e1-e2",
        ],
    );
    // Gray's guards alike.
    assert!(!pos("sackson", "Ce1 Sd5 sf5 ce9", 'g').has_capture());
    // The captain may enter it.
    assert_moves(
        &pos("sackson", "Ce4 ce9 Si1", 'b'),
        &["e4-e5", "i1-h1", "i1-h2", "i1-i2"],
    );
}

#[test]
fn a_guard_cannot_jump_its_own_side() {
    assert_moves(
        &pos("sackson", "Ce1 Sa1 Sa2 ce9", 'b'),
        &[
            "a1-b1", "a1-b2", "a2-a3", "a2-b1", "a2-b2", "a2-b3", "e1-e2",
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// §4.3 Privates

#[test]
fn privates_step_forward_and_sideways_only() {
    // Blue's private d4: d5, c4, e4 (not d3, not diagonals).
    assert_moves(
        &pos("super", "Ce1 Pd4 ce9 pf6", 'b'),
        &["d4-c4", "d4-d5", "d4-e4", "e1-e2"],
    );
    // Gray's forward is south: f6 to f5, e6, g6.
    assert_moves(
        &pos("super", "Ce1 Pd4 ce9 pf6", 'g'),
        &["e9-e8", "f6-e6", "f6-f5", "f6-g6"],
    );
    // Never onto the red dot: d5 steps only to d6 and c5.
    assert_moves(
        &pos("super", "Ce1 Pd5 ce9", 'b'),
        &["d5-c5", "d5-d6", "e1-e2"],
    );
    // Whatever the diagonals and jumps options say (ruling in lib.rs).
    assert_moves(
        &pos("super,jumps=any", "Ce1 Pc3 sb4 ce9", 'b'),
        &["c3-b3", "c3-c4", "c3-d3", "e1-e2"],
    );
}

#[test]
fn privates_capture_forward_and_sideways_only() {
    // A Gray guard behind Blue's private is safe from it...
    assert_moves(
        &pos("super", "Ce1 Pd4 sd3 ce9", 'b'),
        &["d4-c4", "d4-d5", "d4-e4", "e1-e2"],
    );
    // ...while the Gray sergeant there may jump it.
    assert_moves(&pos("super", "Ce1 Pd4 sd3 ce9", 'g'), &["d3xd5"]);
    // West over c4 and north over d5, not south over d3.
    assert_moves(
        &pos("super", "Ce1 Pd4 sc4 sd5 sd3 ce9", 'b'),
        &["d4xb4", "d4xd6"],
    );
    // A Gray private jumps south or sideways.
    assert_moves(
        &pos("super", "Ce1 Sc5 Sd6 Sd4 pd5 ce9", 'g'),
        &["d5xb5", "d5xd3"],
    );
}

#[test]
fn private_promotes_when_a_step_ends_on_the_last_rank() {
    let p = pos("super", "Ce1 Pc8 ce9", 'b');
    assert_moves(&p, &["c8-b8", "c8-c9", "c8-d8", "e1-e2"]);
    let q = after(&p, "c8-c9");
    assert_eq!(q.piece_at(pt("c9")).unwrap().kind, PieceKind::Sergeant);
    assert_eq!(q.to_string(), code_with("Ce1 Sc9 ce9", 'g', 1, 1));
    // A sideways step stays a private.
    assert_eq!(
        after(&p, "c8-d8").piece_at(pt("d8")).unwrap().kind,
        PieceKind::Private
    );
    // Gray promotes on rank 1.
    let g = after(&pos("super", "Ce1 pc2 ce9", 'g'), "c2-c1");
    assert_eq!(g.to_string(), code_with("Ce1 sc1 ce9", 'b', 1, 2));
}

#[test]
fn private_promotes_when_a_capture_ends_on_the_last_rank() {
    let q = after(&pos("super", "Ce1 Pc7 sc8 ce9", 'b'), "c7xc9");
    assert_eq!(q.to_string(), code("Ce1 Sc9 ce9", 'g'));
    assert_eq!(q.hash(), q.compute_hash());
    // A capture that ends elsewhere does not promote.
    let r = after(&pos("super", "Ce1 Pc6 sd6 ce9", 'b'), "c6xe6");
    assert_eq!(r.piece_at(pt("e6")).unwrap().kind, PieceKind::Private);
}

#[test]
fn private_reaching_the_last_rank_mid_capture_is_still_a_private() {
    // a7 jumps a8 to a9 (the last rank), then b9 to c9. On c9 a sergeant could go on over c8 to
    // c7, but the piece is still a private until its move ends, so it cannot jump backwards.
    let p = pos("super", "Ce1 Pa7 sa8 sb9 sc8 ce9", 'b');
    assert_moves(&p, &["a7xa9xc9"]);
    let q = after(&p, "a7xa9xc9");
    // Ending there, it promotes.
    assert_eq!(q.piece_at(pt("c9")).unwrap().kind, PieceKind::Sergeant);
    assert_eq!(q.to_string(), code("Ce1 Sc9 sc8 ce9", 'g'));
    // A sergeant in its place takes all three.
    assert_moves(
        &pos("sackson", "Ce1 Sa7 sa8 sb9 sc8 ce9", 'b'),
        &["a7xa9xc9xc7"],
    );
    // Gray alike: c3 over c2 to c1 (Gray's last rank), then west over b1 to a1; a sergeant
    // would go on north over a2 to a3.
    let p = pos("super", "Ce1 Sc2 Sb1 Sa2 pc3 ce9", 'g');
    assert_moves(&p, &["c3xc1xa1"]);
    assert_eq!(
        after(&p, "c3xc1xa1").to_string(),
        code_with("Ce1 Sa2 sa1 ce9", 'b', 0, 2)
    );
    assert_moves(
        &pos("sackson", "Ce1 Sc2 Sb1 Sa2 sc3 ce9", 'g'),
        &["c3xc1xa1xa3"],
    );
}

// ---------------------------------------------------------------------------------------------
// §4.1 Turbo captain

#[test]
fn turbo_captain_slides_up_to_the_first_occupied_point() {
    // Blue's path from e1: e2, d2, c2, b3, then b4 holds a Gray guard.
    assert_moves(
        &pos("classic-turbo", "Ce1 ce9 sb4", 'b'),
        &["e1-b3", "e1-c2", "e1-d2", "e1-e2"],
    );
    // An own guard on c2 blocks as well.
    assert_moves(
        &pos("classic-turbo", "Ce1 Sc2 ce9", 'b'),
        &[
            "c2-b1", "c2-b2", "c2-b3", "c2-c1", "c2-c3", "c2-d1", "c2-d2", "c2-d3", //
            "e1-d2", "e1-e2",
        ],
    );
    // Gray from g3 (progress 8): f3, e3, d3, c4, then c5 is occupied.
    assert_moves(
        &pos("classic-turbo", "Ce1 cg3 Sc5", 'g'),
        &["g3-c4", "g3-d3", "g3-e3", "g3-f3"],
    );
    // The standard captain makes one step.
    assert_moves(
        &pos("classic-turbo,captain=standard", "Ce1 cg3 Sc5", 'g'),
        &["g3-f3"],
    );
}

#[test]
fn turbo_captain_can_slide_onto_the_red_dot() {
    // From b5 (progress 6) the whole path is clear: 11 destinations, the last the red dot.
    let p = pos("classic-turbo", "Cb5 ce9", 'b');
    assert_moves(
        &p,
        &[
            "b5-b6", "b5-c7", "b5-d7", "b5-e7", "b5-f7", "b5-g6", "b5-g5", "b5-g4", "b5-f4",
            "b5-e4", "b5-e5",
        ],
    );
    let q = after(&p, "b5-e5");
    assert_eq!(q.progress(Color::Blue), 17);
    assert_eq!(
        q.outcome(),
        Some(Outcome {
            winner: Some(Color::Blue),
            reason: EndReason::Breakthrough
        })
    );
    // A slide to the middle of the path sets the progress it reaches.
    assert_eq!(after(&p, "b5-g5").progress(Color::Blue), 13);
    assert_eq!(after(&p, "b5-g5").no_progress(), 0);
}

// ---------------------------------------------------------------------------------------------
// §3 Setups

/// The start codes of the eight sergeant variants; the super ones use privates instead.
const STARTS: [(&str, &str); 8] = [
    (
        "classic",
        "sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS",
    ),
    (
        "classic-pow",
        "ssssCssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSScSSSS",
    ),
    ("classic-light", "4c4/ssss1ssss/9/9/9/9/9/SSSS1SSSS/4C4"),
    ("classic-light-pow", "4C4/ssss1ssss/9/9/9/9/9/SSSS1SSSS/4c4"),
    (
        "classic-turbo",
        "sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS",
    ),
    (
        "classic-turbo-pow",
        "ssssCssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSScSSSS",
    ),
    (
        "classic-turbo-light",
        "4c4/ssss1ssss/9/9/9/9/9/SSSS1SSSS/4C4",
    ),
    (
        "classic-turbo-light-pow",
        "4C4/ssss1ssss/9/9/9/9/9/SSSS1SSSS/4c4",
    ),
];

#[test]
fn start_positions_of_all_variants() {
    let start = |spec: &str| Position::new(variant(spec).rules);
    assert_eq!(
        start("sackson").to_string(),
        "sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS b 0 1"
    );
    for (name, board) in STARTS {
        assert_eq!(start(name).to_string(), format!("{board} b 0 1"), "{name}");
        let sup = name.replace("classic", "super");
        let privates = board.replace('s', "p").replace('S', "P");
        assert_eq!(
            start(&sup).to_string(),
            format!("{privates} b 0 1"),
            "{sup}"
        );
    }
}

#[test]
fn full_army_setup() {
    let p = Position::new(variant("sackson").rules);
    for c in Color::BOTH {
        assert_eq!(p.guards(c).count(), 17);
        assert_eq!(p.progress(c), 0);
    }
    assert_eq!(p.captain(Color::Blue), pt("e1"));
    assert_eq!(p.captain(Color::Gray), pt("e9"));
    assert!(p.privates().is_empty());
    assert_eq!(p.side_to_move(), Color::Blue);
    // Blue's nine second-rank guards step to rank 3 (2 + 7*3 + 2); everything else is boxed in.
    assert_eq!(p.legal_moves().len(), 25);
    assert!(p.legal_moves().iter().all(|m| m.to().rank() == 2));
}

#[test]
fn light_army_setup() {
    let p = Position::new(variant("classic-light").rules);
    for c in Color::BOTH {
        assert_eq!(p.guards(c).count(), 8);
    }
    assert!(!p.guards(Color::Blue).contains(pt("e2")));
    assert!(!p.guards(Color::Gray).contains(pt("e8")));
    // a2, i2: 4 steps each; b2, c2, g2, h2: 6; d2 and f2: 6 (e2 and e3 free, e1 the captain);
    // and the captain's e1-e2.
    assert_eq!(p.legal_moves().len(), 4 + 4 * 6 + 2 * 6 + 1 + 4);
    let captain: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.kind() == MoveKind::Captain)
        .map(|m| m.to_string())
        .collect();
    assert_eq!(captain, ["e1-e2"]);
    assert_eq!(
        Position::new(variant("super-light").rules)
            .privates()
            .count(),
        16
    );
}

#[test]
fn pow_start_swaps_the_captains_and_their_paths() {
    let p = Position::new(variant("classic-pow").rules);
    assert_eq!(p.captain(Color::Blue), pt("e9"));
    assert_eq!(p.captain(Color::Gray), pt("e1"));
    assert_eq!(p.guards(Color::Blue).count(), 17);
    // Blue's captain is boxed in by Gray's e8; Blue moves its rank-2 guards as usual.
    assert_eq!(p.legal_moves().len(), 25);

    // Alone on the board, each captain walks the other side's path: Blue e9, e8, f8, g8;
    // Gray e1, e2, d2, c2.
    let mut g = game("sackson,start=pow", "Ce9 ce1", 'b');
    for (mover_moves, text) in [
        (["e9-e8"], "e9-e8"),
        (["e1-e2"], "e1-e2"),
        (["e8-f8"], "e8-f8"),
        (["e2-d2"], "e2-d2"),
        (["f8-g8"], "f8-g8"),
    ] {
        assert_moves(g.position(), &mover_moves);
        g.play_text(text).unwrap();
    }
    assert_eq!(g.position().progress(Color::Blue), 3);
    assert_eq!(g.position().progress(Color::Gray), 2);
    assert_eq!(g.position().path(Color::Blue), bluegray_core::Path::Gray);
    // Blue's captain can reach the red dot along Gray's path.
    let near = pos("sackson,start=pow", "Ce6 ce1", 'b');
    assert_moves(&near, &["e6-e5"]);
    assert_eq!(
        after(&near, "e6-e5").outcome().unwrap().winner,
        Some(Color::Blue)
    );
}

#[test]
fn first_gray_gives_gray_the_first_move() {
    let mut g = Game::new(variant("sackson,first=gray"));
    assert_eq!(g.side_to_move(), Color::Gray);
    assert_eq!(
        g.position().to_string(),
        "sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS g 0 1"
    );
    assert_eq!(g.legal_moves().len(), 25);
    assert!(g.legal_moves().iter().all(|m| m.from().rank() == 7));
    assert!(g.play_text("a2-a3").is_err());
    g.play_text("a8-a7").unwrap();
    // The move number grows after the second player's (Blue's) move.
    assert_eq!(g.position().move_number(), 1);
    g.play_text("a2-a3").unwrap();
    assert_eq!(g.position().move_number(), 2);
    assert_eq!(g.side_to_move(), Color::Gray);
    // With Blue first the number grows after Gray's move.
    let mut b = Game::new(variant("sackson"));
    b.play_text("a2-a3").unwrap();
    assert_eq!(b.position().move_number(), 1);
    b.play_text("a8-a7").unwrap();
    assert_eq!(b.position().move_number(), 2);
}

// ---------------------------------------------------------------------------------------------
// §5 End of the game

#[test]
fn lead_win_is_detected_after_the_move_at_the_exact_threshold() {
    // Blue's captain on d2 (progress 2), Gray's on e9 (0): a lead of 2, the game goes on.
    let pieces = "Cd2 Sa1 ce9 si9";
    let mut g = game("classic", pieces, 'b');
    assert_eq!(g.outcome(), None);
    assert_moves(g.position(), &["a1-a2", "a1-b1", "a1-b2", "d2-c2"]);
    g.play_text("d2-c2").unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.winner, Some(Color::Blue));
    assert_eq!(
        o.reason,
        EndReason::Lead {
            winner: 3,
            loser: 0
        }
    );
    assert_eq!(o.result_token(), "1-0");
    assert!(!o.is_half_win());
    assert!(g.legal_moves().is_empty());
    assert!(matches!(g.play_text("a1-a2"), Err(MoveError::GameOver(_))));
    // A lead of 3 does not win with lead=4, nor without the lead rule.
    for spec in ["classic,lead=4", "sackson", "classic-turbo"] {
        let mut g = game(spec, pieces, 'b');
        g.play_text("d2-c2").unwrap();
        assert_eq!(g.outcome(), None, "{spec}");
    }
    // lead=1: any step ahead wins.
    let mut g = game("sackson,lead=1", "Ce1 Sa1 ce9 si9", 'b');
    g.play_text("e1-e2").unwrap();
    assert_eq!(
        g.outcome().unwrap().reason,
        EndReason::Lead {
            winner: 1,
            loser: 0
        }
    );
    // Gray: g8 (3) to h7 (4) against Blue's 1.
    let mut g = game("classic", "Ce2 Sa1 cg8 si9", 'g');
    assert_eq!(g.outcome(), None);
    g.play_text("g8-h7").unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.winner, Some(Color::Gray));
    assert_eq!(
        o.reason,
        EndReason::Lead {
            winner: 4,
            loser: 1
        }
    );
    // A code that already shows a lead is a finished game.
    let done = pos("classic", "Cc2 Sa1 ce9 si9", 'b');
    assert!(done.outcome().is_some());
    assert!(done.legal_moves().is_empty());
    assert_eq!(done.count_moves(), 0);
}

#[test]
fn breakthrough_win() {
    let mut g = game("sackson", "Ce4 Sa1 ce9 si9", 'b');
    g.play_text("e4-e5").unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(
        o,
        Outcome {
            winner: Some(Color::Blue),
            reason: EndReason::Breakthrough
        }
    );
    assert!(g.legal_moves().is_empty());
    assert!(g.position().legal_moves().is_empty());
    // Gray's captain from e6.
    let mut g = game("sackson", "Ce1 Sa1 ce6 si9", 'g');
    g.play_text("e6-e5").unwrap();
    assert_eq!(g.outcome().unwrap().winner, Some(Color::Gray));
    assert_eq!(g.outcome().unwrap().result_token(), "0-1");
    // Breakthrough is checked before lead: 17 to 14 is also a lead of 3.
    let mut g = game("classic", "Ce4 Sa1 cc6 si9", 'b');
    assert_eq!(g.outcome(), None);
    g.play_text("e4-e5").unwrap();
    assert_eq!(g.outcome().unwrap().reason, EndReason::Breakthrough);
}

fn impasse(o: Option<Outcome>) -> (Option<Color>, ImpasseCause, u8, u8) {
    match o {
        Some(Outcome {
            winner,
            reason: EndReason::Impasse { cause, blue, gray },
        }) => (winner, cause, blue, gray),
        other => panic!("expected an impasse, got {other:?}"),
    }
}

#[test]
fn impasse_when_the_side_to_move_has_no_legal_move() {
    // Gray's f3-e2 boxes in Blue's lone captain: equal progress, a draw.
    let mut g = game("sackson", "Ce1 ce9 sf3", 'g');
    g.play_text("f3-e2").unwrap();
    assert_eq!(impasse(g.outcome()), (None, ImpasseCause::NoMoves, 0, 0));
    assert_eq!(g.outcome().unwrap().result_token(), "1/2-1/2");
    // With Gray's captain one step ahead, Gray wins.
    let mut g = game("sackson", "Ce1 ce8 sf3", 'g');
    g.play_text("f3-e2").unwrap();
    assert_eq!(
        impasse(g.outcome()),
        (Some(Color::Gray), ImpasseCause::NoMoves, 0, 1)
    );
    assert!(g.outcome().unwrap().is_half_win());
    // Blue ahead (d2, progress 2) and boxed in by c3-c2: Blue wins.
    let mut g = game("sackson", "Cd2 ce9 sc3", 'g');
    g.play_text("c3-c2").unwrap();
    assert_eq!(
        impasse(g.outcome()),
        (Some(Color::Blue), ImpasseCause::NoMoves, 2, 0)
    );
    // A game whose start already has no move is over at once.
    let g = game("sackson", "Ce1 se2 ce9", 'b');
    assert_eq!(impasse(g.outcome()).1, ImpasseCause::NoMoves);
}

#[test]
fn impasse_on_threefold_repetition() {
    let shuffle = ["a1-a2", "i9-i8", "a2-a1", "i8-i9"];
    let mut g = game("sackson", "Ce1 Sa1 ce9 si9", 'b');
    for (i, text) in shuffle.iter().chain(shuffle.iter()).enumerate() {
        assert_eq!(g.outcome(), None, "before ply {}", i + 1);
        g.play_text(text).unwrap();
    }
    // The start position has now occurred three times.
    assert_eq!(g.repetitions(), 3);
    assert_eq!(impasse(g.outcome()), (None, ImpasseCause::Repetition, 0, 0));
    // The side with the higher progress wins.
    let mut g = game("sackson", "Ce2 Sa1 ce9 si9", 'b');
    for text in shuffle.iter().chain(shuffle.iter()) {
        g.play_text(text).unwrap();
    }
    assert_eq!(
        impasse(g.outcome()),
        (Some(Color::Blue), ImpasseCause::Repetition, 1, 0)
    );
}

#[test]
fn impasse_after_impasse_plies_without_capture_or_captain_move() {
    let rules = variant("sackson");
    let start =
        |pieces: &str, n: u16| Game::from_code(rules, &code_with(pieces, 'b', n, 1)).unwrap();
    // Default 60: at 59 the game goes on, at 60 it is adjudicated.
    let mut g = start("Ce1 Sa1 ce9 si9", 58);
    g.play_text("a1-a2").unwrap();
    assert_eq!(g.position().no_progress(), 59);
    assert_eq!(g.outcome(), None);
    g.play_text("i9-i8").unwrap();
    assert_eq!(g.position().no_progress(), 60);
    assert_eq!(impasse(g.outcome()), (None, ImpasseCause::NoProgress, 0, 0));
    // Gray's captain ahead: Gray wins.
    let mut g = start("Ce1 Sa1 ce8 si9", 58);
    g.play_text("a1-a2").unwrap();
    g.play_text("i9-i8").unwrap();
    assert_eq!(
        impasse(g.outcome()),
        (Some(Color::Gray), ImpasseCause::NoProgress, 0, 1)
    );
    // A captain move resets the counter.
    let mut g = start("Ce1 Sa1 ce9 si9", 58);
    g.play_text("e1-e2").unwrap();
    assert_eq!(g.position().no_progress(), 0);
    g.play_text("i9-i8").unwrap();
    assert_eq!(g.position().no_progress(), 1);
    assert_eq!(g.outcome(), None);
    // So does a capture.
    let mut g = start("Ce1 Sd4 sd5 ce9 si9", 59);
    g.play_text("d4xd6").unwrap();
    assert_eq!(g.position().no_progress(), 0);
    assert_eq!(g.outcome(), None);
    // The option sets the threshold; 0 turns the rule off.
    let mut g = game("sackson,impasse_plies=2", "Ce1 Sa1 ce9 si9", 'b');
    g.play_text("a1-a2").unwrap();
    assert_eq!(g.outcome(), None);
    g.play_text("i9-i8").unwrap();
    assert_eq!(impasse(g.outcome()).1, ImpasseCause::NoProgress);
    let off = variant("sackson,impasse_plies=0");
    let mut g = Game::from_code(off, &code_with("Ce1 Sa1 ce9 si9", 'b', 1000, 1)).unwrap();
    g.play_text("a1-a2").unwrap();
    assert_eq!(g.outcome(), None);
}

#[test]
fn outcome_display_texts() {
    let o = |winner, reason| Outcome { winner, reason }.to_string();
    assert_eq!(
        o(Some(Color::Blue), EndReason::Breakthrough),
        "Blue wins by breakthrough: the captain reached the red dot"
    );
    assert_eq!(
        o(
            Some(Color::Gray),
            EndReason::Lead {
                winner: 9,
                loser: 6
            }
        ),
        "Gray wins by a lead of 3 steps (9 to 6)"
    );
    assert_eq!(
        Outcome::impasse(ImpasseCause::NoMoves, 0, 1).to_string(),
        "Gray wins on impasse (no legal move): captain progress 0 to 1"
    );
    assert_eq!(
        Outcome::impasse(ImpasseCause::Repetition, 4, 4).to_string(),
        "Draw on impasse (threefold repetition): captain progress 4 to 4"
    );
    assert_eq!(
        Outcome::impasse(ImpasseCause::NoProgress, 5, 2).to_string(),
        "Blue wins on impasse (no capture or captain move): captain progress 5 to 2"
    );
    assert_eq!(
        Outcome::impasse(ImpasseCause::NoProgress, 5, 2).result_token(),
        "1-0"
    );
    assert!(Outcome::impasse(ImpasseCause::NoProgress, 5, 2).is_half_win());
    assert!(!Outcome::impasse(ImpasseCause::NoProgress, 2, 2).is_half_win());
    // The texts of real game ends.
    let mut g = game("classic", "Cd2 Sa1 ce9 si9", 'b');
    g.play_text("d2-c2").unwrap();
    assert_eq!(
        g.outcome().unwrap().to_string(),
        "Blue wins by a lead of 3 steps (3 to 0)"
    );
}

// ---------------------------------------------------------------------------------------------
// Games: undo and redo

#[test]
fn undo_and_redo() {
    let mut g = Game::new(Variant::default());
    assert_eq!(g.undo(), None);
    assert_eq!(g.redo(), None);
    let texts = ["d2-d3", "d8-d7", "c2-c3"];
    let played: Vec<_> = texts.iter().map(|t| g.play_text(t).unwrap()).collect();
    let after_three = *g.position();
    assert_eq!(g.undo(), Some(played[2]));
    assert_eq!(g.undo(), Some(played[1]));
    assert_eq!(g.moves(), &played[..1]);
    assert_eq!(g.position(), &g.positions()[1]);
    assert_eq!(g.side_to_move(), Color::Gray);
    let redo: Vec<_> = g.redo_moves().copied().collect();
    assert_eq!(redo, [played[1], played[2]]);
    assert_eq!(g.redo(), Some(played[1]));
    assert_eq!(g.redo(), Some(played[2]));
    assert_eq!(g.redo(), None);
    assert_eq!(*g.position(), after_three);
    // Playing the move that redo would play keeps the rest of the redo list...
    g.undo();
    g.undo();
    g.play_text("d8-d7").unwrap();
    assert_eq!(g.redo_moves().count(), 1);
    // ...another move clears it.
    g.undo();
    g.play_text("a8-a7").unwrap();
    assert_eq!(g.redo_moves().count(), 0);
    // Undo back to the start.
    while g.undo().is_some() {}
    assert_eq!(*g.position(), Position::new(Variant::default().rules));
    assert!(g.moves().is_empty());
    // Undoing a finished game's last move reopens it.
    let mut g = game("sackson", "Ce4 Sa1 ce9 si9", 'b');
    g.play_text("e4-e5").unwrap();
    assert!(g.outcome().is_some());
    g.undo();
    assert_eq!(g.outcome(), None);
    g.redo();
    assert!(g.outcome().is_some());
}

// ---------------------------------------------------------------------------------------------
// §6 Position codes

fn code_error(spec: &str, code: &str) -> PositionCodeError {
    Position::from_code(code, variant(spec).rules).unwrap_err()
}

#[test]
fn position_code_validation_errors() {
    // Two Blue captains.
    let e = code_error("sackson", &code("Ce1 Ca1 ce9", 'b'));
    assert_eq!(
        e,
        PositionCodeError::CaptainCount {
            color: Color::Blue,
            count: 2
        }
    );
    assert_eq!(e.to_string(), "Blue has 2 captains, expected exactly 1");
    // No Gray captain.
    assert_eq!(
        code_error("sackson", &code("Ce1 sa9", 'b')),
        PositionCodeError::CaptainCount {
            color: Color::Gray,
            count: 0
        }
    );
    // A captain off its path: Blue on e9 in the home start, on e1 in the POW start.
    let e = code_error("sackson", &code("Ce9 ce1", 'b'));
    assert_eq!(
        e,
        PositionCodeError::CaptainOffPath {
            color: Color::Blue,
            point: pt("e9")
        }
    );
    assert!(e.to_string().contains("not on the path"), "{e}");
    assert_eq!(
        code_error("classic-pow", &code("Ce1 ce9", 'b')),
        PositionCodeError::CaptainOffPath {
            color: Color::Blue,
            point: pt("e1")
        }
    );
    assert_eq!(
        code_error("classic-pow", &code("Ce9 cf8", 'b')),
        PositionCodeError::CaptainOffPath {
            color: Color::Gray,
            point: pt("f8")
        }
    );
    assert!(Position::from_code(&code("Cf8 cd2", 'b'), variant("sackson,start=pow").rules).is_ok());
    // Off both paths.
    assert!(matches!(
        code_error("sackson", &code("Ca1 ce9", 'b')),
        PositionCodeError::CaptainOffPath { .. }
    ));
    // A guard on the red dot.
    let e = code_error("sackson", &code("Ce1 ce9 Se5", 'b'));
    assert_eq!(e, PositionCodeError::GuardOnRedDot);
    assert!(e.to_string().contains("e5"));
    assert_eq!(
        code_error("super", &code("Ce1 ce9 pe5", 'b')),
        PositionCodeError::GuardOnRedDot
    );
    // A private on its promotion rank.
    let e = code_error("super", &code("Ce1 ce9 Pa9", 'b'));
    assert_eq!(
        e,
        PositionCodeError::UnpromotedPrivate {
            color: Color::Blue,
            point: pt("a9")
        }
    );
    assert!(e.to_string().contains("a9"));
    assert_eq!(
        code_error("super", &code("Ce1 ce9 pi1", 'b')),
        PositionCodeError::UnpromotedPrivate {
            color: Color::Gray,
            point: pt("i1")
        }
    );
    // A private on its own first rank is fine.
    assert!(Position::from_code(&code("Ce1 ce9 Pa1 pa9", 'b'), variant("super").rules).is_ok());
    // 18 guards.
    let e = code_error(
        "sackson",
        "sssscssss/sssssssss/9/9/9/9/S8/SSSSSSSSS/SSSSCSSSS b 0 1",
    );
    assert_eq!(
        e,
        PositionCodeError::TooManyGuards {
            color: Color::Blue,
            count: 18
        }
    );
    assert_eq!(e.to_string(), "Blue has 18 guards, at most 17 allowed");
    // 17 is fine.
    assert!(Position::from_code(
        "sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS b 0 1",
        variant("sackson").rules
    )
    .is_ok());
    // Syntax errors.
    let bad = |c: &str| code_error("sackson", c).to_string();
    assert!(bad("sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS b 0").contains("4 fields"));
    assert!(bad("sssscssss/sssssssss/9/9/9/9/SSSSSSSSS/SSSSCSSSS b 0 1").contains("8 ranks"));
    assert!(
        bad("sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSSS/SSSSCSSSS b 0 1")
            .contains("rank 2 describes 10")
    );
    assert!(bad("sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS x 0 1").contains("'x'"));
    assert!(bad("sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS b a 1").contains("no-progress"));
    assert!(bad("sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS b 0 0").contains("move number"));
}

#[test]
fn position_codes_round_trip_with_counters() {
    let c = code_with("Cb4 Sa1 Pd4 ce6 sd3 pf6", 'g', 17, 23);
    let p = Position::from_code(&c, variant("super").rules).unwrap();
    assert_eq!(p.to_string(), c);
    assert_eq!(p.no_progress(), 17);
    assert_eq!(p.move_number(), 23);
    assert_eq!(p.side_to_move(), Color::Gray);
    assert_eq!(p.progress(Color::Blue), 5);
    assert_eq!(p.progress(Color::Gray), 16);
    // Parsing is case-insensitive for the side letter and ignores spacing.
    let spaced = format!("  {}  ", c.replace(" g ", "   G "));
    assert_eq!(
        Position::from_code(&spaced, variant("super").rules).unwrap(),
        p
    );
}

// ---------------------------------------------------------------------------------------------
// §6 Move texts

#[test]
fn move_texts_parse_leniently() {
    let p = pos("sackson", "Ce1 Sc3 sc4 sb5 ce9", 'b');
    let m = p.parse_move("  C3XC5xA5 ").unwrap();
    assert_eq!(m.to_string(), "c3xc5xa5");
    let q = Position::new(Rules::default());
    assert_eq!(q.parse_move("D2-D3").unwrap().to_string(), "d2-d3");
}

#[test]
fn illegal_move_messages_explain_why() {
    // Compulsory capture.
    let p = pos("sackson", "Ce1 Sa1 Sd4 sd5 ce9", 'b');
    let e = p.parse_move("e1-e2").unwrap_err();
    assert_eq!(
        e.to_string(),
        "illegal move e1-e2: a capture is compulsory (d4xd6)"
    );
    let reason = illegal_reason(&p, "a1-a2");
    assert!(reason.contains("a capture is compulsory"), "{reason}");
    assert_eq!(
        refusal(&p, "a1-a2"),
        IllegalMove::CaptureCompulsory {
            captures: p.legal_moves()
        }
    );
    assert_eq!(refusal(&p, "e1-e2").points(), [pt("d4")]);
    assert_eq!(refusal(&p, "e1-e2").code(), "capture-compulsory");
    // No piece there, or an enemy piece.
    assert_eq!(illegal_reason(&p, "b7-b6"), "Blue has no piece on b7");
    assert_eq!(
        refusal(&p, "d5-d6"),
        IllegalMove::NotYourPiece {
            side: Color::Blue,
            point: pt("d5")
        }
    );
    assert_eq!(
        illegal_reason(&p, "d5-d6"),
        "the piece on d5 is Gray's, and Blue is to move"
    );
    // An incomplete capture sequence.
    let p = pos("sackson", "Ce1 Sc3 sc4 sb5 ce9", 'b');
    assert_eq!(
        p.parse_move("c3xc5").unwrap_err().to_string(),
        "illegal move c3xc5: the capture must go on jumping while it can, e.g. c3xc5xa5"
    );
    assert_eq!(refusal(&p, "c3xc5").points(), [pt("c5")]);
    // A guard's step that is not a step, onto an occupied point, or onto the red dot.
    let q = Position::new(Rules::default());
    assert_eq!(
        refusal(&q, "a2-a4"),
        IllegalMove::NotAStep {
            from: pt("a2"),
            to: pt("a4")
        }
    );
    assert_eq!(
        illegal_reason(&q, "a2-a4"),
        "a2 to a4 is not a step: a guard steps to a neighbouring point"
    );
    assert_eq!(
        refusal(&q, "a1-a2"),
        IllegalMove::Occupied { point: pt("a2") }
    );
    let centre = pos("sackson", "Ce1 Sd4 ce9", 'b');
    assert_eq!(refusal(&centre, "d4-e5").code(), "red-dot-reserved");
    // The captain: blocked, not along its path, more than one step.
    assert_eq!(
        refusal(&q, "e1-e2"),
        IllegalMove::CaptainBlocked {
            from: pt("e1"),
            to: pt("e2"),
            blocker: pt("e2")
        }
    );
    assert_eq!(
        illegal_reason(&q, "e1-e2"),
        "the captain on e1 is blocked by the piece on e2"
    );
    let lone = pos("sackson", "Ce1 ce9 Sa1", 'b');
    assert_eq!(refusal(&lone, "e1-f2").code(), "not-along-path");
    assert_eq!(
        refusal(&lone, "e1-d2"),
        IllegalMove::CaptainOneStep {
            from: pt("e1"),
            to: pt("d2"),
            next: pt("e2")
        }
    );
    let turbo = pos("classic-turbo", "Ce1 ce9 Sc2", 'b');
    assert_eq!(
        refusal(&turbo, "e1-b3"),
        IllegalMove::CaptainBlocked {
            from: pt("e1"),
            to: pt("b3"),
            blocker: pt("c2")
        }
    );
    // A step or captain move written as a capture, and the other way round.
    assert_eq!(
        illegal_reason(&q, "a2xa3"),
        "write a capture with 'x' and any other move with '-': a2-a3"
    );
    assert_eq!(refusal(&lone, "e1xe2").code(), "wrong-separator");
    assert_eq!(refusal(&lone, "e1xe3").code(), "captain-cannot-capture");
    // Jumps: over nothing, not in line, over a captain, diagonal where jumps are orthogonal.
    assert_eq!(
        refusal(&q, "a2xa4"),
        IllegalMove::NothingToJump {
            from: pt("a2"),
            over: pt("a3")
        }
    );
    assert_eq!(refusal(&q, "a2xa5").code(), "not-a-jump");
    let over_captain = pos("sackson", "Ce1 ce8 Se7", 'b');
    assert_eq!(
        refusal(&over_captain, "e7xe9"),
        IllegalMove::CaptainCannotBeJumped {
            from: pt("e7"),
            over: pt("e8")
        }
    );
    let diagonal = pos("sackson", "Ce1 ce9 Sb2 sc3", 'b');
    assert_eq!(refusal(&diagonal, "b2xd4").code(), "diagonal-jump");
    // Privates never go backwards or diagonally; marked diagonals only where so ruled.
    let private = pos("super", "Ce1 ce9 Pd4", 'b');
    assert_eq!(refusal(&private, "d4-d3").code(), "private-backwards");
    assert_eq!(refusal(&private, "d4-c5").code(), "private-diagonal");
    let marked = pos("sackson,diagonals=marked", "Ce1 ce9 Sd4 Sd3", 'b');
    assert_eq!(
        refusal(&marked, "d4-c5"),
        IllegalMove::DiagonalNotMarked {
            from: pt("d4"),
            to: pt("c5")
        }
    );
    assert!(marked.parse_move("d3-c4").is_ok());
    // A capture written in full but for a longer sequence's first jumps is unfinished, also
    // when written with '-'.
    let p = pos("sackson", "Ce1 Sc3 sc4 sb5 ce9", 'b');
    assert!(illegal_reason(&p, "c3-c5").contains("must go on jumping"));
    // Syntax errors are parse errors.
    assert!(matches!(
        q.parse_move(""),
        Err(MoveError::Parse(ParseMoveError::Empty))
    ));
    assert!(matches!(
        q.parse_move("a2-a3-a4"),
        Err(MoveError::Parse(ParseMoveError::LongStep(_)))
    ));
    assert!(q
        .parse_move("a2-j3")
        .unwrap_err()
        .to_string()
        .contains("'j3' is not a point"));
    // A finished position.
    let done = after(&pos("sackson", "Ce4 Sa1 ce9 si9", 'b'), "e4-e5");
    assert!(matches!(
        done.parse_move("i9-i8"),
        Err(MoveError::GameOver(_))
    ));
}

// ---------------------------------------------------------------------------------------------
// §6 Game records

#[test]
fn game_record_prints_and_parses_back() {
    let mut g = Game::new(variant("classic-light"));
    g.set_tag("Blue", "Ann").unwrap();
    g.set_tag("Gray", "Bob \"the\" Builder").unwrap();
    for t in ["a2-a3", "a8-a7", "e1-e2"] {
        g.play_text(t).unwrap();
    }
    let text = g.record().to_string();
    assert_eq!(
        text,
        "[Variant \"classic-light\"]\n[Blue \"Ann\"]\n[Gray \"Bob \\\"the\\\" Builder\"]\n\
         [Result \"*\"]\n\n1. a2-a3 a8-a7 2. e1-e2 *\n"
    );
    let back = Game::from_record(&text).unwrap();
    assert_eq!(back.moves(), g.moves());
    assert_eq!(back.tags(), g.tags());
    assert_eq!(back.tag(" gray "), Some("Bob \"the\" Builder"));
    assert_eq!(back.tag("Event"), None);
    assert_eq!(
        back.tag("Variant"),
        None,
        "the reserved tags are the game's own"
    );
    assert_eq!(back.variant(), g.variant());
    assert_eq!(back.position(), g.position());
    // A finished game keeps its result; one from a position keeps its Position tag; Gray first.
    let mut g = game("classic,first=gray", "Ce2 Sa1 cg8 si9", 'g');
    g.play_text("g8-h7").unwrap();
    let rec = g.record();
    assert_eq!(rec.result, "0-1");
    assert_eq!(
        rec.tag("Position"),
        Some(code("Ce2 Sa1 cg8 si9", 'g').as_str())
    );
    let text = rec.to_string();
    assert!(text.ends_with("\n\n1. g8-h7 0-1\n"), "{text}");
    let back = Game::from_record(&text).unwrap();
    assert_eq!(back.outcome(), g.outcome());
    assert_eq!(back.start_position(), g.start_position());
    // Blue to move in a game whose first player is Gray: the first move is numbered "1...".
    let g2 = {
        let mut g = game("classic", "Ce2 Sa1 cg8 si9", 'g');
        g.play_text("i9-i8").unwrap();
        g.play_text("a1-a2").unwrap();
        g
    };
    assert!(g2.record().to_string().contains("\n1... i9-i8 2. a1-a2 *"));
    assert_eq!(
        Game::from_record(&g2.record().to_string()).unwrap().moves(),
        g2.moves()
    );
}

#[test]
fn game_records_are_read_leniently() {
    let g = Game::from_record(
        "[Variant \"sackson\"]\n\n1.a2-a3 {a comment} A8-A7\n2. b2-b3\n  b8-b7 *",
    )
    .unwrap();
    assert_eq!(g.moves().len(), 4);
    // No Variant tag: sackson.
    let g = Game::from_record("1. a2-a3").unwrap();
    assert_eq!(*g.variant(), Variant::default());
    // Result from the tag when the movetext has none.
    let rec: GameRecord = "[Result \"1/2-1/2\"]\n\n1. a2-a3".parse().unwrap();
    assert_eq!(rec.result, "1/2-1/2");
}

#[test]
fn game_record_errors() {
    let err = |text: &str| Game::from_record(text).unwrap_err();
    // A bad tag line, with its line number.
    let e = err("[Variant \"sackson\"]\n[Blue Ann]\n\n1. a2-a3 *");
    assert_eq!(
        e,
        RecordError::BadTag {
            line: 2,
            text: "[Blue Ann]".into()
        }
    );
    assert!(e.to_string().starts_with("line 2:"), "{e}");
    assert!(matches!(
        err("[Variant \"sackson]\n"),
        RecordError::BadTag { line: 1, .. }
    ));
    // A bad variant.
    let e = err("[Variant \"chess\"]\n\n*");
    assert_eq!(
        e,
        RecordError::Variant(VariantError::UnknownName("chess".into()))
    );
    assert!(e.to_string().contains("'chess'"), "{e}");
    let e = err("[Variant \"sackson,speed=3\"]\n\n*");
    assert!(e.to_string().contains("'speed'"), "{e}");
    // A bad Position tag.
    assert!(matches!(
        err("[Position \"9/9 b 0 1\"]\n\n*"),
        RecordError::Position(PositionCodeError::RankCount(2))
    ));
    // An illegal move names its number and side.
    let e = err("[Variant \"sackson\"]\n\n1. a2-a3 a8-a6 *");
    match &e {
        RecordError::Move { number, side, .. } => {
            assert_eq!(number, "1...");
            assert_eq!(*side, Color::Gray);
        }
        other => panic!("{other:?}"),
    }
    assert!(
        e.to_string()
            .starts_with("move 1... (Gray): illegal move a8-a6"),
        "{e}"
    );
    let e = err("1. a2-a3 a8-a7 2. e1-e2 *");
    assert!(
        e.to_string()
            .starts_with("move 2. (Blue): illegal move e1-e2"),
        "{e}"
    );
    let e = err("1. a2-a3 a8-a7 2. zz *");
    assert!(
        e.to_string().starts_with("move 2. (Blue): bad move 'zz'"),
        "{e}"
    );
    // Moves after the end of the game.
    let start = code("Ce4 Sa1 ce9 si9", 'b');
    let e = err(&format!("[Position \"{start}\"]\n\n1. e4-e5 i9-i8 1-0"));
    assert!(matches!(
        e,
        RecordError::Move {
            source: MoveError::GameOver(_),
            ..
        }
    ));
    // A result that does not match the moves.
    let e = err(&format!("[Position \"{start}\"]\n\n1. e4-e5 0-1"));
    assert!(matches!(e, RecordError::ResultMismatch { .. }));
    assert!(e.to_string().contains("says 0-1"), "{e}");
    assert!(e.to_string().contains("1-0"), "{e}");
    let e = err(&format!(
        "[Position \"{start}\"]\n[Result \"1/2-1/2\"]\n\n1. e4-e5"
    ));
    assert!(matches!(e, RecordError::ResultMismatch { .. }));
    // The right result, or "*", is accepted.
    assert!(Game::from_record(&format!("[Position \"{start}\"]\n\n1. e4-e5 1-0")).is_ok());
    assert!(Game::from_record(&format!("[Position \"{start}\"]\n\n1. e4-e5 *")).is_ok());
    // Text after the result.
    assert_eq!(
        err("1. a2-a3 * a8-a7"),
        RecordError::TrailingText("a8-a7".into())
    );
}

#[test]
fn record_comments_run_to_the_first_closing_brace_and_must_be_closed() {
    let comments = |text: &str| -> Vec<(usize, String)> {
        Game::from_record(text).unwrap().comments().to_vec()
    };
    // Over several lines, glued to the moves, with a `{` inside, and after the result.
    assert_eq!(
        comments("1. a2-a3 {one\n  two} a8-a7{x { y}2. b2-b3 * {after}"),
        [
            (1, "one two".to_string()),
            (2, "x { y".to_string()),
            (3, "after".to_string())
        ]
    );
    let err = |text: &str| text.parse::<GameRecord>().unwrap_err();
    // A `{` never closed, counted in lines of the whole record and characters of its line.
    let e = err("[Variant \"sackson\"]\n\n1. a2-a3 a8-a7\n  2. é2 {the rest is lost\nb2-b3 *");
    assert_eq!(e, RecordError::UnclosedComment { line: 4, column: 9 });
    assert_eq!(
        e.to_string(),
        "line 4, column 9: the comment opened by '{' is never closed with '}'"
    );
    assert_eq!(
        err("1. a2-a3 * {"),
        RecordError::UnclosedComment {
            line: 1,
            column: 12
        }
    );
    // Comments do not nest: the first `}` ends one, and the second closes nothing.
    let e = err("1. a2-a3 {a {b} c} a8-a7 *");
    assert_eq!(
        e,
        RecordError::UnopenedComment {
            line: 1,
            column: 18
        }
    );
    assert!(e.to_string().contains("comments do not nest"), "{e}");
    assert_eq!(
        err("1. a2-a3}"),
        RecordError::UnopenedComment { line: 1, column: 9 }
    );
}

// ---------------------------------------------------------------------------------------------
// §7 Variants

#[test]
fn all_seventeen_variant_names() {
    use Army::*;
    use CaptainMode::*;
    use GuardKind::*;
    use Start::*;
    let table: [(&str, CaptainMode, GuardKind, Army, Start, u8); 17] = [
        ("sackson", Standard, Sergeants, Full, Home, 0),
        ("classic", Standard, Sergeants, Full, Home, 3),
        ("classic-pow", Standard, Sergeants, Full, Pow, 3),
        ("classic-light", Standard, Sergeants, Light, Home, 3),
        ("classic-light-pow", Standard, Sergeants, Light, Pow, 3),
        ("classic-turbo", Turbo, Sergeants, Full, Home, 0),
        ("classic-turbo-pow", Turbo, Sergeants, Full, Pow, 0),
        ("classic-turbo-light", Turbo, Sergeants, Light, Home, 0),
        ("classic-turbo-light-pow", Turbo, Sergeants, Light, Pow, 0),
        ("super", Standard, Privates, Full, Home, 3),
        ("super-pow", Standard, Privates, Full, Pow, 3),
        ("super-light", Standard, Privates, Light, Home, 3),
        ("super-light-pow", Standard, Privates, Light, Pow, 3),
        ("super-turbo", Turbo, Privates, Full, Home, 0),
        ("super-turbo-pow", Turbo, Privates, Full, Pow, 0),
        ("super-turbo-light", Turbo, Privates, Light, Home, 0),
        ("super-turbo-light-pow", Turbo, Privates, Light, Pow, 0),
    ];
    let mut names: Vec<String> = VariantName::all().iter().map(|n| n.to_string()).collect();
    let mut want: Vec<String> = table.iter().map(|r| r.0.to_string()).collect();
    names.sort();
    want.sort();
    assert_eq!(names, want);
    for (name, captain, guards, army, start, lead) in table {
        let v = variant(name);
        let r = v.rules;
        assert_eq!(
            (r.captain, r.guards, r.army, r.start, r.lead),
            (captain, guards, army, start, lead),
            "{name}"
        );
        // Options the names never change.
        assert_eq!(r.diagonals, Diagonals::Anywhere);
        assert_eq!(r.jumps, Jumps::Orthogonal);
        assert_eq!(r.impasse_plies, 60);
        assert_eq!(r.first, Color::Blue);
        assert_eq!(v.to_string(), name);
        assert_eq!(variant(&name.to_uppercase()), v);
        assert_eq!(variant(&format!("  {name} ")), v);
        assert_eq!(v.name.to_string().parse::<VariantName>().unwrap(), v.name);
    }
    assert_eq!(variant("sackson").rules, Rules::default());
    assert_eq!(Variant::default(), variant("sackson"));
    // Suffixes in another order are not names.
    assert!("classic-light-turbo".parse::<Variant>().is_err());
    assert!("super-pow-light".parse::<Variant>().is_err());
}

#[test]
fn variant_overrides_parse_and_print_canonically() {
    let cases = [
        ("sackson,captain=turbo", "sackson,captain=turbo"),
        ("sackson,guards=privates", "sackson,guards=privates"),
        ("sackson,army=light", "sackson,army=light"),
        ("sackson,start=pow", "sackson,start=pow"),
        ("sackson,lead=3", "sackson,lead=3"),
        ("sackson,diagonals=marked", "sackson,diagonals=marked"),
        ("sackson,jumps=any", "sackson,jumps=any"),
        ("sackson,impasse_plies=100", "sackson,impasse_plies=100"),
        ("sackson,first=gray", "sackson,first=gray"),
        // Overrides print in the table's option order, and only when they change something.
        (
            "sackson,jumps=any,diagonals=marked",
            "sackson,diagonals=marked,jumps=any",
        ),
        (
            "classic-turbo,first=gray,lead=2",
            "classic-turbo,lead=2,first=gray",
        ),
        ("classic,lead=3", "classic"),
        ("classic,lead=0", "classic,lead=0"),
        ("super,guards=sergeants", "super,guards=sergeants"),
        ("classic,first=blue,impasse_plies=60", "classic"),
        (
            " Classic-Turbo , Lead = 2 , FIRST=Gray ",
            "classic-turbo,lead=2,first=gray",
        ),
        ("sackson,lead=1,lead=5", "sackson,lead=5"),
        ("sackson,impasse_plies=0", "sackson,impasse_plies=0"),
    ];
    for (spec, printed) in cases {
        let v = variant(spec);
        assert_eq!(v.to_string(), printed, "{spec}");
        assert_eq!(variant(printed), v, "{printed}");
    }
    let v = variant("classic-turbo,lead=2,first=gray");
    assert_eq!(v.rules.lead, 2);
    assert_eq!(v.rules.first, Color::Gray);
    assert_eq!(v.rules.captain, CaptainMode::Turbo);
    let v = variant("sackson,jumps=any,diagonals=marked,impasse_plies=100");
    assert_eq!(
        (v.rules.jumps, v.rules.diagonals, v.rules.impasse_plies),
        (Jumps::Any, Diagonals::Marked, 100)
    );
    assert_eq!(variant("sackson,lead=17").rules.lead, 17);
}

#[test]
fn variant_spec_errors_name_the_problem() {
    let err = |s: &str| s.parse::<Variant>().unwrap_err();
    assert_eq!(err(""), VariantError::Empty);
    assert_eq!(err(",lead=3"), VariantError::Empty);
    assert_eq!(err("chess"), VariantError::UnknownName("chess".into()));
    assert_eq!(err("sackson,lead"), VariantError::NotAPair("lead".into()));
    assert_eq!(err("sackson,"), VariantError::NotAPair("".into()));
    assert_eq!(
        err("sackson,speed=3"),
        VariantError::UnknownOption("speed".into())
    );
    for (spec, option, value) in [
        ("sackson,captain=fast", "captain", "fast"),
        ("sackson,guards=kings", "guards", "kings"),
        ("sackson,army=huge", "army", "huge"),
        ("sackson,start=away", "start", "away"),
        ("sackson,lead=18", "lead", "18"),
        ("sackson,lead=-1", "lead", "-1"),
        ("sackson,diagonals=none", "diagonals", "none"),
        ("sackson,jumps=diagonal", "jumps", "diagonal"),
        ("sackson,impasse_plies=70000", "impasse_plies", "70000"),
        ("sackson,first=red", "first", "red"),
    ] {
        let e = err(spec);
        match &e {
            VariantError::BadValue {
                option: o,
                value: v,
                ..
            } => {
                assert_eq!((*o, v.as_str()), (option, value), "{spec}");
            }
            other => panic!("{spec}: {other:?}"),
        }
        let msg = e.to_string();
        assert!(
            msg.contains(option) && msg.contains(&format!("'{value}'")),
            "{msg}"
        );
    }
}

#[test]
fn perft_stops_at_breakthrough_and_lead_but_not_impasse() {
    // Blue: e4-e5 (breakthrough) and three steps of i1; after each step Gray has only e9-e8.
    let p = pos("sackson", "Ce4 ce9 Si1", 'b');
    assert_eq!(bluegray_core::perft(&p, 1), 4);
    assert_eq!(bluegray_core::perft(&p, 2), 3);
    let divide: Vec<(String, u64)> = bluegray_core::divide(&p, 2)
        .into_iter()
        .map(|(m, n)| (m.to_string(), n))
        .collect();
    assert!(divide.contains(&("e4-e5".to_string(), 0)), "{divide:?}");
    // A finished position is a leaf only at depth 0.
    let won = after(&p, "e4-e5");
    assert_eq!(bluegray_core::perft(&won, 0), 1);
    assert_eq!(bluegray_core::perft(&won, 1), 0);
    // The lead rule ends the tree the same way: classic, d2-c2 makes 3 to 0.
    let q = pos("classic", "Cd2 Sa1 ce9 si9", 'b');
    assert_eq!(bluegray_core::perft(&q, 1), 4);
    // a1's three steps each leave Gray i9's three steps and e9-e8; d2-c2 ends the game.
    assert_eq!(bluegray_core::perft(&q, 2), 3 * 4);
    // Impasse is ignored: a position repeated or past impasse_plies still has its moves.
    let stale = Position::from_code(
        &code_with("Ce1 Sa1 ce9 si9", 'b', 500, 1),
        variant("sackson").rules,
    )
    .unwrap();
    assert_eq!(bluegray_core::perft(&stale, 1), 4);
}
