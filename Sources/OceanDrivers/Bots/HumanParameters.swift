import OceanKernel

/// The human bot's numbers as functions of its skill s (0 to 100): "the bot at
/// parameter s". Each is set at s = 0, 50 and 100 and linear in between (the aim
/// error is quadratic); skill 0 is a distracted first-timer, 50 a typical adult, 100
/// a trained player at the human limits the literature reports.
///
/// | parameter | s = 0 | s = 50 | s = 100 | source |
/// |---|---|---|---|---|
/// | display + input latency | 83 ms (5 ticks) | 67 ms (4) | 50 ms (3) | a 60 Hz display with vsync shows a frame 1–3 refreshes after it is simulated, USB HID polls at 125 Hz (8 ms) and the game samples input once a frame: 50–85 ms end to end, as measured on PCs by Ivkovic et al., CHI 2015 (local latencies 23–243 ms, typical setups 50–90 ms); a trained player's setup is the faster one |
/// | latency compensation | 50 % | 75 % | 100 % | people predict their own movement over a constant feedback delay with an internal forward model (Miall, Weir, Wolpert & Stein 1993, "Is the cerebellum a Smith predictor?"; Wolpert, Ghahramani & Jordan 1995) and adapt to a visual delay only partly at first (Cunningham, Billock & Tsou 2001) |
/// | choice reaction, intercept a | 250 ms | 180 ms | 130 ms | Hick–Hyman law RT = a + b·log2(n + 1) (Hick 1952; Hyman 1953); a is about one simple visual reaction time: 180–250 ms in adults (Welford 1980; Kosinski 2008's review), 130–160 ms in the fastest trained players |
/// | choice reaction, slope b | 150 ms/bit | 75 ms/bit | 20 ms/bit | Hick 1952: 0.518 s per decimal log unit, about 156 ms/bit; Hyman 1953: 125–190 ms/bit; a spatially compatible response (move toward the item) and practice flatten it to a few tens of ms/bit (Mowbray & Rhoades 1959; Teichner & Krebs 1974's review) |
/// | look-ahead | bin within 23 px | 120 px | anywhere | how near the item it chases the bin must be before the player chooses the next one; experts preview and anticipate further ahead (Salthouse 1984, typists' preview; Williams, Davids & Williams 1999, anticipation in sport) |
/// | aim error (landing misread when an item is picked) | 62 px | 17 px | 2 px | the earlier bot's quadratic curve at half its size (its 122 px at skill 0 was set for a bot that acted at once on each look; with real reaction times a misread that large left no time to correct); watching an item 2/3 s halves it |
/// | misreading of a drifting item | × (1 + drift / 35 px) | same | same | the aim error grows with how far the item will drift sideways before it lands: people extrapolate a path from its average speed and hardly sense its acceleration (Werkhoven, Snippe & Toet 1992; Brouwer, Brenner & Smeets 2002), so a fluttering bag's landing is misread more than a straight drop's (`HumanBot.driftScalePx`) |
/// | key-release timing, SD | 50 ms | 35 ms | 20 ms | coincidence-anticipation timing (releasing as a moving thing reaches a mark): variable errors of 20–50 ms, smaller with practice (Belisle 1963; Williams, Jasiewicz & Simmons 2001; Tresilian 1999's review) |
/// | pointer: Fitts intercept a | 200 ms | 150 ms | 100 ms | Fitts' law MT = a + b·log2(D/W + 1) (Fitts 1954; Shannon form, MacKenzie 1992); MacKenzie 1992 lists mouse intercepts of about 100–200 ms |
/// | pointer: Fitts slope b | 170 ms/bit | 135 ms/bit | 100 ms/bit | MacKenzie 1992: mouse slopes of about 100–170 ms/bit; Card, English & Burr 1978: 96 ms/bit for practised mouse users |
/// | pointer: endpoint scatter, SD | 6 % of D | 4.5 % of D | 3 % of D | rapid aimed movements end with a spread proportional to their amplitude (Schmidt, Zelaznik, Hawkins, Frank & Quinn 1979), a few % of D; Fitts' effective width We = 4.133·SD (MacKenzie 1992) |
///
/// Detection is counted once: an item is in view from its onset, and the choice among
/// the n items in view and above the rim takes the Hick–Hyman time from that onset
/// (its intercept a is a simple reaction time, detection included); the response
/// starts when it ends and reaches the game one latency later. A lone new item is
/// thus answered in latency + a + b: 483 / 322 / 200 ms at s = 0 / 50 / 100, against
/// a median adult's 200–250 ms simple visual reaction plus 50–90 ms of display and
/// input latency (Welford 1980; Kosinski 2008; Ivkovic et al. 2015).
public struct HumanParameters: Equatable, Sendable {
    public let skill: Int
    /// Display plus input latency: the bot acts on what it saw this long ago.
    public let latencyMs: Int
    /// How much of its own latency the bot predicts away (its bin's motion under the
    /// keys it has pressed but the game has not yet seen), in %.
    public let latencyCompensationPercent: Int
    /// Hick–Hyman intercept a (ms), also the time to notice a new item.
    public let choiceBaseMs: Int
    /// Hick–Hyman slope b (ms per bit).
    public let choiceSlopeMs: Int
    /// The largest misreading of an item's landing when it is picked (px).
    public let aimErrorPx: Int
    /// How near the item it chases the bin must be before the player looks past it
    /// and chooses the next (px).
    public let lookAheadPx: Int
    /// Standard deviation of a key's release time around the right moment (ms).
    public let releaseJitterMs: Int
    /// Fitts' law intercept a (ms), for the pointer.
    public let fittsBaseMs: Int
    /// Fitts' law slope b (ms per bit), for the pointer.
    public let fittsSlopeMs: Int
    /// Standard deviation of a pointer movement's endpoint, in thousandths of its distance.
    public let endpointScatterPermille: Int

    public init(skill: Int) {
        let s = min(100, max(0, skill))
        self.skill = s
        func at(_ v0: Int, _ v50: Int, _ v100: Int) -> Int {
            s <= 50 ? v0 + (v50 - v0) * s / 50 : v50 + (v100 - v50) * (s - 50) / 50
        }
        latencyMs = at(83, 67, 50)
        latencyCompensationPercent = at(50, 75, 100)
        choiceBaseMs = at(250, 180, 130)
        choiceSlopeMs = at(150, 75, 20)
        // Quadratic: the first gains are the largest.
        aimErrorPx = 2 + (100 - s) * (100 - s) * 6 / 1_000
        releaseJitterMs = at(50, 35, 20)
        lookAheadPx = at(23, 120, 480)
        fittsBaseMs = at(200, 150, 100)
        fittsSlopeMs = at(170, 135, 100)
        endpointScatterPermille = at(60, 45, 30)
    }

    /// Hick–Hyman: the time to choose among `n` items in view (ms).
    public func choiceMs(items n: Int) -> Int {
        choiceBaseMs + choiceSlopeMs * HumanParameters.log2Q10(max(0, n) + 1, over: 1) / 1_024
    }

    /// Fitts' law: the time to move the pointer `distance` onto a target `width` wide
    /// (any one unit), in ms.
    public func movementMs(distance: Int, width: Int) -> Int {
        let w = max(1, width)
        return fittsBaseMs + fittsSlopeMs * HumanParameters.log2Q10(max(0, distance) + w, over: w) / 1_024
    }

    /// log2(num / den) in 1/1024 bits, for num ≥ den > 0, in integers only (the bot
    /// stays the same on every machine): the whole part by doubling the divisor, then
    /// ten bits of fraction by repeated squaring.
    static func log2Q10(_ num: Int, over den: Int) -> Int {
        precondition(den > 0 && num >= den && num < 1 << 32)
        var whole = 0
        var d = den
        while num >= 2 * d {
            d *= 2
            whole += 1
        }
        // num / d in [1, 2), as 2.30 fixed point.
        var v = (num << 30) / d
        var fraction = 0
        for bit in stride(from: 9, through: 0, by: -1) {
            v = (v * v) >> 30
            if v >= 2 << 30 {
                v >>= 1
                fraction |= 1 << bit
            }
        }
        return whole * 1_024 + fraction
    }
}
