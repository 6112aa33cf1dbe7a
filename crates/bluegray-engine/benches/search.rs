//! Search speed: fixed-depth searches from a start and a middle-game position.

use std::hint::black_box;

use bluegray_core::{Position, Variant};
use bluegray_engine::{Engine, Level, Limits, NoClock};
use criterion::{criterion_group, criterion_main, Criterion};

fn searches(c: &mut Criterion) {
    let sackson = Variant::default();
    let cases = [
        ("sackson start depth 7", Position::new(sackson.rules), 7),
        (
            "sackson middle game depth 6",
            Position::from_code(
                "ssss1ssss/s2s5/1sssss1s1/1C4s2/9/2S4c1/1S1SSSSS1/1S6S/SSSS1SSSS b 8 16",
                sackson.rules,
            )
            .expect("a valid code"),
            6,
        ),
    ];
    for (name, pos, depth) in cases {
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        c.bench_function(name, |b| {
            b.iter(|| {
                // A fresh table each time: every iteration does the same work.
                let mut engine = Engine::new(4);
                black_box(engine.search(
                    black_box(&pos),
                    &[],
                    &limits,
                    Level::MAX,
                    &NoClock,
                    &mut |_| {},
                ))
            })
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = searches
}
criterion_main!(benches);
