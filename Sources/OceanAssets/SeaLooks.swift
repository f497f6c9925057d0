/// How a sea of the career looks and reads (GAME_RULES §6, `assets/content/seas.toml`):
/// its name, a line on what it is, and the tint its sky, water and seabed lean toward.
/// The balance's `[sea.KEY]` says how it heals; this says how it is shown.
public struct SeaLook: Equatable, Sendable {
    public var key: String
    public var name: String
    /// The HUD's word for it beside its health ("Reef 42%"), as "Ocean" is for one sea.
    public var short: String
    public var line: String
    /// 0xRRGGBB.
    public var tint: Int
    /// How far the scene's colours lean toward `tint`, 0…`SeaLooks.maxTintPercent`.
    public var tintPercent: Int
    /// How it sounds: the ambience's struck notes and bird calls at this % of their
    /// pitch, and this % of the design's bird calls.
    public var ambiencePitchPercent = 100
    public var callsPercent = 100

    public init(key: String, name: String, short: String, line: String, tint: Int, tintPercent: Int) {
        (self.key, self.name, self.short, self.line, self.tint, self.tintPercent) = (key, name, short, line, tint, tintPercent)
    }
}

/// Every sea's look, looked up by its balance key.
public struct SeaLooks: Equatable, Sendable {
    public static let maxTintPercent = 40
    public static let nameChars = 20, shortChars = 5, lineChars = 48
    public static let pitches = 50...200, calls = 0...300
    public var looks: [SeaLook]

    public init(_ looks: [SeaLook]) { self.looks = looks }
    public static let none = SeaLooks([])

    /// The look of sea `key`; a sea the file does not have reads as its key, untinted.
    public func look(_ key: String) -> SeaLook {
        looks.first { $0.key == key } ?? SeaLook(key: key, name: SeaLooks.plainName(key), short: "Ocean", line: "", tint: 0, tintPercent: 0)
    }

    /// A key as words: "kelp_forest" → "Kelp forest".
    public static func plainName(_ key: String) -> String {
        let plain = String(key.map { $0 == "_" ? " " : $0 })
        return plain.prefix(1).uppercased() + plain.dropFirst()
    }
}
