import OceanPlatform
import Testing

/// The fixed-timestep clock: whatever the display's rate, the game runs 60 ticks per
/// second of wall time, and a stall costs a bounded catch-up.
@Suite struct FrameClockTests {
    /// Runs `seconds` of frames of `frameNanos` each; the ticks run and the fractions seen.
    func play(frameNanos: UInt64, seconds: UInt64) -> (ticks: Int, fractions: [Double]) {
        var clock = FrameClock()
        var now: UInt64 = 5_000_000_000
        _ = clock.advance(to: now)
        var ticks = 0
        var fractions: [Double] = []
        let end = now + seconds * 1_000_000_000
        while now + frameNanos <= end {
            now += frameNanos
            let frame = clock.advance(to: now)
            ticks += frame.ticks
            fractions.append(frame.fraction)
        }
        return (ticks, fractions)
    }

    @Test(arguments: [30, 60, 144])
    func sixtyTicksPerSecondAtAnyFrameRate(hz: UInt64) {
        for seconds: UInt64 in [1, 10, 600] {
            // 144 Hz does not divide a second in whole nanoseconds: 6,944,444 ns frames
            // fall short of N seconds by under one frame, hence ±1.
            let (ticks, fractions) = play(frameNanos: 1_000_000_000 / hz, seconds: seconds)
            #expect(abs(ticks - Int(seconds) * 60) <= 1, "\(hz) Hz over \(seconds) s: \(ticks) ticks")
            #expect(fractions.allSatisfy { $0 >= 0 && $0 < 1 })
        }
    }

    @Test func exactlySixtyTicksInOneSecondOfSixtyHzFrames() {
        // 1e9/60 is not a whole number of ns; the remainder must not be lost.
        var clock = FrameClock()
        var ticks = 0
        var elapsed: UInt64 = 0
        for i in 1...600 {
            let target = UInt64(i) * 1_000_000_000 / 60
            ticks += clock.advance(by: target - elapsed).ticks
            elapsed = target
        }
        #expect(ticks == 600)
    }

    @Test func aStallRunsAtMostTheClampsWorthOfTicks() {
        var clock = FrameClock()
        _ = clock.advance(to: 1_000_000_000)
        let frame = clock.advance(to: 3_000_000_000)  // a 2 s stall
        #expect(frame.ticks == Int(clock.maxFrameNanos * 60 / 1_000_000_000))
        #expect(frame.ticks == 15)
        // And the game carries on at its normal rate afterwards, without a backlog.
        #expect(clock.advance(to: 3_000_000_000 + 1_000_000_000 / 60 + 1).ticks == 1)
    }

    @Test func fractionIsTheShareOfTheNextTick() {
        var clock = FrameClock()
        let frame = clock.advance(by: 1_000_000_000 / 120)  // half a tick
        #expect(frame.ticks == 0)
        #expect(abs(frame.fraction - 0.5) < 1e-6)
    }

    @Test func holdingOwesNothing() {
        var clock = FrameClock()
        _ = clock.advance(to: 0)
        _ = clock.advance(to: 8_000_000)
        clock.hold(at: 10_000_000_000)  // paused for ten seconds
        #expect(clock.advance(to: 10_000_000_000).ticks == 0)
        #expect(clock.advance(to: 10_000_000_000 + 1_000_000_000 / 60 + 1).ticks == 1)
    }

    @Test func theClockNeverRunsBackwards() {
        var clock = FrameClock()
        _ = clock.advance(to: 2_000_000_000)
        #expect(clock.advance(to: 1_000_000_000).ticks == 0)
    }
}
