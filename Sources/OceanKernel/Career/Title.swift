/// The titles a player earns with levels, lowest first.
public enum Title: Int, CaseIterable, Sendable {
    case beachCleaner, shoreGuardian, reefProtector, oceanSteward, seaChampion, marineHero, oceanLegend, oceanMaster

    public var name: String {
        switch self {
        case .beachCleaner: "Beach Cleaner"
        case .shoreGuardian: "Shore Guardian"
        case .reefProtector: "Reef Protector"
        case .oceanSteward: "Ocean Steward"
        case .seaChampion: "Sea Champion"
        case .marineHero: "Marine Hero"
        case .oceanLegend: "Ocean Legend"
        case .oceanMaster: "Ocean Master"
        }
    }
}
