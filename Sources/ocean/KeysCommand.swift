import ArgumentParser
import OceanCLI
import OceanPlatform
import OceanStore

/// `ocean keys`: the keys that move the bin, kept in the settings folder (`keys.toml`).
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Show or change the keys that move the bin (saved in the settings folder).",
        discussion: "Key names are SDL's: \"Left\", \"A\", \"J\", \"Keypad 4\"; the game's own keys (Escape, F11, M, Space, Return) are refused. Give a flag more than once "
            + "for more keys the same way (at most \(KeyBindings.maxPerAction)). `ocean play` names the keys in its hint.")

    @Option(help: "A key that moves the bin left (repeatable).") var left: [String] = []
    @Option(help: "A key that moves the bin right (repeatable).") var right: [String] = []
    @Flag(help: "Back to the arrow keys and A / D.") var reset = false
    @Option(help: "The key settings file (default: keys.toml in the settings folder).") var settings: String?

    func validate() throws {
        try checkPath(settings, flag: "--settings")
        guard left.count <= KeyBindings.maxPerAction, right.count <= KeyBindings.maxPerAction else {
            throw ValidationError("--left, --right: at most \(KeyBindings.maxPerAction) keys each")
        }
        guard !reset || (left.isEmpty && right.isEmpty) else { throw ValidationError("--reset: give no --left or --right with it") }
        for name in left where right.contains(name) { throw ValidationError("'\(name)' cannot move the bin both ways") }
    }

    func run() throws {
        guard let path = settings ?? (ConfigFolder.problem() == nil ? KeyBindingsFile.defaultPathIfKnown() : nil) else {
            throw CommandFailure("ocean: \(ConfigFolder.problem() ?? "neither $XDG_CONFIG_HOME nor $HOME is set"), so there is no default "
                + "key settings file; name one with --settings PATH")
        }
        var bindings: KeyBindings
        do { bindings = try KeyBindingsFile.load(path: path) } catch { throw CommandFailure(error.description) }
        if reset { bindings = .standard }
        if !left.isEmpty { bindings.left = left }
        if !right.isEmpty { bindings.right = right }
        for name in bindings.left where bindings.right.contains(name) {
            throw CommandFailure("'\(name)' would move the bin both ways: give it to --left or --right only")
        }
        // Every name a key SDL knows, before anything is written.
        do { _ = try MoveKeys(left: bindings.left, right: bindings.right) } catch { throw CommandFailure("--left/--right: \(error.description)") }
        if reset || !left.isEmpty || !right.isEmpty {
            do { try KeyBindingsFile.save(bindings, path: path) } catch { throw CommandFailure(error.description) }
        }
        CommandOutput.print("\(path): left \(bindings.left.joined(separator: ", ")); right \(bindings.right.joined(separator: ", "))")
    }
}
