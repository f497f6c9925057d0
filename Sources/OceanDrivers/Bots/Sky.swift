import OceanKernel

/// What a bot looks at on one tick: the items, the bin, the clock, the round's row of
/// the fall tables and the net, read from the state field by field. Handed the whole
/// state from a plan's simulation instead, a bot's every tick copied it (800 bytes:
/// 5 % of a human career's time).
struct Sky {
    let items: [Item]
    let bin: BinState
    let tick: Int
    /// `rules.row(state)`.
    let row: Int
    let netTicksLeft: Int

    @inline(__always)
    init(_ s: GameState, rules: Rules) {
        items = s.items
        bin = s.bin
        tick = s.tick
        row = rules.row(s)
        netTicksLeft = s.netTicksLeft
    }
}
