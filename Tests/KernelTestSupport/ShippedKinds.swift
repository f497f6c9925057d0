import OceanKernel

/// The kinds of the shipped balance, by name, for tests written against it
/// (the kernel knows kinds only as indices into a balance's table).
extension ItemKind {
    public static let plasticBottle = ItemKind(rawValue: 0)
    public static let aluminiumCan = ItemKind(rawValue: 1)
    public static let cardboard = ItemKind(rawValue: 2)
    public static let glassBottle = ItemKind(rawValue: 3)
    public static let plasticBag = ItemKind(rawValue: 4)
    public static let foodTray = ItemKind(rawValue: 5)
    /// Sea life (let it pass) and power-ups, after the trash.
    public static let flyingFish = ItemKind(rawValue: 6)
    public static let seaTurtle = ItemKind(rawValue: 7)
    public static let net = ItemKind(rawValue: 8)
    public static let slackTide = ItemKind(rawValue: 9)

    /// The six shipped trash kinds (every replay before kinds were data was
    /// recorded with them), in `assets/balance.toml`'s order.
    public static let shipped = (0..<6).map(ItemKind.init(rawValue:))
    public static let shippedKeys = ["plastic_bottle", "aluminium_can", "cardboard", "glass_bottle", "plastic_bag", "food_tray"]
}
