/// One TOML value and where it is written (the position of its first character).
///
/// The accessors (`string`, `int`, `table`, …) give the value when it is of that
/// kind and nil otherwise, so a caller asks for the kind it needs and reports the
/// value's `position` when it is something else.
public struct TOMLValue: Equatable, Sendable {
    /// What the value is.
    public enum Kind: Equatable, Sendable {
        case string(String)
        /// A 64-bit signed integer (TOML's range; larger ones are refused).
        case integer(Int64)
        case float(Double)
        case boolean(Bool)
        case dateTime(TOMLDateTime)
        case array([TOMLValue])
        case table(TOMLTable)
    }

    public let kind: Kind
    /// Where the value starts; for a table made by a `[header]`, the header.
    public let position: TOMLPosition

    public init(_ kind: Kind, at position: TOMLPosition) {
        self.kind = kind
        self.position = position
    }

    public var string: String? { if case .string(let s) = kind { s } else { nil } }
    public var integer: Int64? { if case .integer(let n) = kind { n } else { nil } }
    /// The integer as an `Int` (the same on 64-bit platforms).
    public var int: Int? { integer.flatMap { Int(exactly: $0) } }
    /// A float's value; nil for an integer (ask `int` for that).
    public var double: Double? { if case .float(let d) = kind { d } else { nil } }
    public var bool: Bool? { if case .boolean(let b) = kind { b } else { nil } }
    public var dateTime: TOMLDateTime? { if case .dateTime(let d) = kind { d } else { nil } }
    public var array: [TOMLValue]? { if case .array(let a) = kind { a } else { nil } }
    public var table: TOMLTable? { if case .table(let t) = kind { t } else { nil } }

    /// The kind in a few words, for messages: "a string", "an integer", "a table".
    public var kindName: String {
        switch kind {
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a float"
        case .boolean: "a boolean"
        case .dateTime(let d):
            switch d.kind {
            case .offsetDateTime: "an offset date-time"
            case .localDateTime: "a local date-time"
            case .localDate: "a local date"
            case .localTime: "a local time"
            }
        case .array: "an array"
        case .table(let t): t.isInline ? "an inline table" : "a table"
        }
    }
}
