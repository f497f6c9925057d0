/// A scan of a real item: logged as an outcome, which scoring and health then count
/// like a catch. Only the first `career.scans_per_day` scans of a calendar day give
/// progress (GAME_RULES §3); later ones are logged and reported, and count nowhere.
enum ScanSystem {
    static func run(_ command: Command, _ s: inout GameState, rules: Rules, log: inout TickLog) {
        // A scan is one real piece of trash: sea life and power-ups are no scan.
        guard case .scan(let kind) = command, rules.isTrash[kind.rawValue] else { return }
        s.scansToday += 1
        let cap = rules.career.scansPerDay
        log.outcomes.append(cap > 0 && s.scansToday > cap ? .scanLogged(kind) : .scanned(kind))
    }
}
