/// Slides the bin: pushing accelerates it up to its top speed, letting go lets
/// friction bring it to rest, and a wall stops it dead.
enum BinSystem {
    static func run(_ bin: inout BinState, move: Move, rules: Rules) {
        let push = Int(move.rawValue)
        if push != 0 {
            bin.vx = min(rules.binMaxSpeed, max(-rules.binMaxSpeed, bin.vx + push * rules.binAccel))
        } else if bin.vx > 0 {
            bin.vx = max(0, bin.vx - rules.binFriction)
        } else if bin.vx < 0 {
            bin.vx = min(0, bin.vx + rules.binFriction)
        }
        bin.x += bin.vx
        let left = rules.binHalfWidth
        let right = rules.width - rules.binHalfWidth
        if bin.x <= left {
            bin.x = left
            bin.vx = 0
        } else if bin.x >= right {
            bin.x = right
            bin.vx = 0
        }
    }
}
