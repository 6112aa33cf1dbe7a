use super::*;
use bluegray_core::SplitMix64;
use proptest::prelude::*;

/// The committed files, one per named variant (what `bluegray explorer` wrote).
fn committed(name: VariantName) -> String {
    let path = format!("{}/explorer/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `n` games of up to `plies` random legal moves of `variant` from `seed`, each with a random
/// result unless its moves ended it.
fn random_games(variant: VariantName, n: usize, plies: usize, seed: u64) -> ExplorerGames {
    let mut rng = SplitMix64::new(seed);
    let games = (0..n)
        .map(|_| {
            let mut game = Game::new(Variant::from(variant));
            // Few first moves, so that games share their openings.
            for ply in 0..plies {
                let legal = game.legal_moves();
                if legal.is_empty() || game.outcome().is_some() {
                    break;
                }
                let choice = if ply < 3 {
                    3.min(legal.len())
                } else {
                    legal.len()
                };
                let _ = game.play(legal[rng.below(choice)]);
            }
            let result = match game.outcome() {
                Some(o) => GameResult::from_winner(o.winner),
                None => [GameResult::BlueWon, GameResult::GrayWon, GameResult::Draw][rng.below(3)],
            };
            ExplorerGame {
                result,
                moves: game.moves().to_vec(),
            }
        })
        .collect();
    ExplorerGames { variant, games }
}

#[test]
fn results_read_as_records_write_them() {
    for r in [GameResult::BlueWon, GameResult::GrayWon, GameResult::Draw] {
        assert_eq!(r.to_string().parse::<GameResult>(), Ok(r));
        assert_eq!(GameResult::from_winner(r.winner()), r);
    }
    let e = "1-1".parse::<GameResult>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "'1-1' is no result: expected 1-0, 0-1 or 1/2-1/2"
    );
}

#[test]
fn a_file_reads_back_as_written() {
    let games = random_games(VariantName::Sackson, 20, 12, 7);
    let text = format!("# a comment\n\n{games}");
    assert_eq!(text.parse::<ExplorerGames>(), Ok(games));
}

#[test]
fn counts_moves_for_the_side_that_played_them() {
    let text = "variant sackson\n\
                1-0 e2-f3 e8-d7\n\
                0-1 e2-f3 e8-e7\n\
                1/2-1/2 e2-f3 e8-d7\n\
                0-1 c2-d3\n\
                1-0\n";
    let games: ExplorerGames = text.parse().unwrap();
    let stats = |t: &MoveStats| (t.text.clone(), t.games, t.wins, t.draws, t.losses);
    let first: Vec<_> = games.moves_at(&[]).unwrap().iter().map(stats).collect();
    // Blue moves first in sackson.
    assert_eq!(
        first,
        [("e2-f3".into(), 3, 1, 1, 1), ("c2-d3".into(), 1, 0, 0, 1)]
    );
    let second: Vec<_> = games
        .moves_at(&["e2-f3"])
        .unwrap()
        .iter()
        .map(stats)
        .collect();
    // Gray's moves: e8-d7 lost once and drew once, e8-e7 won.
    assert_eq!(
        second,
        [("e8-d7".into(), 2, 0, 1, 1), ("e8-e7".into(), 1, 1, 0, 0)]
    );
    assert_eq!(games.moves_at(&["c2-d3"]), Ok(vec![]));
    assert_eq!(games.moves_at(&["e2-e3"]), Ok(vec![]));
    let e = games.moves_at(&["e2-f3", "a1-a9"]).unwrap_err();
    assert!(
        matches!(e, ExplorerError::BadQuestion { ply: 2, .. }),
        "{e:?}"
    );
    assert!(
        e.to_string().starts_with("move 2 'a1-a9' asked about: "),
        "{e}"
    );
}

#[test]
fn a_file_that_does_not_read_says_which_line() {
    let err = |text: &str| text.parse::<ExplorerGames>().unwrap_err();
    assert_eq!(err(""), ExplorerError::NoVariant);
    assert_eq!(err("# only\n1-0 e2-f3\n"), ExplorerError::NoVariant);
    let e = err("\nvariant chess\n");
    assert_eq!(e.to_string(), "line 2: 'chess' is not a named variant");
    let e = err("variant sackson\nvariant classic\n");
    assert_eq!(e, ExplorerError::SecondVariant { line: 2 });
    let e = err("variant sackson\n1-0 e2-f3\nwin e2-f3\n");
    assert_eq!(
        e.to_string(),
        "line 3: 'win' is no result: expected 1-0, 0-1 or 1/2-1/2"
    );
    let e = err("variant sackson\n1-0 e2-f3 e2-f4\n");
    assert!(
        matches!(&e, ExplorerError::BadMove { line: 2, ply: 2, text, .. } if text == "e2-f4"),
        "{e:?}"
    );
    assert!(e.to_string().starts_with("line 2, move 2 'e2-f4': "), "{e}");
}

#[test]
fn a_game_must_end_as_its_line_says() {
    // A game played until the rules end it, then written with the other result, then with a
    // move after its end.
    let mut rng = SplitMix64::new(3);
    let variant: VariantName = "classic-turbo-light".parse().unwrap();
    let mut game = Game::new(Variant::from(variant));
    while game.outcome().is_none() {
        let legal = game.legal_moves();
        let _ = game.play(legal[rng.below(legal.len())]);
    }
    let actual = GameResult::from_winner(game.outcome().map(|o| o.winner).unwrap_or_default());
    let moves: Vec<String> = game.moves().iter().map(Move::to_string).collect();
    let written = if actual == GameResult::Draw {
        GameResult::BlueWon
    } else {
        GameResult::Draw
    };
    let text = format!(
        "variant classic-turbo-light\n{written} {}\n",
        moves.join(" ")
    );
    assert_eq!(
        text.parse::<ExplorerGames>(),
        Err(ExplorerError::WrongResult {
            line: 2,
            actual,
            written
        })
    );
    let text = format!(
        "variant classic-turbo-light\n{actual} {} {}\n",
        moves.join(" "),
        moves[0]
    );
    assert_eq!(
        text.parse::<ExplorerGames>(),
        Err(ExplorerError::AfterTheEnd {
            line: 2,
            ply: moves.len() + 1
        })
    );
}

#[test]
fn every_committed_file_reads_and_adds_up() {
    for name in VariantName::all() {
        let games: ExplorerGames = committed(name)
            .parse()
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(games.variant, name);
        // docs/EXPLORER.md: 120 games a variant.
        assert!(games.games.len() >= 120, "{name}: too few games");
        let first = games.moves_at(&[]).unwrap();
        let total: u32 = first.iter().map(|s| s.games).sum();
        assert_eq!(total as usize, games.games.len(), "{name}");
    }
}

/// Checks every node of the tree below `prefix`: each move's results add up to its games, and
/// the games of the moves there are the games that went through the position and on from it.
fn check_below(games: &ExplorerGames, prefix: &mut Vec<String>) -> Result<(), TestCaseError> {
    let asked: Vec<&str> = prefix.iter().map(String::as_str).collect();
    let stats = games
        .moves_at(&asked)
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let through = games
        .games
        .iter()
        .filter(|g| {
            g.moves.len() > prefix.len()
                && g.moves
                    .iter()
                    .zip(prefix.iter())
                    .all(|(m, t)| m.to_string() == *t)
        })
        .count();
    let sum: u32 = stats.iter().map(|s| s.games).sum();
    prop_assert_eq!(sum as usize, through);
    for s in &stats {
        prop_assert_eq!(s.wins + s.draws + s.losses, s.games);
        prop_assert!(s.games > 0);
        prefix.push(s.text.clone());
        check_below(games, prefix)?;
        prefix.pop();
    }
    prop_assert!(stats.windows(2).all(|w| w[0].games >= w[1].games));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn the_tree_adds_up_at_every_node(seed in any::<u64>(), n in 0usize..30, plies in 0usize..7) {
        let variant = VariantName::all()[(seed % 17) as usize];
        let games = random_games(variant, n, plies, seed);
        check_below(&games, &mut Vec::new())?;
    }
}
