import Testing
import OceanKernel
@testable import OceanStore
import TestSupport

/// A career keeps its quiz progress by card key (`ProfileCards`), as it keeps its kinds.
@Suite struct ProfileCardsTests {
    /// A career a day in, with a right answer on `card` (a key of `rules`).
    private func answered(_ card: String, rules: Rules) throws -> GameState {
        var sim = Simulation(rules: rules, state: GameState(rules: rules, seed: 5))
        let i = try #require(rules.cardKeys.firstIndex(of: card))
        for command in [Command.beginSession(CalendarDate(year: 2026, month: 3, day: 2), minuteOfDay: 600),
                        .answer(card: i, right: true)] {
            var input = TickInput()
            input.command = command
            sim.step(input)
        }
        #expect(sim.state.career.cardDays[i] == 1)
        return sim.state
    }

    private func rules(cards: [String]) throws -> Rules {
        var b = try shippedBalance
        b.cardKeys = cards
        return Rules(b)
    }

    @Test func aNewCardStartsUnseenAndTheOthersKeepTheirProgress() throws {
        let twelve = try rules(cards: Flashcards.firstTwelveKeys)
        let state = try answered("tangled", rules: twelve)
        let text = Profile.encode(state, kinds: twelve.kindKeys, cards: twelve.cardKeys)
        #expect(text.contains("\ncards where_from plastic_lasts "))
        // The card file with a card added in the middle: read by key.
        let thirteen = try rules(cards: ["ghost_nets"] + Flashcards.firstTwelveKeys)
        let read = try ProfileText.parse(text, rules: thirteen).state
        #expect(read.career.cardDays.count == 13)
        #expect(read.career.cardLastDay[0] == CareerState.never && read.career.cardDays[0] == 0, "the new card is unseen")
        let tangled = try #require(thirteen.cardKeys.firstIndex(of: "tangled"))
        #expect(read.career.cardDays[tangled] == 1)
        #expect(read.career.cardLastDay[tangled] == state.career.today)
        #expect(read.career.cardsStudied == state.career.cardsStudied)
    }

    @Test func aProfileBeforeVersionSixHoldsTheFirstTwelve() throws {
        let twelve = try rules(cards: Flashcards.firstTwelveKeys)
        let state = try answered("refill", rules: twelve)
        // A version 5 file: no cards line (its checksum made again without it).
        var lines = Profile.encode(state, kinds: twelve.kindKeys).split(separator: "\n").map(String.init)
        lines.removeAll { $0.hasPrefix("cards ") || $0.hasPrefix("checksum ") }
        lines[0] = "OCEAN-PROFILE 5"
        var text = lines.joined(separator: "\n") + "\n"
        text += "checksum \(hex16(ProfileText.checksum(text)))\n"
        let reordered = try rules(cards: Flashcards.firstTwelveKeys.reversed() + ["ghost_nets"])
        let read = try ProfileText.parse(text, rules: reordered).state
        let refill = try #require(reordered.cardKeys.firstIndex(of: "refill"))
        #expect(read.career.cardDays[refill] == 1)
        #expect(read.career.cardDays.reduce(0, +) == 1)
    }

    @Test func aCareerWithAnswersOnACardTheFileLacksIsRefusedByName() throws {
        let thirteen = try rules(cards: Flashcards.firstTwelveKeys + ["ghost_nets"])
        let state = try answered("ghost_nets", rules: thirteen)
        let text = Profile.encode(state, kinds: thirteen.kindKeys, cards: thirteen.cardKeys)
        #expect(throws: ProfileText.Problem.self) { try ProfileText.parse(text, rules: try rules(cards: Flashcards.firstTwelveKeys)) }
        do {
            _ = try ProfileText.parse(text, rules: try rules(cards: Flashcards.firstTwelveKeys))
        } catch {
            #expect("\(error)".contains("answers on the cards ghost_nets"), "\(error)")
        }
        // A card never answered may go.
        let unanswered = try answered("refill", rules: thirteen)
        let kept = try ProfileText.parse(Profile.encode(unanswered, kinds: thirteen.kindKeys, cards: thirteen.cardKeys),
                                         rules: try rules(cards: Flashcards.firstTwelveKeys)).state
        #expect(kept.career.cardDays.count == 12)
    }
}
