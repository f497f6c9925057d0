/// The kinds of trash that fall. The order is part of the canonical encoding and of
/// the balance file's layout; append new kinds at the end.
public enum ItemKind: Int, StableKey {
    case plasticBottle, aluminiumCan, cardboard, glassBottle, plasticBag, foodTray

    /// The name used in the balance file (`[kind.NAME]`), replays and the CLI.
    public var key: String {
        switch self {
        case .plasticBottle: "plastic_bottle"
        case .aluminiumCan: "aluminium_can"
        case .cardboard: "cardboard"
        case .glassBottle: "glass_bottle"
        case .plasticBag: "plastic_bag"
        case .foodTray: "food_tray"
        }
    }
}
