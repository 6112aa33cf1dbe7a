//! A record's variations in a build without the `variations` feature (the web page's play
//! module, docs/RULES.md R29): read past, balanced, comments in them included, and said to be
//! dropped; the main line, its comments and its result are the record's as a full build reads
//! them. With the feature the same records keep their variations and drop nothing.
//!
//! `cargo test -p bluegray-core --no-default-features` runs the build without it.

use bluegray_core::{Game, GameRecord, RecordError};

/// Variations in variations, a comment with parentheses in one, and a comment after it.
const NESTED: &str = "\
    1. d2-d3 {main (the game's)} (1. e2-e3 {tried (once)} d8-d7 (1... c8-c7 {a ) here}) \
    2. d2-d3) 1... d8-d7 {after} 2. e2-e3 *\n";

#[test]
fn variations_are_read_past_whole_and_the_main_line_kept() {
    let rec: GameRecord = NESTED.parse().unwrap();
    assert_eq!(rec.moves, ["d2-d3", "d8-d7", "e2-e3"]);
    assert_eq!(
        rec.comments,
        [
            (1, "main (the game's)".to_string()),
            (2, "after".to_string())
        ]
    );
    assert_eq!(rec.result, "*");
    let game = rec.to_game().unwrap();
    assert_eq!(game.moves().len(), 3);
    assert_eq!(game.comments(), rec.comments.as_slice());
    #[cfg(feature = "variations")]
    {
        assert!(!rec.dropped_variations && !game.dropped_variations());
        assert_eq!(game.variations().len(), 1);
    }
    #[cfg(not(feature = "variations"))]
    {
        assert!(rec.dropped_variations && game.dropped_variations());
        // The record written back has the main line only, and still says so.
        let text = game.record().to_string();
        assert!(!text.contains("tried") && !text.contains("c8-c7"), "{text}");
        assert!(game.record().dropped_variations);
    }
}

#[test]
fn a_record_without_variations_drops_nothing() {
    let game = Game::from_record("1. d2-d3 {why (not)} 1... d8-d7 *").unwrap();
    assert!(!game.dropped_variations());
    assert!(!game.record().dropped_variations);
}

#[test]
fn badly_written_variations_are_refused_alike_in_both_builds() {
    let unclosed = "1. d2-d3 (1. e2-e3 *";
    assert!(matches!(
        unclosed.parse::<GameRecord>(),
        Err(RecordError::UnclosedVariation { .. })
    ));
    assert!(matches!(
        "1. d2-d3 ) d8-d7 *".parse::<GameRecord>(),
        Err(RecordError::UnopenedVariation { .. })
    ));
    assert!(matches!(
        "(1. e2-e3) 1. d2-d3 *".parse::<GameRecord>(),
        Err(RecordError::VariationFirst { .. })
    ));
    let deep = format!("1. d2-d3 {}{} *", "(1. e2-e3 ".repeat(70), ")".repeat(70));
    assert!(matches!(
        deep.parse::<GameRecord>(),
        Err(RecordError::VariationsTooDeep { .. })
    ));
}

/// A move a variation cannot play: a full build refuses the record, one without the feature
/// reads past it unchecked (the page then reads the record with a full build, which refuses it).
#[test]
fn a_variation_move_is_checked_only_where_variations_are_kept() {
    let read = Game::from_record("1. d2-d3 (1. a1-a9) 1... d8-d7 *");
    #[cfg(feature = "variations")]
    assert!(matches!(read, Err(RecordError::VariationMove { .. })));
    #[cfg(not(feature = "variations"))]
    assert!(read.unwrap().dropped_variations());
}
