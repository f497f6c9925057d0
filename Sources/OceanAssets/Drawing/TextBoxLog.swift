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

        /// A frame that holds text (a toast's box): words may lie wholly inside it, never across its edge.
        public var isFrame: Bool { text.hasPrefix(TextBoxLog.framePrefix) }

        /// Whether `o` lies wholly inside this box.
        public func contains(_ o: Box) -> Bool { o.x >= x && o.y >= y && o.x + o.w <= x + w && o.y + o.h <= y + h }

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

    /// What a frame's text starts with (`recordFrame`).
    public static let framePrefix = "[frame] "

    /// A box that holds text (`Box.isFrame`), named `name`.
    public func recordFrame(x: Int, y: Int, w: Int, h: Int, name: String) {
        record(x: x, y: y, w: w, h: h, text: TextBoxLog.framePrefix + name)
    }

    public func clear() { boxes.removeAll(keepingCapacity: true) }

    /// Every pair of boxes that overlap (text inside a frame is fine, text across its
    /// edge is not), and every box off a `width` × `height` screen.
    public func problems(width: Int, height: Int) -> [String] {
        var out: [String] = []
        for (i, a) in boxes.enumerated() {
            if !a.inside(width: width, height: height) { out.append("off screen: \(a)") }
            for b in boxes[(i + 1)...] where a.overlaps(b) {
                if a.isFrame != b.isFrame && (a.isFrame ? a.contains(b) : b.contains(a)) { continue }
                out.append(a.isFrame != b.isFrame ? "across a frame's edge: \(a) and \(b)" : "overlap: \(a) and \(b)")
            }
        }
        return out
    }
}
