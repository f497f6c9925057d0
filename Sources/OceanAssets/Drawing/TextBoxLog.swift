/// The boxes a pen drew text into, in the order drawn: a layout test reads them to
/// find text that overlaps other text or leaves the screen. Off in play (a pen holds
/// none), so a frame records nothing and allocates nothing.
public final class TextBoxLog {
    public struct Box: Equatable, Sendable, CustomStringConvertible {
        public var x, y, w, h: Int
        public var text: String

        /// Whether the two boxes share any pixel (touching edges do not).
        public func overlaps(_ o: Box) -> Bool {
            x < o.x + o.w && o.x < x + w && y < o.y + o.h && o.y < y + h
        }

        /// Whether the box lies wholly inside a `width` × `height` screen.
        public func inside(width: Int, height: Int) -> Bool { x >= 0 && y >= 0 && x + w <= width && y + h <= height }

        public var description: String { "'\(text)' at (\(x), \(y)) \(w)×\(h)" }
    }

    public private(set) var boxes: [Box] = []

    public init() {}

    public func record(x: Int, y: Int, w: Int, h: Int, text: String) {
        guard w > 0, h > 0, text.contains(where: { $0 != " " }) else { return }
        boxes.append(Box(x: x, y: y, w: w, h: h, text: text))
    }

    public func clear() { boxes.removeAll(keepingCapacity: true) }

    /// Every pair of boxes that overlap, and every box off a `width` × `height` screen.
    public func problems(width: Int, height: Int) -> [String] {
        var out: [String] = []
        for (i, a) in boxes.enumerated() {
            if !a.inside(width: width, height: height) { out.append("off screen: \(a)") }
            for b in boxes[(i + 1)...] where a.overlaps(b) { out.append("overlap: \(a) and \(b)") }
        }
        return out
    }
}
