import CSDL2

/// The keys that move the bin as SDL keycodes, from the player's key names (SDL's,
/// as `KeyBindings` in the settings holds them); and the names the hints show ("J L").
public struct MoveKeys: Equatable, Sendable {
    public let left: [Int32]
    public let right: [Int32]
    /// "<- ->" for the arrows, else the first key of each way by its name.
    public let hint: String

    public static let standard = try! MoveKeys(left: ["Left", "A"], right: ["Right", "D"])

    /// Each name must be one SDL knows (`SDL_GetKeyFromName`); the error names the
    /// unknown ones and what a name looks like.
    public init(left leftNames: [String], right rightNames: [String]) throws(KeyNameError) {
        func codes(_ names: [String]) throws(KeyNameError) -> [Int32] {
            var out: [Int32] = []
            for name in names {
                let code = SDL_GetKeyFromName(name)
                guard code != SDLK_UNKNOWN.rawValue else { throw KeyNameError(name: name) }
                out.append(code)
            }
            return out
        }
        left = try codes(leftNames)
        right = try codes(rightNames)
        let (l, r) = (leftNames.first ?? "", rightNames.first ?? "")
        hint = l == "Left" && r == "Right" ? "<- ->" : "\(MoveKeys.shown(l)) \(MoveKeys.shown(r))"
    }

    /// A key's name as the font shows it (printable ASCII).
    static func shown(_ name: String) -> String {
        String(name.unicodeScalars.map { (32...126).contains($0.value) ? Character($0) : "?" })
    }
}

public struct KeyNameError: Error, Equatable, Sendable {
    public let name: String
    public var description: String {
        "'\(name)' is not a key name SDL knows (names look like \"Left\", \"A\", \"J\", \"Keypad 4\", \"Space\")"
    }
}
