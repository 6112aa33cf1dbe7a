//! The order the page gives the set in: mixed, so that puzzles in a row differ in variant,
//! theme and goal (the committed file is grouped, each step of it, by goal and variant, and a
//! player going through it met four classic wins in 2 in a row, two of them the same idea).
//! The easier goals (a win in 2, stopping a win) come before the wins in 3.

use std::cmp::Reverse;
use std::collections::BTreeMap;

use crate::{Goal, Theme};

/// How many puzzles back a variant should not come again, where the set allows.
const VARIANT_GAP: usize = 4;

/// What the order looks at in a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Traits<'a> {
    /// The variant spec.
    pub variant: &'a str,
    /// The theme.
    pub theme: Theme,
    /// The goal.
    pub goal: Goal,
}

/// The mixed order of `puzzles` (indices into it, each once): the wins in 2 and the stop
/// puzzles first, then the wins in 3. Within that, each next puzzle is one whose variant is not
/// among the last few and whose theme and goal are not the last one's, each wish given up in
/// turn (the goal's first, then the variant's, then the theme's) where no puzzle left meets it.
/// Among those that fit, the idea (goal and theme) most overdue comes first: each idea is due
/// at even spacing through its part of the order, so that a rare one is spread out rather than
/// used up at once, and a common one does not pile up at the end; then the variant with the
/// most puzzles left (for the same reason), then the earliest. Never are two in a row of the
/// same variant and theme where the set allows it: when the puzzles left of the level are so
/// many of one variant and theme that only placing one of them now keeps them apart (more
/// than half of those left), one of them comes next. Deterministic: the same set, the same
/// order.
pub fn mixed<'a>(puzzles: &[Traits<'a>]) -> Vec<usize> {
    let level = |t: &Traits<'_>| u8::from(t.goal == Goal::Win3);
    let idea = |t: &Traits<'_>| (t.goal, t.theme);
    let kind = |t: &Traits<'a>| (t.variant, t.theme);
    let mut left: Vec<usize> = (0..puzzles.len()).collect();
    left.sort_by_key(|&i| level(&puzzles[i]));
    let mut of_idea: BTreeMap<(Goal, Theme), usize> = BTreeMap::new();
    let mut of_level: BTreeMap<u8, usize> = BTreeMap::new();
    let mut variant_left: BTreeMap<&str, usize> = BTreeMap::new();
    for t in puzzles {
        *of_idea.entry(idea(t)).or_default() += 1;
        *of_level.entry(level(t)).or_default() += 1;
        *variant_left.entry(t.variant).or_default() += 1;
    }
    let mut placed: BTreeMap<(Goal, Theme), usize> = BTreeMap::new();
    let mut order: Vec<usize> = Vec::with_capacity(puzzles.len());
    while !left.is_empty() {
        let last = order.last().map(|&i| puzzles[i]);
        let lowest = left.iter().map(|&i| level(&puzzles[i])).min().unwrap_or(0);
        let size = of_level.get(&lowest).copied().unwrap_or(0);
        let recent: Vec<&str> = order
            .iter()
            .rev()
            .take(VARIANT_GAP)
            .map(|&i| puzzles[i].variant)
            .collect();
        // A variant and theme more than half of the level's puzzles left: it must come next,
        // or two of it would end up in a row.
        let mut of_kind: BTreeMap<(&str, Theme), usize> = BTreeMap::new();
        let mut in_level = 0;
        for &i in &left {
            if level(&puzzles[i]) == lowest {
                *of_kind.entry(kind(&puzzles[i])).or_default() += 1;
                in_level += 1;
            }
        }
        let pressing = of_kind
            .iter()
            .find(|&(_, &n)| n * 2 > in_level)
            .map(|(&k, _)| k)
            .filter(|&k| last.map_or(true, |l| kind(&l) != k));
        let fits = |t: &Traits<'a>, goal: bool, gap: usize, theme: bool| {
            level(t) == lowest
                && pressing.map_or(true, |k| kind(t) == k)
                && !recent.iter().take(gap).any(|&v| v == t.variant)
                && last.map_or(true, |l| {
                    (!goal || l.goal != t.goal) && (!theme || l.theme != t.theme)
                })
        };
        // When the next of an idea is due, in halves of a place (an idea is all of one level).
        let due = |t: &Traits<'_>| {
            let done = placed.get(&idea(t)).copied().unwrap_or(0);
            let all = of_idea.get(&idea(t)).copied().unwrap_or(1).max(1);
            (done * 2 + 1) * size * 100 / all
        };
        let wishes = [
            (true, VARIANT_GAP, true),
            (false, VARIANT_GAP, true),
            (false, 1, true),
            (false, 0, true),
            // The same theme, of another variant.
            (false, 1, false),
            (false, 0, false),
        ];
        let at = wishes
            .iter()
            .find_map(|&(goal, gap, theme)| {
                left.iter()
                    .enumerate()
                    .filter(|&(_, &i)| fits(&puzzles[i], goal, gap, theme))
                    .min_by_key(|&(at, &i)| {
                        let t = &puzzles[i];
                        let same_variant = variant_left.get(t.variant).copied().unwrap_or(0);
                        (due(t), Reverse(same_variant), at)
                    })
                    .map(|(at, _)| at)
            })
            .unwrap_or(0);
        let i = left.remove(at);
        let t = &puzzles[i];
        *placed.entry(idea(t)).or_default() += 1;
        if let Some(n) = variant_left.get_mut(t.variant) {
            *n -= 1;
        }
        order.push(i);
    }
    order
}
