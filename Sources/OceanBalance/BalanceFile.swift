import OceanKernel

extension BalanceSchema {
    /// A balance as a TOML file the loader reads back: every key of the schema, one
    /// table per section, `comment` as the file's opening lines (what `ocean tune`
    /// writes as a point's balance, and `ocean-bench` as a balance to play).
    public static func toml(_ b: Balance, comment: String) -> String {
        var out = comment.split(separator: "\n", omittingEmptySubsequences: false).map { "# " + $0 }.joined(separator: "\n") + "\n"
        var section = ""
        for f in fields(of: b) {
            let dot = f.key.lastIndex(of: ".")!
            let table = String(f.key[..<dot]), name = f.key[f.key.index(after: dot)...]
            if table != section {
                out += "\n[\(table)]\n"
                section = table
            }
            out += "\(name) = \(b[keyPath: f.path])\n"
        }
        return out
    }
}
