/// One falling piece of trash. Positions are the item's centre in fixed-point world
/// units (y grows downward from the top of the playfield); speeds are per tick.
/// Speeds are 32-bit (the balance ranges keep them under 2^26) so an item is 32
/// bytes: 10,000 of them stay in a core's L2 cache.
public struct Item: Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var vx: Int32
    public var vy: Int32
    /// The sideways acceleration of its sway, flipping sign at the sway speed.
    public var ax: Int32
    public var kind: ItemKind
    /// 1 once it has bounced off the rim (an item bounces once).
    public var bounced: UInt8 = 0

    public init(x: Int, y: Int, vx: Int32, vy: Int32, ax: Int32, kind: ItemKind, bounced: UInt8 = 0) {
        (self.x, self.y, self.vx, self.vy, self.ax, self.kind, self.bounced) = (x, y, vx, vy, ax, kind, bounced)
    }
}
