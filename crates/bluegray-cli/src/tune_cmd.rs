//! `bluegray tune`: fits the evaluation's weights to games (Texel's method). The strongest level
//! plays itself at a small node budget from random openings in the chosen variants; quiet
//! positions of those games (no capture to make, no winning captain move) are labelled with
//! the game's result for the side to move; then the weights are fitted so that a logistic curve
//! of the evaluation predicts those results with the least squared error. The evaluation is
//! linear in its weights ([`bluegray_engine::eval::counts`]), so each position's term counts are
//! worked out once. The output is the new `WEIGHTS` line for `eval.rs` and the error before and
//! after, on the games fitted and on games held out. The same arguments give the same weights.

use bluegray_core::{Color, SplitMix64, Variant, VariantName};
use bluegray_engine::eval::{self, Counts, Weights, ALL_TERMS, TERMS, WEIGHTS};
use bluegray_engine::Score;
use clap::Args;

use crate::match_cmd::{named_variants, self_play, SelfPlay};
use crate::CliError;

/// Arguments of `bluegray tune`.
#[derive(Args)]
pub struct TuneArgs {
    /// Games of self-play per variant.
    #[arg(long, default_value_t = 200)]
    games: u32,
    /// Nodes per move in the self-play games.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Random plies from the start that vary the openings; positions from them are not used.
    #[arg(long, default_value_t = 6)]
    openings: u32,
    /// Positions taken from each game at most.
    #[arg(long, default_value_t = 24)]
    per_game: usize,
    /// Steps of the fit.
    #[arg(long, default_value_t = 3000)]
    steps: u32,
    /// Seed for the openings and the choice of positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How strongly the fit is pulled towards today's weights: each weight's squared change,
    /// in units of the larger of its size and 10, times this, is added to the error.
    #[arg(long, default_value_t = 0.0)]
    prior: f64,
    /// Fits only these terms (comma-separated, named as the output names them) and keeps the
    /// others' weights: to ask whether a new term pays on its own. All but the unit when not
    /// given.
    #[arg(long, value_delimiter = ',', value_name = "TERMS")]
    fit: Vec<String>,
    /// Keeps the positions in this file: when it exists they are read from it and no game is
    /// played (to try other fits of the same positions); otherwise they are written there.
    #[arg(long)]
    positions: Option<std::path::PathBuf>,
    /// Games played at once, each on its own thread.
    #[arg(long, default_value_t = 1)]
    jobs: u32,
    /// The named variants to play; all 17 when none is given.
    #[arg(value_name = "VARIANT")]
    variants: Vec<String>,
}

/// A quiet position's term counts and its game's result for the side to move (1, ½ or 0).
struct Sample {
    counts: [f64; TERMS],
    result: f64,
}

/// Every tenth game's positions are held out of the fit, to check the new weights on.
const HOLD_OUT_EVERY: usize = 10;

/// Plays the games, fits the weights and prints them.
pub fn run(args: &TuneArgs) -> Result<(), CliError> {
    if args.games == 0 || args.jobs == 0 || args.nodes == 0 || args.per_game == 0 {
        return Err(CliError(
            "games, jobs, nodes and per-game must each be at least 1".into(),
        ));
    }
    let variants = named_variants(&args.variants)?;
    if !(args.prior >= 0.0 && args.prior.is_finite()) {
        return Err(CliError("prior must be a number of at least 0".into()));
    }
    let (fit, held) = match &args.positions {
        Some(path) if path.exists() => read_positions(path)?,
        _ => {
            let (fit, held) = play(args, &variants)?;
            if let Some(path) = &args.positions {
                write_positions(path, &fit, &held)?;
            }
            (fit, held)
        }
    };
    if fit.is_empty() || held.is_empty() {
        return Err(CliError(
            "too few quiet positions to fit: play more games".into(),
        ));
    }
    let free = free_terms(&args.fit)?;
    let start = WEIGHTS.map(|w| w as f64);
    let k = fit_scale(&fit, &start);
    let tuned = fit_weights(&fit, &start, k, args.steps, args.prior, &free);
    let rounded: Weights = tuned.map(|w| w.round() as Score);
    let as_f64 = rounded.map(|w| w as f64);
    outln!(
        "{} positions ({} held out); scale {k:.5} per centi-step",
        fit.len() + held.len(),
        held.len()
    );
    outln!(
        "squared error, fitted games: {:.6} before, {:.6} after",
        error(&fit, &start, k),
        error(&fit, &as_f64, k)
    );
    outln!(
        "squared error, held-out games: {:.6} before, {:.6} after",
        error(&held, &start, k),
        error(&held, &as_f64, k)
    );
    outln!("term              before  after");
    for (t, (before, after)) in term_names().iter().zip(WEIGHTS.iter().zip(rounded)) {
        outln!("{t:<16} {before:>7} {after:>6}");
    }
    let list: Vec<String> = rounded.iter().map(|w| w.to_string()).collect();
    outln!("pub const WEIGHTS: Weights = [{}];", list.join(", "));
    Ok(())
}

/// Which weights the fit may change: the named terms, or every one; never the unit.
fn free_terms(names: &[String]) -> Result<[bool; TERMS], CliError> {
    let mut free = [names.is_empty(); TERMS];
    for name in names {
        let i = term_names()
            .iter()
            .position(|t| t.eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| {
                CliError(format!(
                    "'{name}' is no term of the evaluation: the terms are {}",
                    term_names().join(", ")
                ))
            })?;
        free[i] = true;
    }
    free[eval::Term::Step as usize] = false;
    Ok(free)
}

/// Every term's name, as the output, the positions file and `--fit` name them.
fn term_names() -> Vec<String> {
    ALL_TERMS.iter().map(|t| format!("{t:?}")).collect()
}

/// The header of a positions file: whether the position is held out, its result, its counts.
fn positions_header() -> String {
    format!("held\tresult\t{}", term_names().join("\t"))
}

/// Writes the positions to `path`, as [`read_positions`] reads them.
fn write_positions(
    path: &std::path::Path,
    fit: &[Sample],
    held: &[Sample],
) -> Result<(), CliError> {
    let mut text = positions_header();
    text.push('\n');
    for (held, samples) in [(0, fit), (1, held)] {
        for s in samples {
            let counts: Vec<String> = s.counts.iter().map(|c| c.to_string()).collect();
            text.push_str(&format!("{held}\t{}\t{}\n", s.result, counts.join("\t")));
        }
    }
    std::fs::write(path, text)
        .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))
}

/// The positions of a file [`write_positions`] wrote: the fitted ones and the held-out ones.
fn read_positions(path: &std::path::Path) -> Result<(Vec<Sample>, Vec<Sample>), CliError> {
    let bad = |what: String| CliError(format!("{}: {what}", path.display()));
    let text = std::fs::read_to_string(path).map_err(|e| bad(e.to_string()))?;
    let mut lines = text.lines();
    if lines.next() != Some(positions_header().as_str()) {
        return Err(bad(
            "not a positions file of this evaluation (its header names other terms)".into(),
        ));
    }
    let (mut fit, mut held) = (Vec::new(), Vec::new());
    for (i, line) in lines.enumerate() {
        let nums: Vec<f64> = line
            .split('\t')
            .map(|x| x.parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| bad(format!("line {} is not numbers", i + 2)))?;
        if nums.len() != TERMS + 2 || !nums.iter().all(|x| x.is_finite()) {
            return Err(bad(format!("line {} has not {} numbers", i + 2, TERMS + 2)));
        }
        let sample = Sample {
            counts: std::array::from_fn(|t| nums[t + 2]),
            result: nums[1],
        };
        if nums[0] == 0.0 { &mut fit } else { &mut held }.push(sample);
    }
    Ok((fit, held))
}

/// Plays the self-play games and takes their positions: the fitted ones and the held-out ones.
fn play(args: &TuneArgs, variants: &[VariantName]) -> Result<(Vec<Sample>, Vec<Sample>), CliError> {
    let (mut fit, mut held) = (Vec::new(), Vec::new());
    let mut rng = SplitMix64::new(args.seed);
    let mut played = 0usize;
    for (i, &name) in variants.iter().enumerate() {
        let variant = Variant::from(name);
        let seed = args.seed.wrapping_add(i as u64);
        let how = SelfPlay {
            games: args.games,
            openings: args.openings,
            varied_plies: 0,
            seed,
            nodes: args.nodes,
            jobs: args.jobs,
        };
        self_play(&variant, &how, |_, end| {
            let to = if played % HOLD_OUT_EVERY == HOLD_OUT_EVERY - 1 {
                &mut held
            } else {
                &mut fit
            };
            samples(&end.game, end.winner, args, &mut rng, to);
            played += 1;
        })?;
        eprintln!(
            "{name}: {} games played, {} positions so far",
            args.games,
            fit.len() + held.len()
        );
    }
    Ok((fit, held))
}

/// Adds up to `per_game` quiet positions of `game`, past its opening, to `to`.
fn samples(
    game: &bluegray_core::Game,
    winner: Option<Color>,
    args: &TuneArgs,
    rng: &mut SplitMix64,
    to: &mut Vec<Sample>,
) {
    let quiet: Vec<_> = game
        .positions()
        .iter()
        .skip(args.openings as usize + 1)
        .filter(|p| p.outcome().is_none() && !p.has_capture() && !eval::captain_wins_next(p))
        .collect();
    let mut chosen: Vec<usize> = (0..quiet.len()).collect();
    // A partial Fisher-Yates shuffle: the first `per_game` are a uniform choice.
    let take = args.per_game.min(chosen.len());
    for i in 0..take {
        let j = i + rng.below(chosen.len() - i);
        chosen.swap(i, j);
    }
    for &i in &chosen[..take] {
        let pos = quiet[i];
        let result = match winner {
            Some(w) if w == pos.side_to_move() => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        let counts: Counts = eval::counts(pos);
        to.push(Sample {
            counts: counts.map(|c| c as f64),
            result,
        });
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn score(s: &Sample, w: &[f64; TERMS]) -> f64 {
    s.counts.iter().zip(w).map(|(c, w)| c * w).sum()
}

/// The mean squared error of predicting each result by `sigmoid(k · score)`.
fn error(samples: &[Sample], w: &[f64; TERMS], k: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| (s.result - sigmoid(k * score(s, w))).powi(2))
        .sum();
    sum / samples.len().max(1) as f64
}

/// The scale that best turns today's scores into results: a golden-section search over its
/// logarithm, since the error is smooth and has one minimum in it.
fn fit_scale(samples: &[Sample], w: &[f64; TERMS]) -> f64 {
    let f = |log_k: f64| error(samples, w, log_k.exp());
    let (mut lo, mut hi) = ((1e-5f64).ln(), (1e-1f64).ln());
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if f(a) < f(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// Fits the weights marked `free` (never the unit, [`eval::Term::Step`], which fixes the scale
/// with `k`) by Adam's gradient descent on the mean squared error from `start`, plus `prior`
/// times each weight's squared change in units of the larger of its size in `start` and 10.
fn fit_weights(
    samples: &[Sample],
    start: &[f64; TERMS],
    k: f64,
    steps: u32,
    prior: f64,
    free: &[bool; TERMS],
) -> [f64; TERMS] {
    // Counts differ in size by orders of magnitude (a squared progress against a tempo), so
    // each weight moves in its own units: Adam's per-weight step does that. The step shrinks
    // from half a centi-step to a fiftieth, so that small weights settle rather than jitter.
    let (b1, b2, eps) = (0.9, 0.999, 1e-8);
    let mut w = *start;
    let (mut m, mut v) = ([0.0; TERMS], [0.0; TERMS]);
    let n = samples.len() as f64;
    for step in 1..=steps {
        let rate = 0.02 + 0.48 * (1.0 - f64::from(step) / f64::from(steps));
        let mut grad = [0.0; TERMS];
        for s in samples {
            let p = sigmoid(k * score(s, &w));
            let d = 2.0 * (p - s.result) * p * (1.0 - p) * k / n;
            for (g, c) in grad.iter_mut().zip(&s.counts) {
                *g += d * c;
            }
        }
        for i in 0..TERMS {
            if !free[i] {
                continue;
            }
            grad[i] += 2.0 * prior * (w[i] - start[i]) / start[i].abs().max(10.0).powi(2);
            m[i] = b1 * m[i] + (1.0 - b1) * grad[i];
            v[i] = b2 * v[i] + (1.0 - b2) * grad[i] * grad[i];
            let m_hat = m[i] / (1.0 - b1.powi(step as i32));
            let v_hat = v[i] / (1.0 - b2.powi(step as i32));
            w[i] -= rate * m_hat / (v_hat.sqrt() + eps);
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Samples whose results follow `sigmoid(k · (w · counts))` exactly, on a grid of counts.
    fn made_by(w: &[f64; TERMS], k: f64) -> Vec<Sample> {
        let mut rng = SplitMix64::new(9);
        (0..4000)
            .map(|_| {
                let mut counts = [0.0; TERMS];
                for c in counts.iter_mut() {
                    *c = rng.below(9) as f64 - 4.0;
                }
                let p = sigmoid(k * counts.iter().zip(w).map(|(c, w)| c * w).sum::<f64>());
                Sample { counts, result: p }
            })
            .collect()
    }

    #[test]
    fn the_scale_and_the_weights_are_found_again() {
        let truth: [f64; TERMS] =
            std::array::from_fn(|i| if i == 0 { 100.0 } else { 10.0 * (i % 5) as f64 });
        let k = 0.004;
        let samples = made_by(&truth, k);
        assert!((fit_scale(&samples, &truth) / k - 1.0).abs() < 0.01);
        // From wrong weights (the unit right), the fit gets back near the truth.
        let mut start = truth.map(|x| x + 15.0);
        start[0] = 100.0;
        let before = error(&samples, &start, k);
        let all = free_terms(&[]).unwrap();
        let w = fit_weights(&samples, &start, k, 1500, 0.0, &all);
        assert!(error(&samples, &w, k) < before / 100.0);
        assert_eq!(w[0], 100.0, "the unit stays");
        for (got, want) in w.iter().zip(&truth) {
            assert!((got - want).abs() < 2.0, "{got} for {want}");
        }
        // A strong prior keeps the weights near where they started.
        let held = fit_weights(&samples, &start, k, 1500, 1000.0, &all);
        for (got, was) in held.iter().zip(&start) {
            assert!((got - was).abs() < 3.0, "{got} moved from {was}");
        }
        // Fitting two terms moves those two only.
        let some = free_terms(&["lead".into(), " Tempo".into()]).unwrap();
        let w = fit_weights(&samples, &start, k, 1500, 0.0, &some);
        for (i, (got, was)) in w.iter().zip(&start).enumerate() {
            if some[i] {
                assert!(got != was, "term {i} was free");
            } else {
                assert_eq!(got, was, "term {i} was kept");
            }
        }
        assert_eq!(some.iter().filter(|&&f| f).count(), 2);
    }

    #[test]
    fn an_unknown_term_is_named_in_the_error() {
        let err = free_terms(&["Lead".into(), "Luck".into()]).unwrap_err();
        assert!(err.0.contains("'Luck' is no term"), "{}", err.0);
        assert!(err.0.contains("ImpasseLead"), "{}", err.0);
        // The unit is never fitted, even when named.
        assert!(!free_terms(&["Step".into()]).unwrap()[0]);
    }
}
