import OceanKernel
import Synchronization

/// The rules of the balance last asked for, kept: building `Rules` derives tables (the
/// bin's reach, the fall per round) worth more than re-playing a short run, and a
/// server verifying the day's runs asks for the same balance every time. One entry,
/// compared by value: any other balance is built, and then kept instead.
enum RulesMemo {
    private static let last = Mutex<Rules?>(nil)

    static func rules(_ balance: Balance) -> Rules {
        if let kept = last.withLock({ $0 }), kept.balance == balance { return kept }
        let rules = Rules(balance)
        last.withLock { $0 = rules }
        return rules
    }
}
