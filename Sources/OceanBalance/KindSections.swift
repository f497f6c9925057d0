import OceanKernel

/// The `[kind.KEY]` sections of a data file (the balance, the impact factors): which
/// kinds it names, in the order it names them. The kinds are data, so a schema over
/// per-kind keys is built from this list rather than from code.
public enum KindSections {
    /// What a kind's key may be: lowercase letters, digits and `_`, starting with a letter.
    public static let keyRule = "a kind's name is 1 to 32 lowercase letters, digits or '_', starting with a letter"

    public static func isValidKey(_ key: some StringProtocol) -> Bool {
        guard let first = key.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first),
              key.utf8.count <= 32 else { return false }
        return key.utf8.allSatisfy {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                || $0 == UInt8(ascii: "_")
        }
    }

    /// A name as a TOML file writes it, so that it reads on one line as it was typed:
    /// a well-formed one bare, any other quoted, with `\n`, `\t`, `\"`, `\\` and
    /// `\uXXXX` for what cannot be shown.
    public static func quotedName(_ name: some StringProtocol) -> String {
        isValidKey(name) ? String(name) : TOMLText.string(name)
    }

    /// The kind of a `kind.KEY.field` entry, if it is one (or of a `SECTION.KEY.field`
    /// entry: the seas' sections are `sea.KEY`).
    public static func kindKey(of entryKey: String, section: String = "kind") -> Substring? {
        let parts = entryKey.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == section else { return nil }
        return parts[1]
    }

    /// The kinds `entries` name, each once, in the order of its first line (TOML
    /// parsers hand tables over sorted by name; the file's order is the table's
    /// order, and so part of the state). Entries without a line keep their place.
    /// Ill-formed keys and too many kinds are problems, with their lines.
    /// `section`: "kind", or "sea" for the `[sea.KEY]` sections (at most `Rules.maxSeas`).
    public static func keys(in entries: [RawEntry], file: String, section: String = "kind") throws(DataError) -> [String] {
        var found: [(key: String, line: Int, at: Int)] = []
        // An ill-formed name is one problem, at its first line, however many keys its
        // section holds.
        var bad: [(key: Substring, line: Int?)] = []
        var issues: [DataIssue] = []
        for (at, entry) in entries.enumerated() {
            guard let kind = kindKey(of: entry.key, section: section) else { continue }
            let line = entry.line ?? Int.max
            if let i = found.firstIndex(where: { $0.key == kind }) {
                if (line, at) < (found[i].line, found[i].at) { found[i] = (String(kind), line, at) }
                continue
            }
            guard isValidKey(kind) else {
                if let i = bad.firstIndex(where: { $0.key == kind }) {
                    if let l = entry.line, l < bad[i].line ?? Int.max { bad[i].line = l }
                } else {
                    bad.append((kind, entry.line))
                }
                continue
            }
            found.append((String(kind), line, at))
        }
        for (kind, line) in bad {
            issues.append(DataIssue(file: file, line: line, key: "\(section).\(quotedName(kind))",
                                    message: "not a \(section)'s name: it is 1 to 32 lowercase letters, digits or '_', starting with a letter"))
        }
        let most = section == "kind" ? Rules.maxKinds : Rules.maxSeas
        if found.count > most {
            issues.append(DataIssue(file: file, line: nil, key: section,
                                    message: "\(found.count) \(section)s; at most \(most)"))
        }
        guard issues.isEmpty else { throw DataError(issues: issues) }
        return found.sorted { ($0.line, $0.at) < ($1.line, $1.at) }.map(\.key)
    }
}
