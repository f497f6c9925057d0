/// Something that goes over a state's fields as `StateFields` lists them: the encoder
/// (the hash and the saved bytes), the decoder, the validation and the dump. The
/// table says each field once; a visitor does one thing with every field.
///
/// Fields come by reference (`inout`) so the decoder can fill them; the others only
/// read. A field the visited `version` does not have is never shown to a visitor
/// (`since:` in the table), so the decoder leaves it at its default.
public protocol StateVisitor {
    /// The encoding version visited: the current one, or an older one that old
    /// replays' hashes are over and old profiles are written in.
    var version: UInt64 { get }
    mutating func visitInt(_ value: inout Int, _ name: StaticString, _ rule: FieldRule)
    /// An item's speeds: a whole number that must fit 32 bits.
    mutating func visitInt32(_ value: inout Int32, _ name: StaticString, _ rule: FieldRule)
    /// A word read as written: the random stream's state, the career's seed.
    mutating func visitWord(_ value: inout UInt64, _ name: StaticString)
    /// A case of a closed set, written as its code.
    mutating func visitCode<C: StateCode>(_ value: inout C, _ name: StaticString)
    /// A list: its count (unless `shape` says it has none), then each element's
    /// fields as `fields` lists them.
    mutating func visitList<T>(_ list: inout [T], _ name: StaticString, _ shape: ListShape, blank: T,
                               fields: (inout T, inout Self) -> Void)
    /// A list of whole numbers, each held to `rule` (a per-kind tally may be trimmed: `ListShape.trimmed`).
    mutating func visitInts(_ list: inout [Int], _ name: StaticString, _ shape: ListShape, _ rule: FieldRule)
    /// A value's own fields under its name (a challenge in its slot): no count.
    mutating func visitGroup<T>(_ value: inout T, _ name: StaticString, fields: (inout T, inout Self) -> Void)
    /// The career's lifetime months (a list), of which the encoder may take the first
    /// `digest.months` from the digest of their bytes at once (`MonthsDigest`).
    mutating func visitMonths(_ months: inout [MonthTotal], digest: MonthsDigest?, shape: ListShape,
                              fields: (inout MonthTotal, inout Self) -> Void)
}

extension StateVisitor {
    /// The visits the table makes: each skips a field the visited version does not have.
    @inline(__always)
    mutating func int(_ value: inout Int, _ name: StaticString, since: UInt64 = 1, _ rule: FieldRule) {
        if version >= since { visitInt(&value, name, rule) }
    }

    @inline(__always)
    mutating func int32(_ value: inout Int32, _ name: StaticString, since: UInt64 = 1, _ rule: FieldRule) {
        if version >= since { visitInt32(&value, name, rule) }
    }

    @inline(__always)
    mutating func word(_ value: inout UInt64, _ name: StaticString, since: UInt64 = 1) {
        if version >= since { visitWord(&value, name) }
    }

    @inline(__always)
    mutating func code<C: StateCode>(_ value: inout C, _ name: StaticString, since: UInt64 = 1) {
        if version >= since { visitCode(&value, name) }
    }

    /// A yes or no, written as the code 0 or 1.
    @inline(__always)
    mutating func flag(_ value: inout Bool, _ name: StaticString, since: UInt64 = 1) {
        if version >= since { visitCode(&value, name) }
    }

    @inline(__always)
    mutating func list<T>(_ list: inout [T], _ name: StaticString, since: UInt64 = 1, _ shape: ListShape, blank: T,
                          fields: (inout T, inout Self) -> Void) {
        if version >= since { visitList(&list, name, shape, blank: blank, fields: fields) }
    }

    /// A list of whole numbers, each held to `rule`.
    @inline(__always)
    mutating func ints(_ list: inout [Int], _ name: StaticString, since: UInt64 = 1, _ shape: ListShape, _ rule: FieldRule) {
        if version >= since { visitInts(&list, name, shape, rule) }
    }
}

/// What values a field may hold. The simple ranges are checked field by field
/// (`GameState.validate(rules:)`); a field whose range depends on other fields names
/// the rule of `StateChecker` that checks it.
public enum FieldRule: Sendable, Equatable {
    /// A counter or a sum: 0 to `GameState.maxCount`.
    case count
    /// A tick: 0 to `GameState.maxTick`.
    case tick
    /// Health: 0 to `Rules.fullHealth`.
    case health
    /// A number of days: 0 to the days in the calendar.
    case days
    /// A calendar day: `never`, or a day number up to `career.today`.
    case day
    /// A day's summed health effects: within ±10^9.
    case dayNet
    /// A share in %: 0 to 100.
    case percent
    /// Checked with the fields it depends on, by the named group of `StateChecker`
    /// ("flow", "physics", "scoring", "ocean", "career", "challenge", "pet").
    case between(StaticString)

    public static func == (a: FieldRule, b: FieldRule) -> Bool {
        switch (a, b) {
        case (.count, .count), (.tick, .tick), (.health, .health), (.days, .days), (.day, .day), (.dayNet, .dayNet), (.percent, .percent): true
        case let (.between(x), .between(y)): x.description == y.description
        default: false
        }
    }
}

/// How a list is laid out in the encoding.
public struct ListShape: Sendable {
    /// How its elements are named in the dump and the validation: by position, or by
    /// the balance's kind or card keys.
    public enum Index: Sendable { case position, kind, card }

    /// A count word comes before the elements (version 2's fixed arrays had none).
    public var counted = true
    /// The count it always has (padded with the blank, or cut, when written), if fixed.
    public var fixed: Int?
    /// The most elements it may have when read.
    public var max = Int.max
    /// Words per element, so a forged count is refused before anything is allocated.
    public var wordsEach = 1
    /// Written only up to its last non-zero element (the per-kind tallies from version
    /// 6), so a kind that never appeared changes no hash.
    public var trimmed = false
    public var index = Index.position

    public init(counted: Bool = true, fixed: Int? = nil, max: Int = .max, wordsEach: Int = 1, trimmed: Bool = false,
                index: Index = .position) {
        (self.counted, self.fixed, self.max, self.wordsEach, self.trimmed, self.index) =
            (counted, fixed, max, wordsEach, trimmed, index)
    }
}

/// A value of a closed set, written as a small whole number.
public protocol StateCode {
    var code: Int { get }
    init?(code: Int)
}

extension StateCode where Self: RawRepresentable, RawValue == Int {
    public var code: Int { rawValue }
    public init?(code: Int) { self.init(rawValue: code) }
}

extension Bool: StateCode {
    public var code: Int { self ? 1 : 0 }
    public init?(code: Int) {
        guard code == 0 || code == 1 else { return nil }
        self = code == 1
    }
}

extension ItemKind: StateCode {
    public var code: Int { rawValue }
    /// Any kind a balance may have (`Rules.maxKinds`); whether this balance has it is validation's question.
    public init?(code: Int) {
        guard code >= 0, code < Rules.maxKinds else { return nil }
        self.init(rawValue: code)
    }
}

/// An item's bounce flag: 0 or 1.
extension UInt8: StateCode {
    public var code: Int { Int(self) }
    public init?(code: Int) {
        guard code == 0 || code == 1 else { return nil }
        self = UInt8(code)
    }
}

extension Mode: StateCode {}
extension PlayMode: StateCode {}
extension Phase: StateCode {}
extension ChallengePeriod: StateCode {}
extension ChallengeMetric: StateCode {}
extension ChallengeStatus: StateCode {}
extension PetForm: StateCode {}
extension PetStage: StateCode {}
extension PetMood: StateCode {}
