/// A health path for `ocean audio render --health-path FILE`: one point a line,
/// `SECONDS HEALTH` (health from 0 to 1), times climbing; `#` starts a comment.
/// Between points health moves in a straight line; before the first and after the
/// last it holds.
public struct HealthPath: Sendable {
    public struct Point: Sendable {
        public var seconds: Double
        public var health: Double
    }

    public let points: [Point]

    /// Every problem as `file:line: message`.
    public static func parse(_ text: String, file: String) -> Result<HealthPath, HealthPathError> {
        var points: [Point] = []
        var problems: [String] = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if words.isEmpty { continue }
            let at = "\(file):\(n + 1): "
            guard words.count == 2, let s = Double(words[0]), let h = Double(words[1]), s.isFinite, h.isFinite else {
                problems.append(at + "expected 'SECONDS HEALTH' (two numbers), found '\(line)'")
                continue
            }
            if !(0...86_400).contains(s) { problems.append(at + "seconds \(s) is out of range; allowed 0 to 86400") }
            if !(0...1).contains(h) { problems.append(at + "health \(h) is out of range; allowed 0 to 1") }
            if let last = points.last, s <= last.seconds {
                problems.append(at + "seconds \(s) must be after the previous point's \(last.seconds)")
            }
            points.append(Point(seconds: s, health: h))
        }
        if points.isEmpty && problems.isEmpty { problems.append("\(file): no points; write one 'SECONDS HEALTH' a line") }
        return problems.isEmpty ? .success(HealthPath(points: points)) : .failure(HealthPathError(problems: problems))
    }

    public init(points: [Point]) { self.points = points }

    /// The last point's time.
    public var seconds: Double { points.last?.seconds ?? 0 }

    /// Health at `seconds`, in 1/10000.
    public func health(at seconds: Double) -> Int {
        guard let first = points.first else { return 0 }
        if seconds <= first.seconds { return Int((first.health * 10_000).rounded()) }
        for k in 1..<max(1, points.count) where seconds <= points[k].seconds {
            let a = points[k - 1], b = points[k]
            let t = (seconds - a.seconds) / (b.seconds - a.seconds)
            return Int(((a.health + (b.health - a.health) * t) * 10_000).rounded())
        }
        return Int((points[points.count - 1].health * 10_000).rounded())
    }
}

public struct HealthPathError: Error, CustomStringConvertible {
    public let problems: [String]
    public var description: String { problems.joined(separator: "\n") }
}
