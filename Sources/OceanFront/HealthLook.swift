import OceanAssets
import OceanKernel

/// The ocean's look for a health value (GAME_RULES §2, "the look follows health
/// continuously"): the phase's scene (its fish, coral and trash) in the phase's
/// colours mixed toward a neighbouring phase's, by where health sits in the phase's
/// band. So a few percent of health shows in the sky, the water, the haze and the
/// light, and a phase change still has its moment (the crossfade and the stinger).
///
/// Inside a band the look is the phase's own at its floor and leans toward the next
/// phase as health rises, up to `phase.health_blend_percent` of it at the band's top;
/// crossing the bound, the rest of the difference comes with the phase's crossfade.
/// The last phase has no next: it starts half that rest back toward the one before
/// and is its own at full health. Integer arithmetic throughout: the same health
/// always gives the same pixels.
struct HealthLook: Equatable, Sendable {
    /// The phase whose scene is drawn, and whose colours are the base.
    var phase: Int
    /// The neighbouring phase whose colours are mixed in (`phase` when none are).
    var toward: Int
    /// How much of `toward`'s colours: 0…256.
    var amount: UInt32
    /// The sea's tint (GAME_RULES §6: each sea leans its colours toward its own), and
    /// how far: 0…256 (0: the theme's colours as they are).
    var tint: UInt32 = 0
    var tintAmount: UInt32 = 0

    /// Whether this is a phase's own look, as prebuilt (`ResolvedArt.backgrounds`).
    var isPure: Bool { amount == 0 && tintAmount == 0 }

    /// A phase's own look, nothing mixed in.
    static func pure(_ phase: Int) -> HealthLook { HealthLook(phase: phase, toward: phase, amount: 0) }

    /// The look of `phase` at `health` (1/10000), with `blendPercent` (0–90) of the next
    /// phase's colours at the band's top. Health outside the band (the kernel's
    /// hysteresis keeps a phase a little below its floor) counts as at its edge.
    init(phase: Phase, health: Int, rules: Rules, blendPercent: Int) {
        let p = phase.rawValue, last = Phase.allCases.count - 1
        let floor = rules.phaseFloor[p]
        let ceiling = p == last ? Rules.fullHealth : rules.phaseFloor[p + 1]
        // Where health sits in the band, 0…256.
        let position = min(256, max(0, (health - floor) * 256 / max(1, ceiling - floor)))
        let most = max(0, min(90, blendPercent)) * 256 / 100
        self.phase = p
        if last == 0 || most == 0 {
            (toward, amount) = (p, 0)
        } else if p < last {
            (toward, amount) = (p + 1, UInt32(most * position / 256))
        } else {
            (toward, amount) = (p - 1, UInt32((256 - most) / 2 * (256 - position) / 256))
        }
        if amount == 0 { toward = p }
    }

    init(phase: Int, toward: Int, amount: UInt32) {
        (self.phase, self.toward, self.amount) = (phase, toward, amount)
    }

    /// A per-phase theme colour at this look.
    @inline(__always) func colour(_ perPhase: [Int]) -> UInt32 {
        let c = Colour.mix(Colour.opaque(perPhase[phase]), Colour.opaque(perPhase[toward]), amount)
        return tintAmount == 0 ? c : Colour.mix(c, tint, tintAmount)
    }

    /// This look leaning toward a sea's tint (`SeaLook`): `percent` of the way.
    func tinted(_ rgb: Int, percent: Int) -> HealthLook {
        var look = self
        (look.tint, look.tintAmount) = (Colour.opaque(rgb), UInt32(max(0, min(100, percent)) * 256 / 100))
        return look
    }

    /// A per-phase theme number (a percentage) at this look, rounded down.
    @inline(__always) func value(_ perPhase: [Int]) -> Int {
        (perPhase[phase] * Int(256 - amount) + perPhase[toward] * Int(amount)) / 256
    }
}
