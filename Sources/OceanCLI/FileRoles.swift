import ArgumentParser
import OceanDrivers
import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

/// Outputs never overwrite inputs: each command that writes files calls this first,
/// with every file it reads and every file it will write (flag and path; nil for an
/// option not given), and it fails (exit 2) before any work if an output is the same
/// file as an input or as another output (see `FileClash`: identity after links, not
/// spelling).
public func refuseClashes(inputs: [(String, String?)], outputs: [(String, String?)]) throws {
    let ins = inputs.compactMap { what, path in path.map { FileClash.Role.input(what, $0) } }
    let outs = outputs.compactMap { what, path in path.map { FileClash.Role.output(what, $0) } }
    for role in ins + outs {
        do { _ = try PathName(role.path) } catch { throw CommandFailure("ocean: \(role.what) \(error.description)") }
    }
    if let clash = FileClash.find(inputs: ins, outputs: outs) { throw CommandFailure("ocean: \(clash)") }
}

/// A theme option's file, when it names one (a `.toml` or a path) rather than a
/// shipped theme's name.
public func themeFile(_ theme: String?) -> String? {
    guard let theme, theme.hasSuffix(".toml") || theme.contains("/") else { return nil }
    return theme
}

/// The files a command that draws reads: the theme (a file, or a shipped theme's) and
/// the shipped font, sprites, pet art, challenge table and impact factors.
public func frontAssetInputs(theme: String?) -> [(String, String?)] {
    let themePath = themeFile(theme) ?? findAsset("themes/\(theme ?? "default").toml")
    return [("--theme", themePath)] + ["font.txt", "sprites.txt", "pet.txt", "challenges.toml", "impact.toml"].map {
        ("the shipped assets/\($0)", findAsset($0))
    }
}

extension BalanceOption {
    /// `--balance` (or the shipped balance) and `--challenges` (or the shipped table).
    public var inputs: [(String, String?)] {
        [("--balance", balance ?? defaultBalancePath()), ("--challenges", challenges ?? defaultChallengesPath())]
    }
}

/// An output that exists needs `--force`: each command that writes files calls this
/// before any work with its outputs (flag and path; nil for an option not given), and it
/// fails (exit 2) naming the first regular file already there, so nothing is replaced by
/// accident. A standard stream (`-`, `/dev/stdout`…) is never "existing", and neither
/// is a device such as `/dev/null` (nothing kept there to lose).
public func refuseExisting(_ outputs: [(String, String?)], force: Bool) throws {
    guard !force else { return }
    let existing = outputs.compactMap { what, path in path.flatMap { existingFile($0) ? (what, $0) : nil } }
    guard let (what, path) = existing.first else { return }
    let more = existing.count > 1 ? " (and \(counted(existing.count - 1, "other file")))" : ""
    throw CommandFailure("ocean: \(what) '\(path)' exists\(more); add --force to replace \(existing.count > 1 ? "them" : "it")")
}

/// Every output can be written: each command that works long before it writes
/// (plays games, shrinks a replay) calls this with its outputs before that work, so a
/// path that cannot be written (a loop of links, a folder, a folder that is missing
/// or read-only, a read-only file) fails at once, not after the work (exit 2).
public func refuseUnwritable(_ outputs: [(String, String?)]) throws {
    for (what, path) in outputs {
        guard let path else { continue }
        do { try checkReplaceable(path) } catch {
            throw CommandFailure("ocean: \(what) \(error.description); name a file (new, or a writable regular file) in a folder you can write")
        }
    }
}

/// Whether `path` names a regular file that is there now (links followed), and not a
/// standard stream.
public func existingFile(_ path: String) -> Bool {
    guard let name = try? PathName(path), name.standardStream(dash: 1) == nil,
          let status = try? name.status() else { return false }
    return status.st_mode & S_IFMT == S_IFREG
}

/// The help of every `--force` flag: "Replace `what`; without --force…".
public func forceHelp(_ what: String = "an existing --out") -> ArgumentHelp {
    ArgumentHelp("Replace \(what); without --force an output already there is refused (exit 2) before any work.")
}
