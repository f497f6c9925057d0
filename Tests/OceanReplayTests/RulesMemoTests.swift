import Testing
import OceanKernel
import OceanSystem
@testable import OceanReplay

/// The verifier keeps the last balance's rules; another balance gets its own.
@Suite struct RulesMemoTests {
    /// Whatever other tests ask of it meanwhile (they run at once), each balance's
    /// rules are its own.
    @Test func eachBalanceGetsItsOwnRules() throws {
        let shipped = try testBalance
        var other = shipped
        other.bin.widthPx += 10
        for _ in 0..<3 {
            let a = RulesMemo.rules(shipped), b = RulesMemo.rules(other)
            #expect(a.balance == shipped && b.balance == other && b.binHalfWidth != a.binHalfWidth)
        }
    }

    @Test func aMemoDerivesOnlyForANewKey() {
        let memo = LastValueMemo<Int, Int>()
        var derived = 0
        for key in [1, 1, 2, 2, 1] { _ = memo.value(for: key) { derived += 1; return $0 * 10 } }
        #expect(derived == 3)
        // The last key asked for (1) is kept: its value, not derived again.
        #expect(memo.value(for: 1) { _ in 0 } == 10)
    }
}
