//! Time sources. The search never reads the time itself: the caller passes a [`Clock`], so the
//! same code runs natively and in a browser, where `std::time` is unavailable.

/// Milliseconds from some fixed origin; the caller supplies it (`performance.now()` in a browser).
pub trait Clock {
    /// The current time in milliseconds.
    fn now_ms(&self) -> f64;
}

/// A clock that never advances: for searches limited by depth or nodes only.
pub struct NoClock;

impl Clock for NoClock {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// The native wall clock.
#[cfg(not(target_arch = "wasm32"))]
pub struct SystemClock(std::time::Instant);

#[cfg(not(target_arch = "wasm32"))]
impl Default for SystemClock {
    fn default() -> SystemClock {
        SystemClock(std::time::Instant::now())
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for SystemClock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}
