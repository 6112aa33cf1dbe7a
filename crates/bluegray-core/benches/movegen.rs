//! Move generation benchmarks: legal moves and counts on a few positions, and perft.
//!
//! Run with `cargo bench -p bluegray-core`; `cargo test --benches` runs each once as a check.

use std::hint::black_box;

use bluegray_core::{perft, Game, Move, Position, Variant};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

fn rules(spec: &str) -> bluegray_core::Rules {
    spec.parse::<Variant>().expect("variant").rules
}

/// The position after a fixed pseudo-random playout (an LCG picks the moves), so every run
/// measures the same midgame.
fn midgame(spec: &str, plies: usize, seed: u64) -> Position {
    let mut game = Game::new(spec.parse().expect("variant"));
    let mut s = seed;
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        s = s
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        game.play(moves[(s >> 33) as usize % moves.len()])
            .expect("legal");
    }
    *game.position()
}

/// A lattice of Gray guards between empty points, where Blue's two sergeants have many long
/// capture sequences (with loops round the squares) to choose from.
const CAPTURES: &str = "4c4/9/1s1sS4/s1s1s4/1s1s5/s1s1s4/Ss1s5/9/4C4 b 0 1";

fn positions() -> Vec<(&'static str, Position)> {
    let sackson = rules("sackson");
    let capture = Position::from_code(CAPTURES, sackson).expect("capture position");
    debug_assert!(capture.legal_moves().iter().all(Move::is_capture));
    vec![
        ("start", Position::new(sackson)),
        ("midgame", midgame("sackson", 40, 1903)),
        ("super-turbo-midgame", midgame("super-turbo", 40, 7)),
        ("captures", capture),
    ]
}

fn movegen(c: &mut Criterion) {
    let positions = positions();
    let mut group = c.benchmark_group("legal_moves");
    for (name, pos) in &positions {
        let mut buffer = Vec::with_capacity(256);
        group.bench_with_input(BenchmarkId::from_parameter(name), pos, |b, pos| {
            b.iter(|| {
                black_box(pos).legal_moves_into(&mut buffer);
                buffer.len()
            })
        });
    }
    group.finish();

    let mut group = c.benchmark_group("count_moves");
    for (name, pos) in &positions {
        group.bench_with_input(BenchmarkId::from_parameter(name), pos, |b, pos| {
            b.iter(|| black_box(pos).count_moves())
        });
    }
    group.finish();
}

fn perft_sackson(c: &mut Criterion) {
    let start = Position::new(rules("sackson"));
    let mut group = c.benchmark_group("perft_sackson");
    group.sample_size(10);
    for depth in [4u32, 5] {
        group.bench_with_input(BenchmarkId::from_parameter(depth), &depth, |b, &d| {
            b.iter(|| perft(black_box(&start), d))
        });
    }
    group.finish();
}

criterion_group!(benches, movegen, perft_sackson);
criterion_main!(benches);
