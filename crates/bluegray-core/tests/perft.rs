//! The reference counts of docs/RULES.md §8. Depth 4 of the larger trees takes a while in a debug
//! build, so those run only with optimisations (`cargo test --release`, as CI does).

use bluegray_core::{perft, Position, Variant};

fn start(spec: &str) -> Position {
    Position::new(spec.parse::<Variant>().unwrap().rules)
}

fn check(pos: &Position, expected: &[u64]) {
    for (i, &want) in expected.iter().enumerate() {
        let depth = i as u32 + 1;
        if depth == 4 && cfg!(debug_assertions) && want > 100_000 {
            // Too slow unoptimised; the release run in CI checks it.
            continue;
        }
        assert_eq!(perft(pos, depth), want, "depth {depth} of {pos}");
    }
}

#[test]
fn sackson_start() {
    check(&start("sackson"), &[25, 625, 19025, 579121]);
}

#[test]
fn super_start() {
    check(&start("super"), &[9, 81, 1098, 14884]);
}

#[test]
fn classic_turbo_light_start() {
    check(&start("classic-turbo-light"), &[45, 2025, 88965, 3908529]);
}

#[test]
fn forced_double_capture() {
    let code = "1sssc2s1/s1sss1ss1/3s2s2/2S2s3/3S1SS2/2S3S2/4S3S/8S/SS1SCS1SS b 0 1";
    let pos = Position::from_code(code, Variant::default().rules).unwrap();
    check(&pos, &[1, 1, 64]);
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].to_string(), "f5xf7xh7");
}
