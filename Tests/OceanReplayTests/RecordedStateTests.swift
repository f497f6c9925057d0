import Testing
import OceanKernel
import OceanReplay
import OceanDrivers
import OceanSystem
import TestSupport

/// Replays that record whole states (format 12, `states-every`): what they read back
/// as, the state diff `replay verify` gives at a divergence, and the lines refused.
@Suite struct RecordedStateTests {
    /// A greedy game's inputs recorded again with states every `every` ticks; `plant`
    /// may change the recorder's state after any step (it says whether it did).
    static func withStates(every: Int = 60, plant: ((inout ReplayRecorder<StringSink>) -> Bool)? = nil) throws -> (text: String, planted: Int?) {
        let plain = try read(recorded("greedy", seed: 4)).replay
        var header = plain.header
        header.statesEvery = every
        var recorder = ReplayRecorder(header: header, sink: StringSink())
        var feed = InputFeed(plain.inputs)
        var planted: Int?
        while recorder.simulation.state.tick < plain.end!.tick {
            feed.play(&recorder, to: recorder.simulation.state.tick + 1)
            if planted == nil, let plant, plant(&recorder) { planted = recorder.simulation.state.tick }
        }
        recorder.finish()
        return (recorder.sink.text, planted)
    }

    @Test func aRecordingWithStatesReadsThemBackAndVerifies() throws {
        let text = try Self.withStates(every: 120).text
        #expect(text.contains("\nstates-every 120\n"))
        let r = try read(text)
        let withState = r.replay.checkpoints.filter { $0.state != nil }
        let last = r.replay.checkpoints.last!
        // Every multiple of 120 and the closing checkpoint (between multiples of 60).
        #expect(withState.map(\.tick) == r.replay.checkpoints.map(\.tick).filter { $0 % 120 == 0 || $0 == last.tick })
        #expect(last.tick % 60 != 0)
        let v = ReplayVerifier.verify(r)
        #expect(v.passed)
        // The states are the run's own: the same inputs re-played reach them.
        var sim = Simulation(rules: Rules(r.replay.header.balance), state: r.replay.header.initialState(rules: Rules(r.replay.header.balance)))
        var feed = InputFeed(r.replay.inputs)
        for c in withState {
            feed.play(&sim, to: c.tick)
            #expect(c.state == sim.state, "tick \(c.tick)")
        }
        // Same hashes as the recording without states: states change no checkpoint.
        let plain = try read(recorded("greedy", seed: 4)).replay
        #expect(r.replay.checkpoints.map(\.hash) == plain.checkpoints.map(\.hash))
    }

    /// The tester's case: one spawn a pixel off. `replay verify` names the spawn's step
    /// and shows the item's x, recorded and re-simulated, and the step's events.
    @Test func aSpawnOnePixelOffShowsAsTheItemsX() throws {
        let (text, planted) = try Self.withStates { recorder in
            let s = recorder.simulation
            guard s.state.round == 2, s.state.tick % 60 != 0,
                  s.events.contains(where: { if case .itemSpawned = $0 { true } else { false } }) else { return false }
            recorder.alter { $0.items[$0.items.count - 1].x += Fixed.one }
            return true
        }
        let tick = try #require(planted)
        let v = ReplayVerifier.verify(try read(text))
        let d = try #require(v.divergences.first)
        // The step of tick - 1's input made the spawn (state tick `tick`).
        #expect(d.firstTick == tick - 1)
        #expect(d.checkpointTick == (tick / 60 + 1) * 60)
        let differences = StateDump.compare(recorded: try #require(d.expectedState), resimulated: try #require(d.gotState), kindKeys: v.kindKeys)
        #expect(differences.count == 1)
        #expect(differences.first?.key.hasPrefix("items[") == true)
        #expect(d.firstTickEvents.contains(where: { if case .itemSpawned = $0 { true } else { false } }))
        let report = FileResult(file: "t.replay", verification: v).text
        #expect(report.contains("diverged at tick \(tick - 1)"), "\(report)")
        #expect(report.contains("(+1.00 px)") || report.contains("(-1.00 px)"), "\(report)")
        #expect(report.contains(": x "), "\(report)")
        #expect(report.contains("itemSpawned(kind: "), "\(report)")
        let message = JUnitReport.message(FileResult(file: "t.replay", verification: v))
        #expect(message.contains("state: items["), "\(message)")
        let json = FileResult(file: "t.replay", verification: v).json
        #expect(json.contains("\"stateDifferences\":[{\"key\":\"items["), "\(json)")
    }

    /// A state line changed by hand (checksum fixed) while every hash still agrees: a
    /// divergence of the recorded state alone, never a silent pass.
    @Test func anEditedStateLineIsFound() throws {
        let text = try Self.withStates().text
        let r = try read(text)
        let c = try #require(r.replay.checkpoints.first { $0.state != nil && !$0.state!.items.isEmpty })
        var edited = c.state!
        edited.items[0].x += Fixed.one
        let original = text.split(separator: "\n").filter { $0.hasPrefix("s \(c.tick) ") }.map { String($0.split(separator: " ")[2]) }.joined()
        let changed = Base64.encode(StateEncoding.encode(edited))
        // One line per state at this size.
        #expect(original.count <= ReplayFormat.stateLineChars)
        let v = ReplayVerifier.verify(try read(fixChecksum(text.replacingFirst("s \(c.tick) \(original)", with: "s \(c.tick) \(changed)"))))
        let d = try #require(v.divergences.first)
        #expect(d.onlyTheRecordedState && d.checkpointTick == c.tick && d.subsystems.isEmpty)
        #expect(FileResult(file: "t.replay", verification: v).text.contains("though the hashes agree"))
    }

    @Test func stateLinesOutOfPlaceAreRefusedByLine() throws {
        let text = try Self.withStates().text
        let lines = text.split(separator: "\n").map(String.init)
        let first = try #require(lines.firstIndex { $0.hasPrefix("s ") })
        let tick = lines[first].split(separator: " ")[1]
        func refusal(_ t: String) -> String { readError(fixChecksum(t))?.description ?? "read" }
        #expect(refusal(asFormat(11, text)).contains("'states-every' is not part of format 11"))
        #expect(refusal(text.replacingFirst("states-every 60\n", with: "")).contains("needs a 'states-every N' header line"))
        #expect(refusal(text.replacingFirst("states-every 60", with: "states-every 90")).contains("not a multiple of checkpoint-every 60"))
        #expect(refusal(text.replacingFirst("\nc \(tick) ", with: "\ni \(tick) L\nc \(tick) ")).contains("must be followed by its checkpoint"))
        #expect(refusal(text.replacingFirst("\ns \(tick) ", with: "\ns \(tick) !!")).contains("is not base64"))
        #expect(refusal(text.replacingFirst("\ns \(tick) ", with: "\ns 61 ")).contains("the recorded state of tick 61 (line \(first + 1)) is followed by the checkpoint of tick \(tick)"))
        let every120 = try Self.withStates(every: 120).text
        #expect(refusal(every120.replacingFirst("\ns 120 ", with: "\ns 180 ")).contains("recorded state tick 180 is not a multiple of states-every 120"))
        let closing = try #require(lines.lastIndex { $0.hasPrefix("c ") })
        let cut = (lines[..<closing] + lines[(closing + 1)...]).joined(separator: "\n")
        #expect(refusal(cut).contains("must be followed by its checkpoint, not 'end'"))
    }
}
