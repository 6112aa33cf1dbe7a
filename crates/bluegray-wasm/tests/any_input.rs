//! Whatever a page or an embedding script passes, the binding answers with a value or an error
//! message, never a panic (which in the browser would kill the module and the game with it).

use bluegray_engine::{Engine, Level, NoClock};
use bluegray_wasm::search::think;
use bluegray_wasm::session::Session;
use proptest::prelude::*;

/// Text that is sometimes almost right: fragments of real specs, codes, records and moves,
/// glued with random characters.
fn texty() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "sackson",
        "classic",
        "super-turbo-light-pow",
        ",lead=",
        ",first=gray",
        "=",
        ",",
        "sssscssss/",
        "SSSSCSSSS",
        "/9",
        " b 0 1",
        " g ",
        "c",
        "C",
        "s",
        "S",
        "p",
        "P",
        "9",
        "[Variant \"",
        "\"]\n",
        "[Position \"",
        "1. ",
        "e2-e3",
        "e8-e7",
        "x",
        "-",
        "e5",
        "1-0",
        "*",
        " ",
        "\n",
        "ü",
        "\u{0}",
        "99999999999999999999",
    ]);
    (prop::collection::vec(pieces, 0..12), ".{0,6}")
        .prop_map(|(parts, tail)| parts.concat() + &tail)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn constructors_answer_every_text(spec in texty(), code in texty(), record in texty()) {
        for result in [
            Session::new(&spec),
            Session::from_code(&spec, &code),
            Session::from_record(&record),
        ] {
            match result {
                Ok(s) => { let _ = s.state(); }
                Err(e) => prop_assert!(!e.message.is_empty()),
            }
        }
    }

    #[test]
    fn a_game_survives_any_move_tag_or_index(
        moves in prop::collection::vec(texty(), 0..8),
        index in any::<u64>(),
        tag in texty(),
        value in texty(),
    ) {
        let mut s = Session::new("classic").unwrap();
        for m in &moves {
            if let Err(e) = s.play(m) {
                prop_assert!(!e.message.is_empty());
            }
        }
        if let Err(e) = s.play_index(index) {
            prop_assert!(!e.message.is_empty());
        }
        let before = s.state().record;
        if let Err(e) = s.set_tag(&tag, &value) {
            prop_assert!(!e.message.is_empty());
            prop_assert_eq!(s.state().record, before, "a refused tag changes nothing");
        }
        let _ = (s.undo(), s.redo(), s.state());
    }

    // Levels up to 4 only: they cap their own depth, so that every case stays quick.
    #[test]
    fn think_answers_any_line(text in texty(), spec in texty(), moves in proptest::collection::vec(texty(), 0..4), level in 1u8..=4, ms in any::<f64>()) {
        let mut engine = Engine::new(1);
        let level = Level::try_from(level).unwrap();
        match think(&mut engine, (&spec, &text, &moves), level, Some(ms).filter(|_| level.number() % 2 == 0), 1, &NoClock) {
            Ok(r) => prop_assert!(r.best.is_some() || r.depth == 0),
            Err(e) => prop_assert!(!e.message.is_empty()),
        }
    }
}
