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
                if let use = MoveKeys.reserved.first(where: { $0.codes.contains(code) })?.use {
                    throw KeyNameError(name: name, taken: use)
                }
                out.append(code)
            }
            return out
        }
        left = try codes(leftNames)
        right = try codes(rightNames)
        let (l, r) = (leftNames.first ?? "", rightNames.first ?? "")
        hint = l == "Left" && r == "Right" ? "<- ->" : "\(MoveKeys.shown(l)) \(MoveKeys.shown(r))"
    }

    /// The keys the game itself answers (`InputMapper`), which cannot also move the
    /// bin: pressed to steer, they would pause, mute or start a game.
    static let reserved: [(codes: [Int32], use: String)] = [
        ([Int32(SDLK_ESCAPE.rawValue)], "pauses the game and goes back"),
        ([Int32(SDLK_F11.rawValue)], "switches full screen"),
        ([Int32(SDLK_m.rawValue)], "mutes the sound"),
        ([Int32(SDLK_SPACE.rawValue), Int32(SDLK_RETURN.rawValue), Int32(SDLK_KP_ENTER.rawValue)], "starts a game and chooses on the menus"),
    ]

    /// A key's name as the font shows it (printable ASCII).
    static func shown(_ name: String) -> String {
        String(name.unicodeScalars.map { (32...126).contains($0.value) ? Character($0) : "?" })
    }
}

public struct KeyNameError: Error, Equatable, Sendable {
    public let name: String
    /// What the game already does with the key, when it is one of its own.
    public var taken: String?

    public init(name: String, taken: String? = nil) {
        self.name = name
        self.taken = taken
    }

    public var description: String {
        if let taken { return "'\(name)' is the game's own key (it \(taken)); choose another to move the bin" }
        return "'\(name)' is not a key name SDL knows (names look like \"Left\", \"A\", \"J\", \"Page Up\", \"Keypad 4\")"
    }
}
