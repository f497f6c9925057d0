/// Every gameplay number, in the designer's units, exactly as the balance file
/// states it. The tick reads `Rules`, which derives the tick-unit values (fixed
/// point, ticks) once; the career and pet sections, already in grams, days and
/// minutes, it keeps as they are. Loading and validation happen outside the kernel:
/// `OceanBalance.BalanceSchema` lists each field with its key, unit and allowed range,
/// and the rules that tie fields together.
public struct Balance: Equatable, Sendable {
    public struct Playfield: Equatable, Sendable {
        public var widthPx = 0
        public var waterLinePx = 0
    }
    public struct Bin: Equatable, Sendable {
        public var widthPx = 0
        public var rimPx = 0
        public var accelPxPerS2 = 0
        public var maxSpeedPxPerS = 0
        public var frictionPxPerS2 = 0
    }
    public struct Items: Equatable, Sendable {
        public var gravityPxPerS2 = 0
        public var maxLive = 0
        public var spawnBurst = 0
    }
    /// One `[kind.KEY]` section: a kind of trash, known to the kernel by its place
    /// in `kinds` (an `ItemKind`) and to the data files by its key.
    public struct Kind: Equatable, Sendable {
        /// The section's name (`plastic_bottle`): how replays, sprites, names and
        /// impact factors refer to the kind.
        public var key = ""
        /// One item's real mass (the sources are cited beside it in the balance file).
        public var grams = 0
        /// 1: the kind is plastic (its grams count as plastic diverted: level, goal,
        /// pet, charts); 0: another material, counted as diverted by kind only.
        public var plastic = 0
        public var sizePx = 0
        public var terminalSpeedPxPerS = 0
        public var fallPercent = 0
        public var swaySpeedPxPerS = 0
        public var swayAccelPxPerS2 = 0
        public var spawnWeight = 0
        /// How far past the mouth's edge an item may hang and still be caught, in %
        /// of its half-width: 0, its centre must be inside the mouth; 100, any touch
        /// catches (a wide item is easy); -100, the whole item must fit.
        public var catchBodyPercent = 0
        /// An item that lands on the rim (touching the bin, not caught by its rule)
        /// bounces up once with this % of its fall speed; 0: it falls past.
        public var bouncePercent = 0
        /// 1: sea life, to be let pass (it leaps out of the water and back; catching
        /// it breaks the combo and costs health; letting it pass is never a miss).
        public var seaLife = 0
        /// The speed a sea-life item leaps out of the water with (0 for trash).
        public var leapSpeedPxPerS = 0
        /// A power-up caught like trash (never a miss when it falls past): 0 none,
        /// 1 a net (a wider bin), 2 a slack tide (slower items).
        public var powerUp = 0
        /// Spawn weight added at each tempo step of the classic game (`Tempo`): the
        /// share of this kind grows with the player's level.
        public var spawnWeightPerStep = 0

        /// A kind with this key and every number zero (a loader fills them in).
        public init(key: String = "") { self.key = key }
    }
    public struct Rounds: Equatable, Sendable {
        public var perGame = 0
        public var firstRoundItems = 0
        public var itemsAddedPerRound = 0
        public var firstSpawnDelayMs = 0
        public var firstRoundGapMs = 0
        public var gapShrinkPerRoundMs = 0
        public var minGapMs = 0
        public var speedPercentAddedPerRound = 0
        public var maxSpeedPercent = 0
        public var breakMs = 0
        /// Before the first item of every game: a 3-2-1 the front shows.
        public var countdownMs = 0
        /// Round 1's fall speed, % of the kinds' speeds (a slower round that teaches).
        public var firstRoundSpeedPercent = 100
        /// 1: every item dropped is catchable by a perfect player (`SpawnSystem`); 2: the
        /// same, with each reach counted from when the item appears (1, older rules,
        /// may count it from an earlier point of the plan).
        public var fairSpawn = 0
        /// Time a perfect player keeps in hand for each move of the plan.
        public var reachSlackMs = 0
        /// How far inside the bin's mouth the plan keeps each catch.
        public var reachMarginPx = 0
    }
    /// The classic game grows with the career (`GAME_RULES` §1): every
    /// `levelsPerStep` levels is one tempo step, up to `maxSteps`; each step makes
    /// rounds 2 and later fall faster and come sooner (round 1 still teaches) and
    /// adds each kind's `spawnWeightPerStep`. Fixed at a game's start.
    public struct Tempo: Equatable, Sendable {
        public var levelsPerStep = 1
        public var maxSteps = 0
        public var speedPercentPerStep = 0
        public var gapMsPerStep = 0
    }
    /// What a caught power-up does, and for how long.
    public struct Power: Equatable, Sendable {
        /// A net: the bin's mouth this % of its width.
        public var netMs = 0
        public var netWidthPercent = 100
        /// A slack tide: items (and the spawner) move at this % of their speed.
        public var tideMs = 0
        public var tideSpeedPercent = 100
    }
    /// Arcade mode (`GAME_RULES` §1): rounds keep coming, each faster and denser, up to
    /// these caps; a budget of misses ends the game; a round cap ends it as cleared.
    public struct Arcade: Equatable, Sendable {
        /// Misses a game may take; the one that empties the budget ends it.
        public var missBudget = 0
        /// Misses a perfect round gives back (never above the budget).
        public var perfectRoundRefund = 0
        /// The round that, finished, ends the game as cleared.
        public var roundCap = 0
        /// Items in a round grow as in classic games, up to this.
        public var maxRoundItems = 0
        /// Gaps shrink as in classic games, down to this.
        public var minGapMs = 0
        /// Falls speed up as in classic games, up to this % of the kinds' speeds.
        public var maxSpeedPercent = 0
        /// Past the round that reaches `maxRoundItems`, each round spawns this many
        /// more again (0: the tempo holds): a longer round gives a miss back more
        /// rarely, so the chance of losing one keeps rising, with no plateau, while the
        /// fair spawner still proves each item catchable.
        public var lateItemsPerRound = 0
    }
    public struct Scoring: Equatable, Sendable {
        public var pointsPerCatch = 0
        public var comboStep = 0
        public var multiplierCap = 0
        public var perfectGameBonus = 0
    }
    public struct Health: Equatable, Sendable {
        public var start = 0
        public var perScan = 0
        public var perCatch = 0
        public var perMiss = 0
        /// Grams one scan adds; 0: the scanned kind's own mass (GAME_RULES §3).
        public var scanGrams = 0
        public var stabilizingFrom = 0
        public var recoveringFrom = 0
        public var flourishingFrom = 0
        public var thrivingFrom = 0
        public var hysteresis = 0
        /// How far one calendar day's play and scans may lift health above, or
        /// drop it below, where the day began (`Rules.fullHealth`: no limit).
        public var dailyRiseCap = 0
        public var dailyFallCap = 0
        /// 1: the caps hold the day's net effect (its catches, misses and scans
        /// summed, in any order); 0: each event is clamped as it comes.
        public var dailyCapOnSum = 0
        /// A sea-life item caught (it should have been let pass): health lost.
        public var perSeaLife = 0
        /// The share of the day's rise cap open before any plastic is diverted today,
        /// in %; the rest opens in step with today's plastic against the daily goal
        /// (100: the whole cap from the start, however the day goes).
        public var riseOpenPercent = 100
        /// Today's plastic opens the rest of the cap from this % of the daily goal up
        /// to the goal (0: from the first gram).
        public var riseOpensFromPercent = 0
        /// How much smaller the day's rise cap is at full health than at none, in %:
        /// a cleaner ocean heals more slowly (0: the same cap at every health).
        public var riseCapDropPercent = 0
        /// The mastery part of the day's rise cap (GAME_RULES §2: above average, skill
        /// still heals): opened by the day's cleanest finished game, all of it for a
        /// game without a miss, less for each miss, none from `masteryMisses` misses
        /// on (0: no mastery part).
        public var masteryRise = 0
        public var masteryMisses = 1
        /// 1: a challenge's or milestone's health reward is added on top of the day's
        /// rise cap (it raises the cap by as much), so a reward is never swallowed by a
        /// day already healed in full; 0: it counts in the day's net like a catch.
        public var rewardsOverCap = 0
    }

    public struct Career: Equatable, Sendable {
        /// Plastic for level 2; each later level costs `levelGrowthPercent` % more
        /// than the one before, up to `maxGramsPerLevel` (0: no ceiling).
        public var gramsPerLevel = 0
        public var levelGrowthPercent = 0
        public var maxGramsPerLevel = 0
        /// Scans that give progress in one calendar day (0: all); later ones are
        /// only logged.
        public var scansPerDay = 0
        public var maxLevel = 0
        /// The first level of each title after Beach Cleaner, in `Title` order.
        public var shoreGuardianFrom = 0
        public var reefProtectorFrom = 0
        public var oceanStewardFrom = 0
        public var seaChampionFrom = 0
        public var marineHeroFrom = 0
        public var oceanLegendFrom = 0
        public var oceanMasterFrom = 0
        public var dailyGoalGrams = 0
        /// Right answers, each on a later day, that master a card (the quiz's last
        /// Leitner box; before the quiz: days a card was studied).
        public var masteryDays = 0
        /// Days a card waits after its first right answer before it asks again.
        public var firstReviewDays = 0
        /// Each further right answer waits this % of the wait before (200: doubles).
        public var reviewGrowthPercent = 0
        public var absenceHealthPerDay = 0
        public var reefDefenderStreak = 0
        public var oceanSentinelStreak = 0
        public var oceanHeroHealthAbove = 0
        public var comboMasterCombo = 0
        public var plasticHaulerGrams = 0
        public var goalGetterDays = 0
        public var earlyBirdBeforeMinute = 0
    }
    public struct Pet: Equatable, Sendable {
        public var childFromGrams = 0
        public var teenFromGrams = 0
        public var adultFromGrams = 0
        public var elderFromGrams = 0
        public var missingYouDays = 0
        public var excitedCombo = 0
        public var excitedMs = 0
        public var happyMs = 0
        public var sleepyFromMinute = 0
        public var sleepyUntilMinute = 0
        public var sleepyIdleMs = 0
        public var outdoorFromMinute = 0
        public var outdoorUntilMinute = 0
    }

    /// A sea of the career (GAME_RULES §6), a `[sea.KEY]` section: the seas open in
    /// the file's order, each when the one before reaches Thriving. Each has its own
    /// health and phase; it heals at its own pace and slowly loses health while the
    /// player plays elsewhere.
    public struct Sea: Equatable, Sendable {
        public let key: String
        /// This sea's daily rise cap, in % of `health.daily_rise_cap` (a later sea
        /// heals more slowly).
        public var riseCapPercent = 0
        /// Health it loses for each day the player spends away from it (another sea
        /// chosen, or no play at all), once opened (1/10000).
        public var neglectPerDay = 0
        /// Its mix of kinds: sea life comes this % as often as the kinds' weights say
        /// (a reef teems with fish; the Arctic has few).
        public var seaLifePercent = 100

        public init(key: String) { self.key = key }
    }

    public var playfield = Playfield()
    public var bin = Bin()
    public var items = Items()
    /// The kinds of trash, in the balance file's order (the order is part of the
    /// state: an item's kind and every per-kind tally are indices into it).
    public var kinds: [Kind] = []
    /// The seas, in the order they open (none: one sea, the ocean, as before seas).
    public var seas: [Sea] = []
    public var rounds = Rounds()
    public var arcade = Arcade()
    public var tempo = Tempo()
    public var power = Power()
    public var scoring = Scoring()
    public var health = Health()
    public var career = Career()
    public var pet = Pet()
    /// The challenge table (`assets/challenges.toml`), in the file's order; empty:
    /// no challenges (as replays recorded before them play).
    public var challenges: [ChallengeTemplate] = []
    /// The quiz cards' keys (`assets/content/flashcards.toml`), in the file's order: a
    /// card's progress is an index into it; empty: no quiz. Only the keys are rules (a
    /// card's words are content). A loader that reads no card file keeps the twelve
    /// every replay before format 13 played.
    public var cardKeys: [String] = Flashcards.firstTwelveKeys

    /// All fields zero: only a starting point for a loader, never a playable balance.
    public init() {}
}
