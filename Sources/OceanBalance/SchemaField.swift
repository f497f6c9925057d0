/// One whole-number setting of a data file: where it lives in the file, its unit,
/// what it may be, and the property it fills. Colours are whole numbers too
/// (`0xRRGGBB` in TOML), so balances and themes share one validator.
public struct SchemaField<Root>: Sendable {
    /// `section.name`, e.g. `bin.accel_px_per_s2`.
    public let key: String
    public let unit: String
    public let range: ClosedRange<Int>
    public let path: WritableKeyPath<Root, Int> & Sendable

    public init(key: String, unit: String, range: ClosedRange<Int>, path: WritableKeyPath<Root, Int> & Sendable) {
        (self.key, self.unit, self.range, self.path) = (key, unit, range, path)
    }

    /// What a value of this field may be, for messages.
    public var allowed: String {
        "allowed: a whole number from \(range.lowerBound) to \(range.upperBound) (\(unit))"
    }
}

/// A rule that ties two or more settings together was broken.
public struct SchemaProblem: Error, Equatable, Sendable {
    /// The key to point the author at.
    public let key: String
    public let message: String

    public init(key: String, message: String) {
        self.key = key
        self.message = message
    }
}

/// One `key = value` as some file wrote it, before validation.
public struct RawEntry: Sendable {
    public enum Value: Equatable, Sendable {
        case whole(Int)
        /// A string (a word a schema names, like a challenge's `counts`).
        case text(String)
        /// Not a whole number nor a string; says what it is instead ("a decimal number (2.5)").
        case other(String)
    }

    public let key: String
    public let value: Value
    public let line: Int?

    public init(key: String, value: Value, line: Int?) {
        self.key = key
        self.value = value
        self.line = line
    }
}

/// Every setting of one kind of data file and the rules between them.
public struct Schema<Root>: Sendable {
    public let fields: [SchemaField<Root>]
    /// The rules between fields; assumes each field's own range already holds.
    public let check: @Sendable (Root) -> [SchemaProblem]

    public init(fields: [SchemaField<Root>], check: @escaping @Sendable (Root) -> [SchemaProblem] = { _ in [] }) {
        self.fields = fields
        self.check = check
    }

    /// Looks a field up by its full key.
    public func field(_ key: String) -> SchemaField<Root>? {
        fields.first { $0.key == key }
    }
}
