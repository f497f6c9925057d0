import Testing
import OceanDrivers
@testable import OceanTune

/// A spec's bots name the human's input: `human@50/pointer`.
@Suite struct PlayerInputTests {
    @Test func aHumanOnThePointerIsNamedWithSlashPointer() throws {
        let p = try #require(TuneSpec.Player("human@50/pointer"))
        #expect(p.kind == .human && p.skill == 50 && p.input == .pointer && p.description == "human@50/pointer")
        let k = try #require(TuneSpec.Player("human@50"))
        #expect(k.input == .keys && k.description == "human@50" && k != p)
        #expect(TuneSpec.Player("human/pointer")?.skill == 70)
        for bad in ["greedy/pointer", "human@50/mouse", "human@50/pointer/keys", "human@50/"] {
            #expect(TuneSpec.Player(bad) == nil, "\(bad)")
        }
    }
}
