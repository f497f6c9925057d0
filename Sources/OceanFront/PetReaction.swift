import OceanAssets
import OceanKernel

/// How the pet answers its events on screen, as the view observes them: an
/// evolution (`petEvolved`: the panel flashes, the pet flickers white and sparkles
/// burst from it for `pet.evolve_ms`) and a mood change (`petMoodChanged`: the pet
/// bounces and the new mood's icon pops over its head for `pet.mood_ms`). Only the
/// ticks they started on are kept, so the show follows the tick like every effect.
struct PetReaction: Sendable {
    private(set) var evolvedAt = Int.min / 2
    private(set) var moodChangedAt = Int.min / 2
    /// Ticks each show lasts.
    let evolveTicks: Int
    let moodTicks: Int

    init(theme: Theme) {
        evolveTicks = max(1, Fixed.ticks(ms: theme.petEvolveMs))
        moodTicks = max(1, Fixed.ticks(ms: theme.petMoodMs))
    }

    /// Notes a pet event seen on `tick`; ignores every other event.
    mutating func observe(_ event: Event, tick: Int) {
        switch event {
        case .petEvolved: evolvedAt = tick
        case .petMoodChanged: moodChangedAt = tick
        default: break
        }
    }

    /// How far through the evolution's show `tick` plus `fraction` is (0..<1), or nil
    /// when none is showing.
    func evolution(tick: Int, fraction: Double) -> Double? { progress(since: evolvedAt, of: evolveTicks, tick, fraction) }

    /// How far through the mood change's show, or nil.
    func moodChange(tick: Int, fraction: Double) -> Double? { progress(since: moodChangedAt, of: moodTicks, tick, fraction) }

    private func progress(since start: Int, of ticks: Int, _ tick: Int, _ fraction: Double) -> Double? {
        let t = (Double(tick - start) + fraction) / Double(ticks)
        return t >= 0 && t < 1 ? t : nil
    }
}
