import CSDL2

/// SDL's monotonic clock in integer nanoseconds: what the frame clock is fed with.
/// It never goes back and ignores changes to the wall clock.
enum MonotonicClock {
    static let frequency = SDL_GetPerformanceFrequency()

    static func nanos() -> UInt64 {
        let count = SDL_GetPerformanceCounter()
        // Split so count × 1e9 cannot overflow.
        return count / frequency * 1_000_000_000 + count % frequency * 1_000_000_000 / frequency
    }
}
