/// The ten achievements. The first six are the product's; the last four are ours.
/// Each unlocks once; the raw value is its bit in `CareerState.achievements`.
public enum Achievement: Int, CaseIterable, Sendable {
    case firstStep, ecoScholar, reefDefender, oceanSentinel, flawless, oceanHero
    case comboMaster, plasticHauler, goalGetter, earlyBird

    public var name: String {
        switch self {
        case .firstStep: "First Step"
        case .ecoScholar: "Eco Scholar"
        case .reefDefender: "Reef Defender"
        case .oceanSentinel: "Ocean Sentinel"
        case .flawless: "Flawless"
        case .oceanHero: "Ocean Hero"
        case .comboMaster: "Combo Master"
        case .plasticHauler: "Plastic Hauler"
        case .goalGetter: "Goal Getter"
        case .earlyBird: "Early Bird"
        }
    }

}
