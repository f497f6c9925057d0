import Foundation
import Testing
import OceanKernel
import OceanReplay
import OceanDrivers
import TestSupport

/// Format 16: the Daily Ocean's official run counted in a career is a command of the
/// career's recording (`daily DATE CATCHES GRAMS MISSES SEA_LIFE finished|left`), so the
/// career's replay verifies with it; older formats have no such command.
@Suite struct DailyCreditReplayTests {
    static let credit = DailyCredit(date: CalendarDate(year: 2026, month: 3, day: 4), catches: 41, grams: 380, misses: 3,
                                    seaLifeHits: 1, finished: true)

    private func recorded() throws -> String {
        var header = ReplayHeader()
        header.balance = try shippedBalance
        header.seed = 3
        header.date = LocalDate(year: 2026, month: 3, day: 4)
        var recorder = ReplayRecorder(header: header, sink: StringSink())
        recorder.step(TickInput(command: .beginSession(CalendarDate(year: 2026, month: 3, day: 4), minuteOfDay: 600)))
        recorder.step(TickInput(command: .creditDaily(Self.credit)))
        for _ in 0..<30 { recorder.step(TickInput()) }
        recorder.finish()
        return recorder.sink.text
    }

    @Test func aCountedRunIsWrittenReadAndVerified() throws {
        let text = try recorded()
        #expect(text.hasPrefix("OCEAN-REPLAY \(ReplayFormat.version)\n"))
        #expect(text.contains(" daily 2026-03-04 41 380 3 1 finished\n"), "\(text)")
        let read = try read(text)
        #expect(read.replay.inputs.contains { $0.input.command == .creditDaily(Self.credit) })
        let verdict = ReplayVerifier.verify(read)
        #expect(verdict.passed)
    }

    @Test func badDailyLinesAreRefusedNamingWhatIsWrong() throws {
        let text = try recorded()
        func refusal(_ edit: (String) -> String) -> String {
            do { _ = try read(fixChecksum(edit(text))); return "" } catch { return error.description }
        }
        let line = " daily 2026-03-04 41 380 3 1 finished\n"
        #expect(refusal { $0.replacingOccurrences(of: line, with: " daily 2026-02-30 41 380 3 1 finished\n") }
            .contains("daily run's date '2026-02-30' is not a calendar date"))
        #expect(refusal { $0.replacingOccurrences(of: line, with: " daily 2026-03-04 -4 380 3 1 finished\n") }
            .contains("daily run's catches"))
        #expect(refusal { $0.replacingOccurrences(of: line, with: " daily 2026-03-04 41 380 3 1 won\n") }
            .contains("daily run's end 'won' is neither 'finished' nor 'left'"))
        let early = refusal { $0.replacingOccurrences(of: "OCEAN-REPLAY \(ReplayFormat.version)\n", with: "OCEAN-REPLAY 15\n") }
        #expect(early.contains("unknown command 'daily 2026-03-04"), "\(early)")
    }
}
