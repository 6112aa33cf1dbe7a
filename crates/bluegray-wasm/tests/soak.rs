//! Random games in every variant through the session API the page uses, checking after every
//! move what must always hold: the game ends, the record and the position code round-trip, the
//! piece counts never grow, and undoing every move restores the start.
//!
//! The test command runs a short soak (`soak_every_variant_briefly`). The long one is ignored by
//! default; run it with
//!
//! ```sh
//! cargo test --release -p bluegray-wasm --test soak -- --ignored
//! ```
//!
//! (`SOAK_GAMES=N` sets the number of games per variant, 300 by default.)

use bluegray_core::{SplitMix64, VariantName};
use bluegray_wasm::session::Session;
use bluegray_wasm::view::GameState;

/// More plies than any game can last: the no-progress rule ends a game after at most 60 plies
/// without a capture or captain move, and there are at most 34 captures and 34 captain moves.
const MAX_PLIES: usize = 70 * 61;

/// Guards and captains of each side.
fn counts(s: &GameState) -> (usize, usize) {
    let blue = s.board.iter().filter(|p| p.color == "blue").count();
    (blue, s.board.len() - blue)
}

/// Plays one random game of `spec` and checks the invariants; returns its length in plies.
fn soak_game(spec: &str, seed: u64) -> usize {
    let mut rng = SplitMix64::new(seed);
    let mut s = Session::new(spec).unwrap();
    let start = s.code();
    let mut before = counts(&s.state());
    let mut plies = 0;
    loop {
        let state = s.state();
        // The position code and the record give back the same game.
        let from_code = Session::from_code(spec, &state.code).unwrap();
        assert_eq!(from_code.code(), state.code, "{spec} seed {seed}");
        let from_record = Session::from_record(&state.record)
            .unwrap_or_else(|e| panic!("{spec} seed {seed}: {e}\n{}", state.record));
        assert_eq!(from_record.code(), state.code, "{spec} seed {seed}");
        assert_eq!(from_record.record(), state.record, "{spec} seed {seed}");
        assert_eq!(
            from_record.state().result,
            state.result,
            "{spec} seed {seed}"
        );
        // Pieces are only ever captured.
        let now = counts(&state);
        assert!(now.0 <= before.0 && now.1 <= before.1, "{spec} seed {seed}");
        before = now;
        if state.result.is_some() {
            assert!(state.moves.is_empty());
            break;
        }
        assert!(
            !state.moves.is_empty(),
            "{spec} seed {seed}: no move, no result"
        );
        assert!(
            plies < MAX_PLIES,
            "{spec} seed {seed}: the game does not end"
        );
        // Mostly random indices; now and then the text of the move, or a refused move.
        let i = rng.below(state.moves.len());
        match rng.below(4) {
            0 => {
                s.play(&state.moves[i].text).unwrap();
            }
            1 => {
                assert!(s.play("a1-i9").is_err());
                s.play_index(i as u64).unwrap();
            }
            _ => {
                s.play_index(i as u64).unwrap();
            }
        }
        plies += 1;
    }
    // Undo back to the start, then redo to the end: the same game both ways.
    let end = s.code();
    while s.undo().is_some() {}
    assert_eq!(s.code(), start, "{spec} seed {seed}");
    while s.redo().is_some() {}
    assert_eq!(s.code(), end, "{spec} seed {seed}");
    plies
}

fn soak(games_per_variant: u64) {
    for (v, name) in VariantName::all().into_iter().enumerate() {
        let spec = name.to_string();
        for g in 0..games_per_variant {
            soak_game(&spec, (v as u64) << 32 | g);
        }
    }
    // Options that change how pieces move, too.
    for spec in [
        "sackson,jumps=any,diagonals=marked",
        "super-turbo,first=gray,lead=2",
    ] {
        for g in 0..games_per_variant {
            soak_game(spec, g);
        }
    }
}

#[test]
fn soak_every_variant_briefly() {
    soak(2);
}

#[test]
#[ignore = "long: run with --ignored (see the module docs)"]
fn soak_every_variant_at_length() {
    let games = std::env::var("SOAK_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(300);
    soak(games);
}
