import Foundation
import Testing
import OceanKernel
import OceanReplay
import OceanDrivers
import TestSupport

/// Format 13: the replay names its cards (`cards KEY…`) and an answer its card by key,
/// so a card added to the card file records and verifies, and older files keep theirs.
@Suite struct CardKeysReplayTests {
    /// A session and answers on cards `answers` (keys), recorded with `cards`.
    private func recordedAnswers(cards: [String], answers: [String]) throws -> String {
        var header = ReplayHeader()
        header.balance = try shippedBalance
        header.balance.cardKeys = cards
        header.seed = 3
        header.date = LocalDate(year: 2026, month: 3, day: 4)
        var recorder = ReplayRecorder(header: header, sink: StringSink())
        var input = TickInput()
        input.command = .beginSession(CalendarDate(year: 2026, month: 3, day: 4), minuteOfDay: 600)
        recorder.step(input)
        for key in answers {
            input.command = .answer(card: try #require(cards.firstIndex(of: key)), right: true)
            recorder.step(input)
        }
        for _ in 0..<30 { recorder.step(TickInput()) }
        recorder.finish()
        return recorder.sink.text
    }

    @Test func aThirteenthCardIsNamedRecordedAndVerified() throws {
        let cards = Flashcards.firstTwelveKeys + ["ghost_nets"]
        let text = try recordedAnswers(cards: cards, answers: ["ghost_nets", "refill"])
        #expect(text.hasPrefix("OCEAN-REPLAY \(ReplayFormat.version)\n"))
        #expect(text.contains("\ncards \(cards.joined(separator: " "))\n"))
        #expect(text.contains(" answer ghost_nets right\n") && text.contains(" answer refill right\n"))
        let replay = try read(text).replay
        #expect(replay.header.balance.cardKeys == cards)
        #expect(ReplayVerifier.verify(try read(text)).passed)
    }

    @Test func olderFormatsPlayTheFirstTwelveByNumber() throws {
        // A career as format 12 wrote it (the corpus keeps it): no cards line, each
        // answer naming its card by number.
        let text = try String(contentsOfFile: repoRoot + "/replays/v12/career-30-days.replay", encoding: .utf8)
        #expect(text.hasPrefix("OCEAN-REPLAY 12\n") && !text.contains("\ncards "))
        #expect(text.range(of: #" answer [0-9]+ (right|wrong)\n"#, options: .regularExpression) != nil)
        let replay = try read(text)
        #expect(replay.replay.header.balance.cardKeys == Flashcards.firstTwelveKeys)
        #expect(ReplayVerifier.verify(replay).passed)
    }

    @Test func badCardLinesAreRefusedNamingTheLine() throws {
        let text = try recordedAnswers(cards: Flashcards.firstTwelveKeys, answers: ["refill"])
        func refusal(_ edit: (String) -> String) -> String {
            do { _ = try read(fixChecksum(edit(text))); return "" } catch { return error.description }
        }
        let unknown = refusal { $0.replacingOccurrences(of: " answer refill ", with: " answer kelp ") }
        #expect(unknown.contains("unknown card 'kelp'; this replay's cards: where_from, "), "\(unknown)")
        let twice = refusal { $0.replacingOccurrences(of: "\ncards where_from ", with: "\ncards refill where_from ") }
        #expect(twice.contains("card 'refill' is named twice"), "\(twice)")
        let badKey = refusal { $0.replacingOccurrences(of: "\ncards where_from ", with: "\ncards Where-From ") }
        #expect(badKey.contains("a card's key is 1 to 32 lowercase letters"), "\(badKey)")
        let early = refusal { $0.replacingOccurrences(of: "OCEAN-REPLAY \(ReplayFormat.version)\n", with: "OCEAN-REPLAY 12\n") }
        #expect(early.contains("'cards' is not part of format 12"), "\(early)")
    }
}
