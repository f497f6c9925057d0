import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The one JSON writer of every `--json` output: Foundation's encoder, keys sorted,
/// so equal reports print equal bytes and no string is escaped by hand.
public enum JSONOutput {
    public static func text<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            // Only non-finite doubles fail, and reports round theirs first.
            preconditionFailure("a report could not be encoded: \(error)")
        }
    }
}

/// Keys given as strings, for reports whose keys are written out where they are encoded.
public struct JSONKey: CodingKey {
    public var stringValue: String
    public var intValue: Int? { nil }
    public init(_ s: String) { stringValue = s }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
}
