import OceanTOML
import Testing
@testable import OceanStore

/// The line of a key by its dotted name, from a tree of keys (each part kept once):
/// dotted keys, headers, quoted keys with dots in them (`"bin.width_px"` under
/// `[vary]`), arrays of tables; a missing key at its nearest written table.
@Suite struct KeyLocatorTests {
    @Test func keysAreFoundByTheirDottedNamesWhateverTheirSpelling() throws {
        let text = """
            bots = ["idle"]
            [vary]
            "bin.width_px" = [64]
            rounds.per_game = [5]
            [[card]]
            key = "a"
            [[card]]
            key = "b"
            [a.b.c]
            d = 1

            """
        let locator = KeyLocator(document: try TOMLReader.parse(text))
        #expect(locator.line(of: "bots") == 1)
        #expect(locator.line(of: "vary") == 2)
        #expect(locator.line(of: "vary.bin.width_px") == 3, "a quoted key with a dot is one name")
        #expect(locator.line(of: "vary.rounds.per_game") == 4)
        #expect(locator.line(of: "card.key") == 6, "the first element's key")
        #expect(locator.line(of: "a.b.c.d") == 10)
        #expect(locator.line(of: "vary.bin.nope") == nil)
        #expect(locator.nearestLine(of: "vary.bin.nope") == 2, "a missing key: its table")
        #expect(locator.nearestLine(of: "a.b.c.e") == 9)
        #expect(locator.nearestLine(of: "nowhere.at.all") == nil)
    }
}
