/// Moves every item one tick (sway, gravity up to a terminal speed, side walls) and
/// decides catches and misses.
///
/// Catches are swept, not sampled: when an item's bottom crosses the rim during the
/// tick, both the item and the bin are placed where they were at the instant of the
/// crossing and compared there, so no speed can carry an item through the bin.
/// Touching the rim exactly counts as crossing it.
enum ItemSystem {
    static func run(_ s: inout GameState, binFrom: Int, binTo: Int, rules: Rules,
                    outcomes: inout [Outcome]) {
        let width = rules.width
        let rim = rules.rim
        let water = rules.waterLine
        let mouth = rules.binHalfWidth
        let tableBase = (s.round - 1) * Rules.kindCount
        var live = 0
        rules.halfSize.withUnsafeBufferPointer { halfSize in
        rules.swaySpeed.withUnsafeBufferPointer { swaySpeed in
        rules.gravity.withUnsafeBufferPointer { gravity in
        rules.terminalSpeed.withUnsafeBufferPointer { terminal in
        s.items.withUnsafeMutableBufferPointer { items in
            var count = items.count
            var i = 0
            while i < count {
                var it = items[i]
                let k = Int(it.kind.rawValue)
                let half = halfSize[k]

                // Sway: the sideways speed ramps back and forth between ±swaySpeed.
                let sway = swaySpeed[k]
                it.vx += it.ax
                if it.vx >= sway { it.vx = sway; it.ax = -abs(it.ax) }
                if it.vx <= -sway { it.vx = -sway; it.ax = abs(it.ax) }
                let x0 = it.x
                it.x += it.vx
                if it.x < half { it.x = half; it.vx = -it.vx; it.ax = -it.ax }
                if it.x > width - half { it.x = width - half; it.vx = -it.vx; it.ax = -it.ax }

                // Fall.
                let bottom0 = it.y + half
                it.vy = min(it.vy + gravity[tableBase + k], terminal[tableBase + k])
                it.y += it.vy
                let bottom1 = it.y + half

                var gone = false
                if bottom0 < rim && bottom1 >= rim {
                    // Where were the item and the bin when the bottom met the rim?
                    let num = rim - bottom0
                    let den = bottom1 - bottom0
                    let itemX = x0 + (it.x - x0) * num / den
                    let binX = binFrom + (binTo - binFrom) * num / den
                    if abs(itemX - binX) <= mouth {
                        outcomes.append(.caught(it.kind))
                        gone = true
                    }
                }
                if !gone && bottom1 >= water {
                    outcomes.append(.missed(it.kind))
                    gone = true
                }
                if gone {
                    // Swap-remove: the order stays deterministic, nothing shifts.
                    count -= 1
                    items[i] = items[count]
                } else {
                    items[i] = it
                    i += 1
                }
            }
            live = count
        }
        }
        }
        }
        }
        s.items.removeLast(s.items.count - live)
    }
}
