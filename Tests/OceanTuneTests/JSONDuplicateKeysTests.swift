@testable import OceanTune
import Testing

/// The walk `tune eval` checks each line with for a key given twice: keys compared
/// after unescaping, in nested objects too; and it ends on any text, however broken
/// (the fuzzer, `make fuzz-tune-eval`, found "[}[" looping forever).
@Suite struct JSONDuplicateKeysTests {
    @Test func aKeyGivenTwiceIsNamed() {
        #expect(JSONDuplicateKeys.first(in: #"{"a": 1, "b": 2}"#) == nil)
        #expect(JSONDuplicateKeys.first(in: #"{"a": 1, "a": 2}"#) == "a")
        #expect(JSONDuplicateKeys.first(in: #"{"a": 1, "\u0061": 2}"#) == "a")
        #expect(JSONDuplicateKeys.first(in: #"{"params": {"x": 1, "x": 1}}"#) == "x")
        #expect(JSONDuplicateKeys.first(in: #"[{"x": 1}, {"x": 2}]"#) == nil, "one per object")
    }

    @Test func anyTextEnds() {
        for text in ["[}[", "{", "[", "}", "]]]", "{\"a\"", "[,,,", "{\"a\":}", "\"\\", "{[}]", String(repeating: "[", count: 5000)] {
            _ = JSONDuplicateKeys.first(in: Substring(text))
        }
    }
}
