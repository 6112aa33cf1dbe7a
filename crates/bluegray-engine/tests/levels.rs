//! A few quick games: the strongest level beats a random mover and clearly beats level 1.
//! (The full level-against-level measurements are run with `bluegray match`.)

use bluegray_core::{Color, Game, SplitMix64, Variant};
use bluegray_engine::{Engine, Level, Limits, NoClock};

/// Who moves: a level with a node budget, or a seeded uniformly random mover.
enum Player {
    Engine(Level, Option<u64>),
    Random,
}

/// Plays a game from the variant's start; returns the winner.
fn play(variant: &Variant, blue: &Player, gray: &Player, seed: u64) -> Option<Color> {
    let mut game = Game::new(*variant);
    let mut engine = Engine::new(1);
    let mut rng = SplitMix64::new(seed);
    while game.outcome().is_none() {
        let player = match game.side_to_move() {
            Color::Blue => blue,
            Color::Gray => gray,
        };
        let draw = rng.next_u64();
        let m = match player {
            Player::Random => {
                let legal = game.legal_moves();
                legal[draw as usize % legal.len()]
            }
            Player::Engine(level, nodes) => {
                let limits = Limits {
                    nodes: *nodes,
                    seed: draw,
                    ..Limits::default()
                };
                engine
                    .search_game(&game, &limits, *level, &NoClock, &mut |_| {})
                    .best
                    .unwrap()
            }
        };
        game.play(m).unwrap();
    }
    game.outcome().unwrap().winner
}

/// Plays `pairs` pairs of games, each pair with colours swapped; returns the strong side's wins.
fn wins(variant: &str, strong: &Player, weak: &Player, pairs: u64) -> u64 {
    let variant: Variant = variant.parse().unwrap();
    let mut won = 0;
    for seed in 0..pairs {
        won += u64::from(play(&variant, strong, weak, seed) == Some(Color::Blue));
        won += u64::from(play(&variant, weak, strong, seed) == Some(Color::Gray));
    }
    won
}

#[test]
fn the_top_level_beats_a_random_mover() {
    let top = Player::Engine(Level::MAX, Some(2_000));
    assert_eq!(wins("sackson", &top, &Player::Random, 2), 4);
    assert_eq!(wins("super-turbo", &top, &Player::Random, 1), 2);
}

#[test]
fn the_top_level_beats_level_one() {
    let top = Player::Engine(Level::MAX, Some(4_000));
    let weakest = Player::Engine(Level::MIN, None);
    assert!(wins("sackson", &top, &weakest, 2) >= 3);
}
