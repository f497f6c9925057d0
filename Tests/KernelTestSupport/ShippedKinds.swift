import OceanKernel

/// The six kinds of the shipped balance, by name, for tests written against it
/// (the kernel knows kinds only as indices into a balance's table).
extension ItemKind {
    public static let plasticBottle = ItemKind(rawValue: 0)
    public static let aluminiumCan = ItemKind(rawValue: 1)
    public static let cardboard = ItemKind(rawValue: 2)
    public static let glassBottle = ItemKind(rawValue: 3)
    public static let plasticBag = ItemKind(rawValue: 4)
    public static let foodTray = ItemKind(rawValue: 5)

    /// The shipped kinds, in `assets/balance.toml`'s order.
    public static let shipped = (0..<6).map(ItemKind.init(rawValue:))
    public static let shippedKeys = ["plastic_bottle", "aluminium_can", "cardboard", "glass_bottle", "plastic_bag", "food_tray"]
}
