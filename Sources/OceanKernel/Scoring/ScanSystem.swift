/// A scan of a real item: logged as an outcome, which scoring and health then count
/// like a catch.
enum ScanSystem {
    static func run(_ command: Command, log: inout TickLog) {
        guard case .scan(let kind) = command else { return }
        log.outcomes.append(.scanned(kind))
    }
}
