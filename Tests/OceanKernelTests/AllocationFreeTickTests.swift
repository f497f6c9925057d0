import Testing
import OceanKernel

/// The tick's buffers keep their capacity: after warm-up, stepping never grows or
/// replaces the storage of the item array (a cheap, always-on companion to the
/// malloc count `ocean bench` reports).
@Suite struct AllocationFreeTickTests {
    @Test func itemStorageIsNeverReplacedDuringPlay() {
        var sim = Simulation(rules: shippedRules, seed: 12)
        sim.step(TickInput(command: .start(.classic)))
        let base = sim.state.items.withUnsafeBufferPointer { $0.baseAddress }
        let capacity = sim.state.items.capacity
        for _ in 0..<5_000 {
            sim.step(TickInput(move: .right, command: sim.state.mode == .idle ? .start(.classic) : .none))
            #expect(sim.state.items.capacity == capacity)
        }
        #expect(sim.state.items.withUnsafeBufferPointer { $0.baseAddress } == base)
    }
}
