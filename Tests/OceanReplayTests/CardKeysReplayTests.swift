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
        let text = try recordedAnswers(cards: Flashcards.firstTwelveKeys, answers: ["tangled"])
        // The same run written as format 12 wrote it: no cards line, the card by number.
        let twelve = text.replacingOccurrences(of: "OCEAN-REPLAY \(ReplayFormat.version)\n", with: "OCEAN-REPLAY 12\n")
            .split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("cards ") }
            .map { $0.replacingOccurrences(of: " answer tangled ", with: " answer 7 ") }
            .joined(separator: "\n")
        let replay = try read(fixChecksum(twelve))
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
