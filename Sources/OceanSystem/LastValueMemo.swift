import Synchronization

/// The value derived from the last key asked for, kept across threads: for work a
/// process repeats for the same key (a server deriving the day's rules and balance
/// hash for every post). One entry, compared by value; any other key is derived and
/// then kept instead.
public final class LastValueMemo<Key: Equatable & Sendable, Value: Sendable>: Sendable {
    private let last = Mutex<(key: Key, value: Value)?>(nil)

    public init() {}

    public func value(for key: Key, derive: (Key) -> Value) -> Value {
        if let kept = last.withLock({ $0 }), kept.key == key { return kept.value }
        let value = derive(key)
        last.withLock { $0 = (key, value) }
        return value
    }
}
