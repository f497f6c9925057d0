import OceanBalance
import OceanKernel
import Synchronization

/// The balances of the replay headers this process has already validated, by their
/// entries: a folder of replays, or one replay verified again and again (a bench, a
/// server), mostly repeats one balance, and validating it was a tenth of verifying a
/// typical replay. Only balances that passed are kept, so a bad header is always
/// validated and named; a hit gives exactly what validating would have.
enum HeaderBalances {
    /// The most recent few, newest last.
    private static let recent = Mutex<[Memo]>([])
    private static let kept = 4

    private struct Memo: Sendable {
        let balance: [RawEntry]
        let challenges: [RawEntry]
        let validated: Balance
    }

    /// The validated balance of these entries, if this process has seen them pass.
    static func validated(balance: [RawEntry], challenges: [RawEntry]) -> Balance? {
        recent.withLock { memos in
            memos.last { same($0.balance, balance) && same($0.challenges, challenges) }?.validated
        }
    }

    /// Keeps a balance that passed validation, with the entries it came from.
    static func keep(_ validated: Balance, balance: [RawEntry], challenges: [RawEntry]) {
        recent.withLock { memos in
            if memos.count == kept { memos.removeFirst() }
            memos.append(Memo(balance: balance, challenges: challenges, validated: validated))
        }
    }

    /// The same keys and values in the same order (the lines they were on only place
    /// error messages, and a kept balance had none).
    private static func same(_ a: [RawEntry], _ b: [RawEntry]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
