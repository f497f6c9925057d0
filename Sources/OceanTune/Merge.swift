import OceanSystem

/// Joins shard outputs into the bytes one machine would have written: refuses shards
/// of different sweeps (spec, engine, balance base, games, players), names the
/// shards that are missing, and refuses a point given twice.
public enum ShardMerge {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ d: String) { description = d }
    }

    /// `files`: (name, contents) of each shard file.
    public static func merge(_ files: [(name: String, text: String)]) -> Result<String, Failure> {
        guard !files.isEmpty else { return .failure(Failure("nothing to merge")) }
        var header: SweepHeader?
        var first = ""
        var count = 0
        var seen: [Int: String] = [:]
        var lines: [Int: Substring] = [:]
        for (name, text) in files {
            let rows = text.split(separator: "\n")
            guard let top = rows.first, let h = JSONLines.decode(SweepHeader.self, top) else {
                return .failure(Failure("\(name): not an ocean tune output (no header line)"))
            }
            guard h.halving == nil else { return .failure(Failure("\(name): a halving run is not sharded; nothing to merge")) }
            guard let shard = Shard(h.shard) else {
                return .failure(Failure("\(name): shard '\(h.shard)' is not a shard of a sharded run (already whole or merged)"))
            }
            if let header {
                for (what, a, b) in [("spec", header.spec, h.spec), ("engine version", header.engine, h.engine),
                                     ("balance base", header.balance, h.balance)] where a != b {
                    return .failure(Failure("\(name): a different \(what) (\(b)) than \(first) (\(a)); refusing to merge shards of different sweeps"))
                }
                guard header.sameSweep(as: h), shard.count == count else {
                    return .failure(Failure("\(name): not a shard of the same sweep as \(first) (games, players, keys or shard count differ)"))
                }
            } else {
                (header, first, count) = (h, name, shard.count)
            }
            if let other = seen[shard.index] { return .failure(Failure("\(name): shard \(shard) is also \(other)")) }
            seen[shard.index] = name
            for row in rows.dropFirst() {
                guard let p = JSONLines.decode(PointIndex.self, row), (0..<h.points).contains(p.point), shard.contains(p.point) else {
                    return .failure(Failure("\(name): a line that is not a point of shard \(shard)"))
                }
                guard lines[p.point] == nil else { return .failure(Failure("\(name): point \(p.point) given twice")) }
                lines[p.point] = row
            }
        }
        let missing = (1...count).filter { seen[$0] == nil }
        guard missing.isEmpty else {
            return .failure(Failure("missing shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) of \(count)"))
        }
        let absent = (0..<header!.points).filter { lines[$0] == nil }
        guard absent.isEmpty else {
            return .failure(Failure("points missing from the shards: \(absent.prefix(20).map(String.init).joined(separator: ", "))"))
        }
        var whole = header!
        whole.shard = Shard.whole.description
        let body = (0..<whole.points).map { String(lines[$0]!) }
        if whole.objectives != nil {
            // The front is over every point, so only the merge can know it.
            let decoded = body.compactMap { JSONLines.decode(PointLine.self, Substring($0)) }
            guard decoded.count == body.count else { return .failure(Failure("a point line that cannot be read back")) }
            whole.front = Pareto.front(decoded)
        }
        return .success(([JSONLines.encode(whole)] + body).joined(separator: "\n") + "\n")
    }

    struct PointIndex: Decodable { var point: Int }

    /// Reads a sweep output back (header and point lines), for tables and charts.
    public static func read(_ text: String) -> (SweepHeader, [PointLine])? {
        let rows = text.split(separator: "\n")
        guard let top = rows.first, let h = JSONLines.decode(SweepHeader.self, top) else { return nil }
        var lines: [PointLine] = []
        for row in rows.dropFirst() {
            guard let l = JSONLines.decode(PointLine.self, row) else { return nil }
            lines.append(l)
        }
        return (h, lines)
    }
}
