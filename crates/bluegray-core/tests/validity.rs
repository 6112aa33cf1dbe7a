//! The editor's check of a position (`validity`) never refuses a position a game can reach: every
//! position of random legal play from each named variant's start passes it until the game is
//! over, and the check never panics on any board.

use bluegray_core::validity::{playable, problems};
use bluegray_core::{Game, Piece, PieceKind, Setup, SplitMix64, Variant, VariantName};
use proptest::prelude::*;
use proptest::test_runner::Config;

proptest! {
    #![proptest_config(Config { cases: 24, ..Config::default() })]

    #[test]
    fn positions_of_random_play_pass_until_the_game_ends(seed in any::<u64>()) {
        let mut rng = SplitMix64::new(seed);
        for name in VariantName::all() {
            let mut game = Game::new(Variant::from(name));
            for _ in 0..200 {
                let pos = *game.position();
                if game.outcome().is_none() {
                    let found = problems(&pos.setup(), *pos.rules());
                    prop_assert!(found.is_empty(), "{:?} {}: {:?}", name, pos, found);
                } else {
                    // A finished game is refused, unless only its history (a repetition)
                    // ended it.
                    let found = problems(&pos.setup(), *pos.rules());
                    let by_repetition = game.repetitions() >= 3;
                    prop_assert!(!found.is_empty() || by_repetition, "{:?} {}", name, pos);
                    break;
                }
                let moves = game.legal_moves();
                let m = moves[rng.below(moves.len())];
                game.play(m).unwrap();
            }
        }
    }

    #[test]
    fn any_board_is_checked_without_panic(
        cells in prop::collection::vec(0u8..7, 81),
        gray in any::<bool>(),
        plies in 0u16..100,
    ) {
        let kinds = [PieceKind::Captain, PieceKind::Sergeant, PieceKind::Private];
        let mut setup: Setup = "9/9/9/9/9/9/9/9/9 b 0 1".parse().unwrap();
        for (i, &c) in cells.iter().enumerate() {
            setup.board[i] = (c > 0).then(|| Piece {
                color: if c % 2 == 0 { bluegray_core::Color::Gray } else { bluegray_core::Color::Blue },
                kind: kinds[usize::from((c - 1) / 2)],
            });
        }
        if gray {
            setup.side = bluegray_core::Color::Gray;
        }
        setup.no_progress = plies;
        for name in VariantName::all() {
            let rules = name.rules();
            let found = problems(&setup, rules);
            prop_assert_eq!(found.is_empty(), playable(&setup, rules).is_ok());
            for p in &found {
                prop_assert!(!p.to_string().is_empty());
            }
        }
    }
}
