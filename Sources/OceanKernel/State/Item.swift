/// One falling piece of trash. Positions are the item's centre in fixed-point world
/// units (y grows downward from the top of the playfield); speeds are per tick.
public struct Item: Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var vx: Int
    public var vy: Int
    /// The sideways acceleration of its sway, flipping sign at the sway speed.
    public var ax: Int
    public var kind: ItemKind

    public init(x: Int, y: Int, vx: Int, vy: Int, ax: Int, kind: ItemKind) {
        (self.x, self.y, self.vx, self.vy, self.ax, self.kind) = (x, y, vx, vy, ax, kind)
    }
}
