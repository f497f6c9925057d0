import OceanBalance
import OceanKernel

/// Impact as the screens show it, spelt once (`ImpactUnits`, the CLI's spelling) when
/// the figures change, so drawing it allocates nothing: items kept out of the sea,
/// "1.2 kg" of CO2e and "35 L" of water saved.
struct ImpactWords: Equatable {
    var items = 0
    var co2e = "0 g"
    var water = "0 ml"
    /// The mass of every material the items weigh ("1.2 kg"), when known.
    var mass = "0 g"

    init() {}

    init(_ impact: Impact, grams: Int = 0) {
        items = impact.items
        mass = TextWrap.ascii(ImpactUnits.mass(grams))
        co2e = TextWrap.ascii(ImpactUnits.co2e(impact.co2eGrams))
        water = TextWrap.ascii(ImpactUnits.water(impact.waterMl))
    }
}

/// Whole numbers a screen's words were made from: the words are made again only when
/// one of them changes. Filled afresh each frame into storage it keeps, so looking
/// allocates nothing once warm.
struct FigureKey {
    private var made: [Int] = []
    private var next: [Int] = []

    /// Starts this frame's figures.
    mutating func begin() { next.removeAll(keepingCapacity: true) }

    mutating func add(_ value: Int) { next.append(value) }

    /// Whether this frame's figures differ from those the words were last made from
    /// (and, if so, takes them as made).
    mutating func changed() -> Bool {
        if next == made { return false }
        swap(&made, &next)
        return true
    }
}
