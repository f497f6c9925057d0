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

    // The accessors are not inlined into callers: Swift 6.3.1's release optimizer
    // (CopyPropagation, with cross-module optimization) crashed with an ownership
    // error on callers that chain two of them, `v.double ?? v.int.map(Double.init)`.
    @inline(never) public var string: String? {
        switch kind {
        case .string(let s): return s
        default: return nil
        }
    }

    @inline(never) public var integer: Int64? {
        switch kind {
        case .integer(let n): return n
        default: return nil
        }
    }

    /// The integer as an `Int` (the same on 64-bit platforms).
    @inline(never) public var int: Int? {
        switch kind {
        case .integer(let n): return Int(exactly: n)
        default: return nil
        }
    }

    /// A float's value; nil for an integer (ask `int` for that).
    @inline(never) public var double: Double? {
        switch kind {
        case .float(let d): return d
        default: return nil
        }
    }

    @inline(never) public var bool: Bool? {
        switch kind {
        case .boolean(let b): return b
        default: return nil
        }
    }

    @inline(never) public var dateTime: TOMLDateTime? {
        switch kind {
        case .dateTime(let d): return d
        default: return nil
        }
    }

    @inline(never) public var array: [TOMLValue]? {
        switch kind {
        case .array(let a): return a
        default: return nil
        }
    }

    @inline(never) public var table: TOMLTable? {
        switch kind {
        case .table(let t): return t
        default: return nil
        }
    }

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
