import OceanKernel
import OceanSystem

/// The rules of the balance last asked for, kept: building `Rules` derives tables (the
/// bin's reach, the fall per round) worth more than re-playing a short run, and a
/// server verifying the day's runs asks for the same balance every time.
enum RulesMemo {
    private static let last = LastValueMemo<Balance, Rules>()

    static func rules(_ balance: Balance) -> Rules { last.value(for: balance, derive: Rules.init) }
}
