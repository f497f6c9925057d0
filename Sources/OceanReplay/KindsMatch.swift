import OceanKernel

/// A replay's items, tallies and scans name kinds by their place in the balance's
/// list, so re-playing it under other constants is only meaningful when those list the
/// same kinds in the same order: otherwise every figure would be moved to another
/// kind's name (or past the list's end). Said before any tick is played.
public enum KindsMatch {
    /// Why `replay`'s recording cannot be re-played under `other` (`flag` names where
    /// that balance came from), or nil when the kinds are the same, in the same order.
    public static func problem(recorded: Balance, other: Balance, flag: String) -> String? {
        let mine = recorded.kinds.map(\.key), theirs = other.kinds.map(\.key)
        guard mine != theirs else { return nil }
        let missing = mine.filter { !theirs.contains($0) }, extra = theirs.filter { !mine.contains($0) }
        var why: String
        if !missing.isEmpty { why = "it lacks \(missing.joined(separator: ", "))" }
        else if !extra.isEmpty { why = "it adds \(extra.joined(separator: ", "))" }
        else { why = "it lists them in another order" }
        if !missing.isEmpty && !extra.isEmpty { why += " and adds \(extra.joined(separator: ", "))" }
        return "\(flag): \(why). The replay was recorded with the kinds \(mine.joined(separator: ", ")); "
            + "a what-if changes constants, not the list of kinds (the same kinds, in the same order)"
    }
}
