//! Playing strengths: how deep each level looks and how much noise blurs its judgement.

/// A playing strength, from 1 (beginner) to [`Level::MAX`] (full strength).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// How a level searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelParams {
    /// Deepest iteration the level ever searches, whatever the caller allows.
    pub max_depth: Option<u32>,
    /// Most nodes the level ever searches, whatever the caller allows.
    pub max_nodes: Option<u64>,
    /// Node budget when the caller sets no limit at all and the level has no cap of its own.
    pub default_nodes: Option<u64>,
    /// Half-width, in centi-steps, of the seeded noise added to every evaluation. Noise rather
    /// than random moves keeps weak play plausible: it only swaps moves the level judges close,
    /// and never hides a win or loss the search can see.
    pub noise: i32,
}

impl Level {
    /// Full strength.
    pub const MAX: Level = Level(8);
    /// The weakest level.
    pub const MIN: Level = Level(1);

    /// The level `n`, clamped to 1..=MAX.
    pub fn new(n: u8) -> Level {
        Level(n.clamp(Level::MIN.0, Level::MAX.0))
    }

    /// Its number.
    pub fn number(self) -> u8 {
        self.0
    }

    /// A short name for menus.
    pub fn name(self) -> &'static str {
        [
            "Recruit",
            "Drummer",
            "Private",
            "Corporal",
            "Sergeant",
            "Lieutenant",
            "Colonel",
            "General",
        ][(self.0 - 1) as usize]
    }

    /// All levels, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (Level::MIN.0..=Level::MAX.0).map(Level)
    }

    /// How this level searches.
    pub fn params(self) -> LevelParams {
        let capped = |depth: Option<u32>, nodes: Option<u64>, noise| LevelParams {
            max_depth: depth,
            max_nodes: nodes,
            default_nodes: None,
            noise,
        };
        match self.0 {
            1 => capped(Some(1), None, 120),
            2 => capped(Some(2), None, 60),
            3 => capped(Some(3), None, 50),
            4 => capped(Some(4), Some(20_000), 30),
            5 => capped(Some(6), Some(40_000), 15),
            6 => capped(None, Some(100_000), 6),
            7 => capped(None, Some(300_000), 0),
            _ => LevelParams {
                default_nodes: Some(1_500_000),
                ..capped(None, None, 0)
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_clamp_and_grow_stronger() {
        assert_eq!(Level::new(0), Level::MIN);
        assert_eq!(Level::new(200), Level::MAX);
        let all: Vec<Level> = Level::all().collect();
        assert_eq!(all.len(), Level::MAX.number() as usize);
        for w in all.windows(2) {
            let (a, b) = (w[0].params(), w[1].params());
            assert!(a.noise >= b.noise, "{:?}", w);
            assert_ne!(w[0].name(), w[1].name());
        }
        assert_eq!(Level::MAX.params().noise, 0);
    }
}
