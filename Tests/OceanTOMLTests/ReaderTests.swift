import OceanTOML
import Testing

@Suite struct ReaderTests {
    @Test func readsAKey() throws {
        let t = try TOMLReader.parse("a = 1\n")
        #expect(t["a"]?.int == 1)
    }
}
