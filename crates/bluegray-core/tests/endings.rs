//! Endings by the players (docs/RULES.md §5.1): resigning, a draw by agreement, an abort, a
//! game claimed after the other player left, and how a record keeps them (§6.4).

use bluegray_core::{Color, EndError, EndReason, Game, MoveError, Outcome, RecordError, TagError};

fn game(moves: &[&str]) -> Game {
    let mut g = Game::new("sackson".parse().unwrap());
    for m in moves {
        g.play_text(m).unwrap();
    }
    g
}

/// One way to end a game.
type Ending = fn(&mut Game) -> Result<Outcome, EndError>;

/// A sackson position where Blue's `e4-e5` reaches the red dot.
const NEAR_WIN: &str = "4c4/8s/9/9/9/4C4/9/9/9 b 0 1";

#[test]
fn either_side_resigns_whoever_is_to_move() {
    for side in [Color::Blue, Color::Gray] {
        let mut g = game(&["e2-f3"]);
        assert_eq!(g.side_to_move(), Color::Gray);
        let o = g.resign(side).unwrap();
        assert_eq!(o.winner, Some(side.other()));
        assert_eq!(o.reason, EndReason::Resignation);
        assert_eq!(g.outcome(), Some(o));
        assert_eq!(
            o.result_token(),
            if side == Color::Blue { "0-1" } else { "1-0" }
        );
        assert!(!o.is_half_win());
    }
    assert_eq!(
        Outcome::resignation(Color::Gray).to_string(),
        "Blue wins by resignation: Gray resigned"
    );
}

#[test]
fn nothing_is_played_after_the_players_end_a_game() {
    let mut g = game(&["e2-f3"]);
    g.resign(Color::Blue).unwrap();
    assert!(g.legal_moves().is_empty());
    assert!(matches!(g.play_text("e8-d7"), Err(MoveError::GameOver(_))));
    assert!(matches!(g.parse_move("e8-d7"), Err(MoveError::GameOver(_))));
    let over = g.outcome().unwrap();
    assert_eq!(g.resign(Color::Gray), Err(EndError::GameOver(over)));
    assert_eq!(g.agree_draw(), Err(EndError::GameOver(over)));
    assert_eq!(g.abort(), Err(EndError::GameOver(over)));
    assert_eq!(g.outcome(), Some(over));
}

#[test]
fn a_draw_by_agreement_has_no_winner() {
    let mut g = game(&["e2-f3", "e8-d7", "e1-e2"]);
    let o = g.agree_draw().unwrap();
    assert_eq!(o, Outcome::agreement());
    assert_eq!(o.winner, None);
    assert_eq!(o.result_token(), "1/2-1/2");
    assert_eq!(o.to_string(), "Draw by agreement");
    assert!(g.legal_moves().is_empty());
}

#[test]
fn a_game_a_player_left_is_claimed_as_a_win_or_a_draw() {
    let mut g = game(&["e2-f3", "e8-d7"]);
    let o = g.claim(Color::Gray, true).unwrap();
    assert_eq!(o.winner, Some(Color::Gray));
    assert_eq!(o.reason, EndReason::Abandoned);
    assert!(o.reason.by_players());
    assert!(!o.is_half_win());
    assert_eq!(o.to_string(), "Gray wins: Blue left the game");
    assert_eq!(g.claim(Color::Blue, true), Err(EndError::GameOver(o)));
    let mut g = game(&["e2-f3"]);
    let o = g.claim(Color::Blue, false).unwrap();
    assert_eq!((o.winner, o.result_token()), (None, "1/2-1/2"));
    assert_eq!(o.to_string(), "Draw: a player left the game");
}

#[test]
fn an_abort_is_allowed_only_before_both_sides_have_moved() {
    for plies in 0..2 {
        let mut g = game(&["e2-f3", "e8-d7"][..plies]);
        let o = g.abort().unwrap();
        assert_eq!(o.reason, EndReason::Aborted);
        assert_eq!(o.winner, None);
        assert_eq!(o.result_token(), "*");
        assert_eq!(o.to_string(), "Game aborted: no result");
        assert!(g.legal_moves().is_empty());
    }
    let mut g = game(&["e2-f3", "e8-d7"]);
    assert_eq!(g.abort(), Err(EndError::TooLateToAbort { plies: 2 }));
    assert_eq!(g.outcome(), None);
    assert!(g
        .abort()
        .unwrap_err()
        .to_string()
        .contains("too late to abort"));
    // Taken back to one move, it can be aborted again.
    g.undo();
    assert!(g.abort().is_ok());
}

#[test]
fn a_game_the_rules_ended_cannot_be_resigned_drawn_or_aborted() {
    let mut g = Game::from_code("sackson".parse().unwrap(), NEAR_WIN).unwrap();
    g.play_text("e4-e5").unwrap();
    let won = g.outcome().unwrap();
    assert_eq!(won.reason, EndReason::Breakthrough);
    assert_eq!(g.resign(Color::Blue), Err(EndError::GameOver(won)));
    assert_eq!(g.agree_draw(), Err(EndError::GameOver(won)));
    assert_eq!(g.abort(), Err(EndError::GameOver(won)));
    assert_eq!(g.outcome(), Some(won));
}

#[test]
fn undo_takes_the_ending_back_with_the_move_and_redo_stops_at_it() {
    let mut g = game(&["e2-f3", "e8-d7", "e1-e2"]);
    g.undo();
    g.resign(Color::Blue).unwrap();
    // The line taken back is left: the game ended before it.
    assert_eq!(g.redo(), None);
    assert_eq!(g.redo_moves().count(), 0);
    assert_eq!(g.moves().len(), 2);
    assert!(g.undo().is_some());
    assert_eq!(g.outcome(), None);
    assert_eq!(g.moves().len(), 1);
    assert_eq!(g.redo().map(|m| m.to_string()), Some("e8-d7".into()));
    assert_eq!(g.outcome(), None, "redo does not bring the ending back");
    // At the start there is no move to take back, and the ending stays.
    let mut g = game(&[]);
    g.abort().unwrap();
    assert_eq!(g.undo(), None);
    assert_eq!(g.outcome(), Some(Outcome::aborted()));
}

#[test]
fn a_record_keeps_the_players_ending_in_result_and_termination() {
    let cases: [(Ending, &str, &str); 7] = [
        (|g| g.resign(Color::Blue), "0-1", "resignation"),
        (|g| g.resign(Color::Gray), "1-0", "resignation"),
        (|g| g.agree_draw(), "1/2-1/2", "agreement"),
        (|g| g.abort(), "*", "aborted"),
        (|g| g.claim(Color::Blue, true), "1-0", "abandoned"),
        (|g| g.claim(Color::Gray, true), "0-1", "abandoned"),
        (|g| g.claim(Color::Gray, false), "1/2-1/2", "abandoned"),
    ];
    for (end, token, termination) in cases {
        let mut g = game(&["e2-f3"]);
        let o = end(&mut g).unwrap();
        let text = g.record().to_string();
        assert!(
            text.contains(&format!(
                "[Result \"{token}\"]\n[Termination \"{termination}\"]\n"
            )),
            "{text}"
        );
        assert!(text.trim_end().ends_with(token), "{text}");
        let back = Game::from_record(&text).unwrap();
        assert_eq!(back.outcome(), Some(o));
        assert_eq!(back.moves(), g.moves());
        assert_eq!(back.record().to_string(), text);
        assert_eq!(back.tag("Termination"), None, "not an ordinary tag");
    }
    // A game going on, or ended by the rules, has no Termination tag.
    assert!(!game(&["e2-f3"])
        .record()
        .to_string()
        .contains("Termination"));
    let mut won = Game::from_code("sackson".parse().unwrap(), NEAR_WIN).unwrap();
    won.play_text("e4-e5").unwrap();
    assert!(!won.record().to_string().contains("Termination"));
}

#[test]
fn a_termination_tag_is_read_without_case_and_other_values_are_not_kept() {
    let g = Game::from_record("[Result \"1-0\"]\n[Termination \" Resignation \"]\n\n1. e2-f3 1-0")
        .unwrap();
    assert_eq!(g.outcome(), Some(Outcome::resignation(Color::Gray)));
    // A value the rules core does not know is read as no Termination (ruling R21 then applies).
    let g = Game::from_record("[Termination \"normal\"]\n\n1. e2-f3 1-0").unwrap();
    assert_eq!(g.outcome(), None);
    assert!(!g.record().to_string().contains("Termination"));
    let mut g = game(&[]);
    assert_eq!(
        g.set_tag("termination", "resignation"),
        Err(TagError::Reserved("termination".into()))
    );
}

#[test]
fn a_termination_the_record_contradicts_is_an_error() {
    let bad = [
        "[Termination \"resignation\"]\n\n1. e2-f3 1/2-1/2",
        "[Termination \"resignation\"]\n\n1. e2-f3 *",
        "[Termination \"agreement\"]\n\n1. e2-f3 1-0",
        "[Termination \"aborted\"]\n\n1. e2-f3 0-1",
        "[Termination \"aborted\"]\n\n1. e2-f3 e8-d7 *",
        "[Termination \"abandoned\"]\n\n1. e2-f3 *",
        &format!("[Position \"{NEAR_WIN}\"]\n[Termination \"resignation\"]\n\n1. e4-e5 1-0"),
    ];
    for text in bad {
        let e = Game::from_record(text).unwrap_err();
        assert!(
            matches!(e, RecordError::Termination { .. }),
            "{text}: {e:?}"
        );
        assert!(e.to_string().starts_with("Termination tag '"), "{e}");
    }
    let e = Game::from_record("[Termination \"aborted\"]\n\n1. e2-f3 e8-d7 *").unwrap_err();
    assert!(e.to_string().contains("too late to abort"), "{e}");
}

#[test]
fn a_flag_fall_loses_and_the_record_keeps_it() {
    for side in [Color::Blue, Color::Gray] {
        let mut g = game(&["e2-f3"]);
        g.set_tag("TimeControl", "1+0").unwrap();
        let o = g.flag(side).unwrap();
        assert_eq!(o, Outcome::time(side));
        assert_eq!(o.reason, EndReason::Time);
        assert_eq!(o.winner, Some(side.other()));
        assert!(g.play_text("e8-d7").is_err());
        assert!(matches!(g.resign(side), Err(EndError::GameOver(_))));
        let text = g.record().to_string();
        assert!(text.contains("[Termination \"time forfeit\"]"), "{text}");
        let back = Game::from_record(&text).unwrap();
        assert_eq!(back.outcome(), Some(o));
    }
    assert_eq!(
        Outcome::time(Color::Blue).to_string(),
        "Gray wins on time: Blue's flag fell"
    );
    // A time forfeit is a win, never a draw.
    let text = "[Termination \"Time Forfeit\"]\n\n1. e2-f3 1/2-1/2\n";
    assert!(matches!(
        Game::from_record(text),
        Err(RecordError::Termination { .. })
    ));
}
