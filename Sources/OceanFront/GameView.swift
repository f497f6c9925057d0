import OceanAssets
import OceanBalance
import OceanKernel

/// The game's picture: watches the kernel's states and events (`observe`) and draws
/// any moment between two ticks into a framebuffer (`render`). Plain Swift, no
/// window: the platform layer presents the pixels, tests read them.
///
/// Nothing here touches the kernel's random stream; cosmetic variety comes from a
/// private generator seeded by the replay's seed, and animation follows the tick,
/// so the same replay renders the same pixels.
public final class GameView {
    /// The fixed logical resolution.
    public static let width = 640, height = 360

    /// Draws the pause menu (`pauseMenu`) over the game when true.
    public var paused = false
    /// The menu over a paused game: what it shows and which row is chosen.
    public var pauseMenu = PauseMenu()
    /// A message over the top of the screen until its tick (the balance reloaded, or why not).
    public var notice: Notice?
    /// The last game's place in its high-score table, said on its summary ("NEW
    /// BEST!", "3rd best"); nil when it made no table or none is kept.
    public var highScoreRank: Int?
    /// Where the text boxes of each frame go, for a layout test (nil in play).
    public var textLog: TextBoxLog?
    /// The last line of the summary after a game: what the player does next.
    public var summaryHint = "Space to play again"
    /// "Assist: 80% speed, 120% bin" when the games are played with assist mode: the
    /// summary says so (as the high scores and the replay's header do).
    public var assistNote: String?
    /// A line under the summary's title about where the game went (the Daily Ocean:
    /// "Official run" or "Practice", what the server answered).
    public var summaryNote: SummaryNote?
    /// The controls' hint until the first catch, naming the keys the player bound.
    public var controlsHint = GameView.standardControlsHint
    /// The lowest the game's own hints may reach (the controls' hint over the sea band):
    /// a watched replay's strip takes the screen's foot below this.
    public var hintFloor = GameView.height
    /// Whether screen changes move (the theme's motion tokens: `EnterMotion`). A still
    /// of a tick (`ocean replay render`) shows its screen settled.
    public var motion = true

    private(set) var assets: FrontAssets
    let rules: Rules
    /// The impact factors in the order of the balance's kinds.
    let impact: ImpactFactors
    /// Each sea's tint, in the balance's order (`seaTints`).
    private(set) var seaTints: [(rgb: Int, percent: Int)] = []
    private(set) var layout: Layout
    private(set) var art: ResolvedArt
    private(set) var scene: OceanScene
    private(set) var hud: Hud
    private(set) var overlays: GameOverlays

    /// The bin's x at the previous and the current tick, for interpolation.
    var binFrom: Int
    var binTo: Int
    /// The Daily Ocean's ghost bin (the day's best run) at the last two ticks, kernel x;
    /// nil when there is none to race (`observeGhost`).
    private var ghostFrom: Int?
    private var ghostTo: Int?
    var popups: EffectPool
    var splashes: EffectPool
    var crossfade: Crossfade
    /// The backdrop at the health's look (`HealthLook`) and the one a phase change
    /// fades from, each painted again only when its look changes (a catch or a miss
    /// moves health), so a frame still starts with one copy. Nil: not painted yet.
    var backdrop: [UInt32]
    var backdropLook: HealthLook?
    /// The backdrop with the slack tide's tint on it, and what it was made from (sized
    /// with the other backdrops, so a frame under the tide allocates nothing).
    var tintedBackdrop: [UInt32] = []
    var tintedLook: HealthLook?
    var tintedColour: UInt32 = 0, tintedAlpha: UInt32 = 0
    /// False: the tide's tint blended over the whole sky after the ocean is drawn, the
    /// plain way, which the tests hold the tinted copy's pixels to.
    var fusesTide = true
    /// False: the sea-life hit flash blended band by band, the plain way, which the
    /// tests hold its ramps of columns to.
    var rampsFlash = true
    var fadingBackdrop: [UInt32]
    var fadingLook: HealthLook?
    /// The theme's motion tokens, the tick the screen last changed (a game started or
    /// ended), and the frame under a changing screen's content (`EnterMotion`).
    let enterMotion: EnterMotion
    var screenSince = Int.min / 2
    var under: [UInt32]
    /// The pet's reactions to its evolution and mood changes.
    var petReaction: PetReaction
    private(set) var petPortrait: PetPortrait
    /// The last game's summary, shown while idle after it.
    var summary: GameSummary?
    var observedAny = false
    /// Challenges completed or missed and milestones reached, for a few seconds each.
    var toasts: ToastStack
    /// What today's and this week's challenges say (made when they change).
    var dailyWords = ChallengeWords()
    /// Today's challenge in one line, for the compact HUD during a game.
    var compactDailyWords = ChallengeWords()
    var weeklyWords = ChallengeWords()
    /// The career's items per kind when the current (or last) game began, and the
    /// impact of the last game's catches, shown on its summary (nil when unknown: a
    /// watched replay that jumped past the game's start).
    var kindsAtStart: [Int]
    var gameImpact: ImpactWords?
    /// The game's moments so far (GAME_RULES: a new level, the pet's stage, a phase, a
    /// new sea, a challenge's reward), each made once when its event comes; the
    /// summary lists them (`GameOverlays.summary`).
    private(set) var moments: [String] = []
    /// The moments wrapped to the summary's column (made again for a new theme).
    private(set) var momentLines: [String] = []
    /// The tick being observed (`moment` tells the game's end tick from later ones).
    private var observedTick = Int.min
    /// Catches that feel like wins: particles, the bin's squash, a combo's call-out or
    /// a perfect round's, a banner for a level-up or a new phase.
    var particles: ParticlePool
    var squash: Squash
    var callout = Flash()
    var banner = Flash()
    /// The game's misses when the current round began: a round ended with none more is perfect.
    var missesAtRoundStart = 0
    /// The cosmetic stream's seed (the replay's), for restyling.
    let seed: UInt64
    /// Each kind's main colour, for its catch's particles.
    private(set) var kindColours: [UInt32]
    /// The trash that floats on a polluted sea: the trash kinds' sprites (no sea life,
    /// no power-up), kept so a frame allocates nothing.
    private(set) var debris: [Bitmap]
    /// Columns the floating trash keeps out of while a menu's entries stand over the
    /// water line (set by the career's screens), or nil.
    var debrisClear: Range<Int>?
    /// The career this game counts in when it lives in another session (the Daily
    /// Ocean's game is a session of its own): the panels show its level, streak,
    /// goal, challenge, ocean and pet, and the game's own career news (a level from
    /// zero) is not shown. The sea drawn stays the game's.
    public var careerShown: GameState?
    /// Sea life caught or let pass, bounces, the powers' words (`KindCues`).
    var kindCues: KindCues

    /// Effects kept at once; the oldest is reused past this.
    static let poolCapacity = 32
    /// Particles in flight at once; the oldest is reused past this.
    static let particleCapacity = 160

    /// A sprite's most common colour (its body): a caught item's particles are this colour.
    static func mainColour(_ sprite: Bitmap) -> UInt32 {
        var counts: [UInt32: Int] = [:]
        for p in sprite.pixels where p != 0 { counts[p, default: 0] += 1 }
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key < $1.key) }?.key ?? 0xFFFF_FFFF
    }

    public init(assets: FrontAssets, rules: Rules, seed: UInt64) {
        self.assets = assets
        self.seed = seed
        self.rules = rules
        let theme = assets.theme
        layout = Layout(rules: rules, theme: theme, width: GameView.width, height: GameView.height,
                        cellWidth: assets.font.cellWidth)
        art = ResolvedArt(assets: assets, layout: layout, kindKeys: rules.kindKeys, seed: seed)
        impact = rules.impactFactors(assets.impact)
        scene = OceanScene(theme: theme, layout: layout, seed: seed)
        hud = Hud(theme: theme, layout: layout, rules: rules)
        overlays = GameOverlays(theme: theme, layout: layout)
        binFrom = rules.width / 2
        binTo = binFrom
        popups = EffectPool(capacity: GameView.poolCapacity, lifetimeMs: theme.popupMs)
        splashes = EffectPool(capacity: GameView.poolCapacity, lifetimeMs: theme.splashMs)
        crossfade = Crossfade(phase: .polluted, durationMs: theme.crossfadeMs)
        // Four buffers of their own (not copies sharing one, which the first write to
        // each would copy: an allocation at the first phase change or screen change).
        backdrop = [UInt32](repeating: 0, count: GameView.width * GameView.height)
        fadingBackdrop = [UInt32](repeating: 0, count: GameView.width * GameView.height)
        tintedBackdrop = [UInt32](repeating: 0, count: GameView.width * GameView.height)
        under = [UInt32](repeating: 0, count: GameView.width * GameView.height)
        enterMotion = EnterMotion(theme: theme)
        petReaction = PetReaction(theme: theme)
        petPortrait = PetPortrait(art: art.pet, still: theme.reducedMotion)
        toasts = ToastStack(theme: theme)
        kindsAtStart = rules.zeroPerKind
        particles = ParticlePool(capacity: GameView.particleCapacity, lifetimeMs: theme.particleMs, seed: seed)
        squash = Squash(durationMs: theme.squashMs)
        kindColours = art.items.map(GameView.mainColour)
        debris = GameView.trashSprites(art.items, rules: rules)
        kindCues = KindCues(rules: rules, theme: theme)
        seaTints = GameView.seaTints(rules, assets)
        hud.seaLabels = rules.seaKeys.map { assets.seas.look($0).short + " " }
    }

    /// Once after every kernel step with that step's events (and once before the
    /// first step, with none): spawns popups, splashes and phase crossfades, and
    /// keeps what interpolation needs.
    public func observe(_ state: GameState, events: [Event]) {
        if !observedAny {
            observedAny = true
            binTo = state.bin.x
            crossfade.from = state.phase
            crossfade.to = state.phase
            noteKindsAtStart(state)
        }
        binFrom = binTo
        binTo = state.bin.x
        let tick = state.tick
        observedTick = tick
        popups.expire(tick: tick)
        splashes.expire(tick: tick)
        toasts.expire(tick: tick)
        particles.expire(tick: tick)
        kindCues.expire(tick: tick)
        for event in events {
            switch event {
            case .caught(let kind, let grams, let combo, let points, _, let itemX):
                // Plastic shows its grams of plastic; a can, cardboard or glass (another
                // material, counted by kind) its points. Where the kernel judged the catch.
                let x = layout.x(Double(itemX))
                let plastic = rules.isPlastic[kind.rawValue] && grams > 0
                spawnPopup(x: x, value: plastic ? grams : points, inGrams: plastic, tick: tick)
                celebrate(kind: kind, x: x, combo: combo, tick: tick)
            case .roundStarted:
                missesAtRoundStart = state.game.misses
            case .roundEnded(let round):
                if state.game.misses == missesAtRoundStart {
                    show(&callout, "Perfect round!", round == rules.roundsPerGame ? "Not one missed!" : "Not one missed",
                         colour: assets.theme.calloutPerfect, ms: assets.theme.calloutMs, tick: tick)
                }
            case .levelUp(let level, let title) where careerShown == nil:
                levelUp(level, title, tick: tick)
            case .missed(_, let itemX):
                splashes.spawn(x: layout.x(Double(itemX)), y: layout.waterY, value: 0, tick: tick)
            case .phaseChanged(let from, let to):
                crossfade.from = crossfade.to
                crossfade.to = to
                crossfade.started = tick
                show(&banner, to.name.uppercased(), to > from ? "The ocean is healing" : "The ocean is suffering",
                     colour: assets.theme.banner, ms: assets.theme.bannerMs, tick: tick)
                moment(to > from ? "The ocean is \(to.name)!" : "The ocean fell to \(to.name)")
            case .petEvolved(let stage) where careerShown == nil:
                petReaction.observe(event, tick: tick)
                moment("Your pet grew: \(stage.name) \(state.career.pet.form.name)")
            case .petMoodChanged:
                petReaction.observe(event, tick: tick)
            case .gameStarted:
                screenSince = tick
                summary = nil
                moments.removeAll(keepingCapacity: true)
                momentLines.removeAll(keepingCapacity: true)
                highScoreRank = nil
                gameImpact = nil
                noteKindsAtStart(state)
            case .gameOver(let s):
                screenSince = tick
                summary = s
                // The game's last popups end with it: the summary counts them, and they
                // would rise over its panels and toasts.
                popups.clear()
                gameImpact = ImpactWords(impactSinceStart(state))
            case .challengeCompleted, .challengeFailed, .milestoneReached, .healedAllToday, .masteryHealed, .seaOpened:
                guard careerShown == nil else { break }
                noteMoment(event)
                if let toast = Toast.from(event, rules: rules, texts: assets.challengeTexts, seas: assets.seas, columns: toastColumns,
                                              tick: tick) {
                    toasts.push(toast)
                }
            case .sessionBegan(_, let days) where days >= 2:
                // Back after days away: what the absence cost, in one toast.
                toasts.push(Toast.away(days: days, events: events, columns: toastColumns, tick: tick))
            case .dateWentBack(let from, let to):
                // A clock set back: the career stays on its later day, and says so.
                toasts.push(Toast.clockWentBack(from: from, to: to, columns: toastColumns, tick: tick))
            case .seaLifeCaught, .passed, .bounced, .powerUp:
                observeKind(event, tick: tick)
            default:
                break
            }
        }
    }

    private func levelUp(_ level: Int, _ title: Title, tick: Int, atEnd: Bool = false) {
        show(&banner, "LEVEL UP!", "Level \(level): \(title.name)", colour: assets.theme.banner,
             ms: assets.theme.bannerMs, tick: tick)
        moment("Level \(level): \(title.name)!", atEnd: atEnd)
    }

    /// The game counted in the career it belongs to (`careerShown`): the career's news
    /// of that tick, on this game's summary as its own moments and banners.
    public func observeCareer(_ career: GameState, events: [Event]) {
        careerShown = career
        let tick = observedTick
        for event in events {
            switch event {
            case .levelUp(let level, let title): levelUp(level, title, tick: tick, atEnd: true)
            case .goalReached: moment("Today's goal reached!", atEnd: true)
            case .streakExtended(let days): moment(days == 1 ? "A new streak: 1 day" : "Streak: \(days) days", atEnd: true)
            case .phaseChanged(let from, let to):
                moment(to > from ? "Your ocean is \(to.name)!" : "Your ocean fell to \(to.name)", atEnd: true)
            case .petEvolved(let stage): moment("Your pet grew: \(stage.name) \(career.career.pet.form.name)", atEnd: true)
            case .healedAllToday, .masteryHealed, .seaOpened, .challengeCompleted, .milestoneReached:
                if let toast = Toast.from(event, rules: rules, texts: assets.challengeTexts, seas: assets.seas, columns: toastColumns,
                                          tick: tick) {
                    toasts.push(toast)
                }
            default: break
            }
        }
    }

    /// A moment of the game in progress, or of the tick it ended on (at most
    /// `GameView.maxMoments`, the first kept); what happens later at the menu is not
    /// the game's. `atEnd`: the game's own news, told after it ended (its career's).
    private func moment(_ words: String, atEnd: Bool = false) {
        guard atEnd || summary == nil || screenSince == observedTick, moments.count < GameView.maxMoments else { return }
        moments.append(words)
        momentLines += TextWrap.lines(TextWrap.ascii(words), columns: momentColumns, maxLines: 2)
    }

    /// Characters of a moment's line on the summary (the playfield's column).
    private var momentColumns: Int {
        let t = assets.theme
        return (layout.screenWidth - 2 * (t.panelWidthPx + 2 * t.marginPx))
            / (assets.font.cellWidth * overlays.middleScale(cellWidth: assets.font.cellWidth))
    }

    /// The moments a challenge, a milestone or a new sea make: where the reward went.
    private func noteMoment(_ event: Event) {
        switch event {
        case .challengeCompleted(let c):
            moment("\(c.period == .weekly ? "Weekly" : "Daily") challenge: " + ChallengeWords.reward(grams: c.rewardGrams, health: c.rewardHealth))
        case .milestoneReached(let i) where i >= 0 && i < rules.challenges.count:
            let reward = ChallengeWords.reward(grams: rules.challenges[i].rewardGrams, health: rules.challenges[i].rewardHealth)
            moment("\(ChallengeWording.milestone(i, rules: rules, texts: assets.challengeTexts)): \(reward)")
        case .seaOpened(let i) where i < rules.seaKeys.count:
            moment("\(assets.seas.look(rules.seaKeys[i]).name) opened!")
        default:
            break
        }
    }

    static let maxMoments = 4

    /// After a seek or a step back in a watched replay: shows `state` as if it had
    /// always been on screen (no effects in flight, no crossfade, the bin still),
    /// with `summary` as the last game's when idle after one. `observe` goes on from here.
    public func jump(to state: GameState, summary: GameSummary?) {
        observedAny = true
        binFrom = state.bin.x
        binTo = state.bin.x
        popups.clear()
        splashes.clear()
        toasts.clear()
        particles.clear()
        kindCues.clear()
        squash.born = Int.min / 2
        callout.born = Int.min / 2
        banner.born = Int.min / 2
        screenSince = Int.min / 2
        missesAtRoundStart = state.game.misses
        // Where the game began is not known from here: its summary shows no impact,
        // and no moments.
        noteKindsAtStart(state)
        gameImpact = nil
        moments.removeAll(keepingCapacity: true)
        momentLines.removeAll(keepingCapacity: true)
        crossfade.from = state.phase
        crossfade.to = state.phase
        crossfade.started = Int.min / 2
        self.summary = summary
    }

    /// Draws with another theme from the next frame on (the pause menu's Theme): the
    /// theme's layout, art and panels, the game and its effects where they are.
    public func restyle(_ newAssets: FrontAssets) {
        assets = newAssets
        let theme = newAssets.theme
        layout = Layout(rules: rules, theme: theme, width: GameView.width, height: GameView.height,
                        cellWidth: newAssets.font.cellWidth)
        art = ResolvedArt(assets: newAssets, layout: layout, kindKeys: rules.kindKeys, seed: seed)
        scene = OceanScene(theme: theme, layout: layout, seed: seed)
        hud = Hud(theme: theme, layout: layout, rules: rules)
        overlays = GameOverlays(theme: theme, layout: layout)
        petPortrait = PetPortrait(art: art.pet, still: theme.reducedMotion)
        kindColours = art.items.map(GameView.mainColour)
        debris = GameView.trashSprites(art.items, rules: rules)
        kindCues = KindCues(rules: rules, theme: theme)
        seaTints = GameView.seaTints(rules, newAssets)
        hud.seaLabels = rules.seaKeys.map { newAssets.seas.look($0).short + " " }
        // The backdrops were painted in the old colours: painted again on the next frame.
        backdropLook = nil
        fadingLook = nil
        // Words wrapped to the old panels' widths are made again for the new ones.
        dailyWords = ChallengeWords()
        momentLines = moments.flatMap { TextWrap.lines(TextWrap.ascii($0), columns: momentColumns, maxLines: 2) }
        compactDailyWords = ChallengeWords()
        weeklyWords = ChallengeWords()
    }

    /// The pause menu's row under a point of the screen, if any (a click on it).
    public func pauseRow(atX x: Int, y: Int) -> Int? {
        let lines = pauseHelpLines().count
        return (0..<pauseMenu.rowCount).first {
            overlays.pauseRow($0, count: pauseMenu.rowCount, cellHeight: assets.font.cellHeight, helpLines: lines).contains(x: x, y: y)
        }
    }

    /// The pause menu's help cut into the panel's lines, made again only when the help
    /// or the panel's width changes (not per frame).
    private var pauseHelp = (text: "", columns: 0, lines: [String]())
    func pauseHelpLines() -> [String] {
        let text = pauseMenu.help, columns = overlays.pauseHelpColumns(cellWidth: assets.font.cellWidth)
        if pauseHelp.text != text || pauseHelp.columns != columns {
            pauseHelp = (text, columns, TextWrap.lines(text, columns: columns, maxLines: 3))
        }
        return pauseHelp.lines
    }

    /// Keeps the career's items per kind as a game begins (in storage of its own: a
    /// copy of the state's array would make the kernel copy it on its next catch).
    func noteKindsAtStart(_ state: GameState) {
        for i in kindsAtStart.indices where i < state.career.kindCounts.count { kindsAtStart[i] = state.career.kindCounts[i] }
    }

    /// The impact of the items caught since the game began: the career's items per
    /// kind now, less those at the start.
    func impactSinceStart(_ state: GameState) -> Impact {
        var impact = Impact()
        for k in state.career.kindCounts.indices where k < kindsAtStart.count {
            let n = state.career.kindCounts[k] - kindsAtStart[k]
            if n > 0 { impact.add(Impact(saturatingKind: ItemKind(rawValue: k), count: n, factors: self.impact)) }
        }
        return impact
    }

    /// A catch's win: the bin squashes, a burst in the item's colour, and a call-out
    /// when the combo reaches 5, 10, 20 or 40.
    func celebrate(kind: ItemKind, x: Int, combo: Int, tick: Int) {
        let theme = assets.theme
        squash.born = tick
        let colour = kind.rawValue < kindColours.count ? kindColours[kind.rawValue] : Colour.opaque(theme.popup)
        particles.burst(count: theme.particles, x: x, y: binTop, colour: colour, speed: theme.particleSpeedPxPerS, tick: tick)
        if let words = ComboCallout.words(for: combo) {
            show(&callout, words.title, words.subtitle, colour: theme.callout, ms: theme.calloutMs, tick: tick)
        }
    }

    func show(_ flash: inout Flash, _ title: String, _ subtitle: String, colour: Int, ms: Int, tick: Int) {
        flash = Flash(title: title, subtitle: subtitle, colour: colour, born: tick, lifetime: max(1, Fixed.ticks(ms: ms)))
    }

    /// A "+N g" popup over a catch at screen x, starting just above the bin's hop. Catches
    /// close together, on one tick or a few apart, stack their popups a line apart
    /// instead of printing one over another.
    func spawnPopup(x: Int, value: Int, inGrams: Bool, tick: Int) {
        let s = assets.theme.fontScale
        // "+N g" (or "+N") and a character's margin, so popups side by side keep a space between.
        let width = assets.font.width(ofCharacters: (inGrams ? 4 : 2) + TextPen.characters(of: value), scale: s)
        let line = assets.font.cellHeight * s + assets.theme.lineGapPx
        // Its text's foot clear of the bin at the top of its hop.
        let y = popups.clearY(x: x, y: binTop - assets.theme.bouncePx, width: width, pitch: line, risePx: assets.theme.popupRisePx, tick: tick)
        popups.spawn(x: x, y: y, value: value, inGrams: inGrams, width: width, tick: tick)
    }

    /// The top of a popup's text at `tick` plus `fraction`: a line above where it
    /// started, risen with its age.
    func popupTop(_ e: EffectPool.Effect, tick: Int, fraction: Double) -> Int {
        let age = popups.age(e, tick: tick, fraction: fraction)
        return e.y - assets.font.cellHeight * assets.theme.fontScale - Int(Double(assets.theme.popupRisePx) * age)
    }

    /// Draws the moment `fraction` (0…1) of the way from the previous tick to `state`.
    /// Any number of times per tick; allocates nothing once warm.
    public func render(_ state: GameState, fraction: Double, into framebuffer: inout Framebuffer) {
        let f = fraction.isNaN ? 1 : min(1, max(0, fraction))
        let (w, h) = (framebuffer.width, framebuffer.height)
        precondition(w == GameView.width && h == GameView.height, "the framebuffer must be 640×360")
        let theme = assets.theme
        // Animation time follows the ticks, so a replay's frame is the same every run.
        let seconds = max(0, Double(state.tick - 1) + f) / Double(Fixed.ticksPerSecond)
        framebuffer.pixels.withUnsafeMutableBufferPointer { buffer in
            let canvas = Canvas(pixels: buffer, width: w, height: h)
            let tinted = drawOcean(canvas, state: state, fraction: f, seconds: seconds, tide: tideTint(state))
            drawTide(canvas, state: state, seconds: seconds, tinted: tinted)
            drawItems(canvas, state: state, fraction: f)
            drawGhost(canvas, fraction: f)
            drawBin(canvas, tick: state.tick, fraction: f)
            drawNet(canvas, state: state, fraction: f)
            // In play, the bin is a box text keeps clear of (on the title and a summary it
            // is scenery, under the panels and their toasts; paused, under the pause menu).
            if let log = textLog, state.mode != .idle, !paused {
                let b = binBox(fraction: f)
                log.record(x: b.x, y: b.y, w: b.w, h: b.h, text: "[bin]")
            }
            drawParticles(canvas, tick: state.tick, fraction: f)
            drawHitFlash(canvas, tick: state.tick, fraction: f)
            let pen = TextPen(canvas: canvas, font: assets.font, shadow: Colour.opaque(theme.textShadow), log: textLog)
            drawEffects(pen, tick: state.tick, fraction: f)
            drawSparks(pen, tick: state.tick, fraction: f)
            drawKindWords(pen, tick: state.tick, fraction: f)
            // A game that just started or ended: what follows is the screen's content,
            // which enters over the still ocean.
            let entering = entrance(since: screenSince, tick: state.tick, fraction: f)
            if entering != nil { canvas.save(into: &under) }
            // The full panels on the title and a summary; during a game, the compact strip.
            if state.mode == .idle {
                drawHud(pen, state: state, fraction: f)
            } else if !(paused && pauseCoversStrip) {
                drawCompactHud(pen, state: state, fraction: f)
            }
            drawPowerTimers(pen, state: state)
            // Over the playfield, top down and each below the last: a banner (a level-up,
            // a new phase), the round break's name, a call-out ("Perfect round!" comes
            // with a round break). A banner moves down to the sea band while the title or
            // a summary is up, clear of it.
            let strip = hud.strip(cellWidth: assets.font.cellWidth, cellHeight: assets.font.cellHeight)
            // During a game, under the strip's text (which a bigger text scale lowers).
            let bannerY = state.mode == .idle ? layout.waterY + 2 * theme.lineGapPx
                : max(layout.waterY / 6, strip.left.y + strip.left.h)
            var free = 0
            // During a game, toasts stand in the upper half of the playfield, under the strip
            // (and a banner): clear of the bin and of the catches' popups.
            var toastTop = strip.height + theme.marginPx / 2 + theme.lineGapPx
            if state.mode != .idle && banner.showing(tick: state.tick) {
                let band = flashBand(banner, y: bannerY, scale: theme.bannerScale, cellHeight: assets.font.cellHeight)
                free = band.y + band.h + theme.lineGapPx
                toastTop = max(toastTop, free)
            }
            // Paused, the pause says it all: no countdown or round banner under it.
            if !paused {
                drawCountdown(pen, state: state, fraction: f)
                if state.mode == .roundBreak {
                    free = overlays.roundBreak(pen, round: GameView.shownRound(state), y: max(layout.waterY / 3, free))
                        + theme.lineGapPx
                }
            }
            if state.mode == .idle {
                if let summary {
                    overlays.summary(pen, summary, hint: summaryHint, impact: gameImpact, rank: highScoreRank, moments: momentLines, assist: assistNote,
                                     note: summaryNote)
                } else {
                    overlays.title(pen)
                }
            }
            // Call-outs belong to play.
            if state.mode != .idle && !paused {
                let y = max(calloutY, free + theme.lineGapPx)
                // Its subtitle only if the band then ends above the bin's hop (not so under a
                // banner and a round's name at `--scale 3`).
                let band = flashBand(callout, y: y, scale: theme.calloutScale, cellHeight: assets.font.cellHeight)
                drawFlash(pen, callout, y: y, scale: theme.calloutScale, tick: state.tick, fraction: f,
                          subtitled: band.y + band.h <= binTop - theme.bouncePx)
            }
            drawFlash(pen, banner, y: bannerY, scale: theme.bannerScale, tick: state.tick, fraction: f)
            if let entering { canvas.enter(over: under, t: entering, dy: enterMotion.offset(entering)) }
            if state.mode == .idle {
                drawToasts(pen, tick: state.tick, fraction: f)
            } else {
                drawToasts(pen, tick: state.tick, fraction: f, from: toastTop, to: layout.waterY / 2 - theme.lineGapPx)
            }
            if paused { overlays.pauseMenu(pen, pauseMenu, help: pauseHelpLines()) }
            drawNotice(pen, tick: state.tick)
        }
    }

    /// Whether the pause menu's panel reaches up into the strip (the bigger text of
    /// `--scale 3`): then the strip is not drawn under it (the pause says it all).
    var pauseCoversStrip: Bool {
        let cell = assets.font.cellHeight
        let panel = overlays.pausePanel(count: pauseMenu.rowCount, cellHeight: cell, helpLines: pauseHelpLines().count)
        let strip = hud.strip(cellWidth: assets.font.cellWidth, cellHeight: cell)
        return panel.y < strip.left.y + strip.left.h
    }

    /// A call-out's top: the middle of the playfield, or higher if its band (popped in)
    /// would reach the catches' popups, three of them stacked over the bin and risen.
    var calloutY: Int {
        let theme = assets.theme
        let cell = assets.font.cellHeight
        let line = cell * theme.fontScale + theme.lineGapPx
        let popups = binTop - theme.bouncePx - cell * theme.fontScale - 2 * line - theme.popupRisePx
        let band = cell * (theme.calloutScale + 1) + 2 * theme.lineGapPx + line
        return min(layout.waterY / 2, popups - band + theme.lineGapPx)
    }

    /// How far in a screen that changed on `since` is (`EnterMotion`), nil once settled
    /// or without motion.
    func entrance(since: Int, tick: Int, fraction: Double) -> UInt32? {
        motion ? enterMotion.progress(since: since, tick: tick, fraction: fraction) : nil
    }

    /// The HUD's panels, today's challenge in the left one (with its reward on the
    /// menu: `rewards`). Returns the challenge's top.
    @discardableResult
    func drawHud(_ pen: TextPen, state game: GameState, fraction: Double, rewards: Bool = false) -> Int {
        let state = panelState(game)
        dailyWords.update(state.career.daily, rules: rules, texts: assets.challengeTexts, columns: hud.challengeColumns(pen),
                          maxLines: hud.challengeLines(pen))
        return hud.draw(pen, state: state, pet: petPortrait, reaction: petReaction, fraction: fraction, daily: dailyWords,
                        rewards: rewards)
    }

    /// What the panels show: the game's state, with the career it counts in (`careerShown`).
    private func panelState(_ game: GameState) -> GameState {
        guard let career = careerShown else { return game }
        var s = game
        s.career = career.career
        (s.health, s.phase, s.healthDayStart, s.seas, s.seaIndex) = (career.health, career.phase, career.healthDayStart,
                                                                     career.seas, career.seaIndex)
        return s
    }

    /// The compact HUD along the top during a game, the pet in the corner.
    func drawCompactHud(_ pen: TextPen, state game: GameState, fraction: Double) {
        let state = panelState(game)
        compactDailyWords.update(state.career.daily, rules: rules, texts: assets.challengeTexts,
                                 columns: hud.compactChallengeColumns(pen, target: state.career.daily.target), maxLines: 1,
                                 ticker: !assets.theme.reducedMotion)
        hud.drawCompact(pen, state: state, pet: petPortrait, reaction: petReaction, fraction: fraction, daily: compactDailyWords)
    }

    /// The notice, while it lasts.
    func drawNotice(_ pen: TextPen, tick: Int) {
        if let n = notice, tick < n.until { overlays.notice(pen, n) }
    }

    /// Characters of a notice line across the screen at scale 1.
    public var noticeColumns: Int { (GameView.width - 2 * assets.theme.marginPx) / assets.font.cellWidth }

    /// Seconds of animation time at `fraction` past `state`'s tick.
    func animationSeconds(_ state: GameState, fraction: Double) -> Double {
        max(0, Double(state.tick - 1) + fraction) / Double(Fixed.ticksPerSecond)
    }

    /// The sprites of the trash kinds (all of them if a balance somehow has none).
    static func trashSprites(_ items: [Bitmap], rules: Rules) -> [Bitmap] {
        let trash = items.indices.filter { $0 < rules.isTrash.count && rules.isTrash[$0] }.map { items[$0] }
        return trash.isEmpty ? items : trash
    }

    /// The ocean without the game: the phase's backdrop at the health's look, waves,
    /// fish and floating trash.
    /// The backdrop and the ocean's living parts. With the slack tide's tint (`tide`)
    /// it draws them tinted and says so (true): the rows above anything that moves come
    /// from a tinted copy of the backdrop kept while the tint holds, and only the rows
    /// below are tinted after their waves, fish and debris are drawn: the pixels of
    /// drawing it all and then tinting, for a copy and a narrow band instead of a copy
    /// and a blend of the whole sky.
    @discardableResult
    func drawOcean(_ canvas: Canvas, state: GameState, fraction: Double, seconds: Double,
                   tide: (colour: UInt32, alpha: UInt32, strength: Double)? = nil) -> Bool {
        let theme = assets.theme
        var tinted = false
        let look: HealthLook
        if let tide, fusesTide, let source = steadyBackdrop(state: state, fraction: fraction) {
            look = source.look
            let top = max(0, min(layout.waterY, scene.highestRow(theme: theme, layout: layout, debris: debris)))
            copyTinted(canvas, from: source.pixels, look: look, colour: tide.colour, alpha: tide.alpha, rows: top)
            drawLiving(canvas, look: look, seconds: seconds)
            canvas.blend(x: 0, y: top, w: layout.screenWidth, h: layout.waterY - top, tide.colour, alpha: tide.alpha)
            tinted = true
        } else {
            look = drawBackground(canvas, state: state, fraction: fraction)
            drawLiving(canvas, look: look, seconds: seconds)
        }
        return tinted
    }

    /// The waves, fish and floating debris of `look`.
    private func drawLiving(_ canvas: Canvas, look: HealthLook, seconds: Double) {
        let theme = assets.theme
        scene.drawWaves(canvas, theme: theme, layout: layout, look: look, seconds: seconds)
        scene.drawFish(canvas, sprite: art.fish, theme: theme,
                       count: theme.fishCount[look.phase], layout: layout, seconds: seconds)
        scene.drawDebris(canvas, sprites: debris, theme: theme, count: theme.debrisCount[look.phase],
                         layout: layout, seconds: seconds, clear: debrisClear)
    }

    /// The backdrop `drawBackground` would copy whole, when it would (no phase fading in).
    private func steadyBackdrop(state: GameState, fraction: Double) -> (pixels: [UInt32], look: HealthLook)? {
        let now = look(state.phase, health: state.health, sea: state.seaIndex)
        let amount = crossfade.amount(tick: state.tick, fraction: fraction)
        if crossfade.to == state.phase && crossfade.from != state.phase && amount < 256 { return nil }
        if now.isPure { return (art.backgrounds[now.phase], now) }
        paint(now, into: &backdrop, painted: &backdropLook)
        return (backdrop, now)
    }

    /// `source` into the canvas: its first `rows` rows from the tinted copy (made again
    /// when the look or the tint changes), the rest as they are.
    private func copyTinted(_ canvas: Canvas, from source: [UInt32], look: HealthLook, colour: UInt32, alpha: UInt32, rows: Int) {
        if tintedLook != look || tintedColour != colour || tintedAlpha != alpha || tintedBackdrop.count != source.count {
            if tintedBackdrop.count != source.count { tintedBackdrop = [UInt32](repeating: 0, count: source.count) }
            let (w, h) = (canvas.width, canvas.height)
            tintedBackdrop.withUnsafeMutableBufferPointer { buffer in
                _ = buffer.baseAddress!.update(from: source, count: source.count)
                Canvas(pixels: buffer, width: w, height: h).blend(x: 0, y: 0, w: layout.screenWidth, h: layout.waterY, colour, alpha: alpha)
            }
            (tintedLook, tintedColour, tintedAlpha) = (look, colour, alpha)
        }
        let split = min(source.count, max(0, rows) * canvas.width)
        tintedBackdrop.withUnsafeBufferPointer { t in
            source.withUnsafeBufferPointer { s in
                _ = canvas.pixels.baseAddress!.update(from: t.baseAddress!, count: split)
                (canvas.pixels.baseAddress! + split).update(from: s.baseAddress! + split, count: min(source.count, canvas.pixels.count) - split)
            }
        }
    }

    /// The look of `phase` at `health` with the theme's blend, in sea `sea`'s tint.
    func look(_ phase: Phase, health: Int, sea: Int = 0) -> HealthLook {
        let look = HealthLook(phase: phase, health: health, rules: rules, blendPercent: assets.theme.healthBlendPercent)
        guard sea >= 0 && sea < seaTints.count, seaTints[sea].percent > 0 else { return look }
        return look.tinted(seaTints[sea].rgb, percent: seaTints[sea].percent)
    }

    /// Each of the balance's seas' tint, in `rules.seaKeys`' order (from the seas' looks).
    static func seaTints(_ rules: Rules, _ assets: FrontAssets) -> [(rgb: Int, percent: Int)] {
        rules.seaKeys.map { key in
            let look = assets.seas.look(key)
            return (look.tint, look.tintPercent)
        }
    }

    /// The backdrop at the health's look, or two mixed while a phase change fades in:
    /// from the old phase's look at the health now (at the edge of its band) to the new
    /// one's. Returns the look whose living things (fish, waves) to draw.
    func drawBackground(_ canvas: Canvas, state: GameState, fraction: Double) -> HealthLook {
        let now = look(state.phase, health: state.health, sea: state.seaIndex)
        let amount = crossfade.amount(tick: state.tick, fraction: fraction)
        if crossfade.to == state.phase && crossfade.from != state.phase && amount < 256 {
            let from = look(crossfade.from, health: state.health, sea: state.seaIndex)
            paint(from, into: &fadingBackdrop, painted: &fadingLook)
            paint(now, into: &backdrop, painted: &backdropLook)
            canvas.crossfade(fadingBackdrop, backdrop, t: amount)
            return amount < 128 ? from : now
        }
        if now.isPure {
            canvas.copy(from: art.backgrounds[now.phase])
        } else {
            paint(now, into: &backdrop, painted: &backdropLook)
            canvas.copy(from: backdrop)
        }
        return now
    }

    /// Paints `look`'s backdrop into `buffer` unless it already holds it.
    func paint(_ look: HealthLook, into buffer: inout [UInt32], painted: inout HealthLook?) {
        guard painted != look else { return }
        painted = look
        if look.isPure {
            buffer.withUnsafeMutableBufferPointer { b in
                art.backgrounds[look.phase].withUnsafeBufferPointer { src in
                    _ = b.baseAddress!.update(from: src.baseAddress!, count: min(b.count, src.count))
                }
            }
            return
        }
        buffer.withUnsafeMutableBufferPointer { b in
            Backdrop.paint(b, look: look, theme: assets.theme, layout: layout, coral: art.coral, seed: art.seed)
        }
    }

    /// Items have no identity (the kernel swap-removes them), so each is drawn back
    /// along its own velocity: fraction 1 is now, fraction 0 the tick before. Sea life
    /// faces the way it drifts (its sprite faces right); a power-up glows.
    /// A tick a slack tide held the water still moved nothing: its items are drawn
    /// where they are (a tick that moved them leaves the tide's clock below its
    /// percent: `PowerSystem`).
    func drawItems(_ canvas: Canvas, state: GameState, fraction: Double) {
        let still = state.tideTicksLeft > 0 && state.tideClock >= rules.tideSpeedPercent
        let back = still ? 0 : 1 - fraction
        let special = rules.hasSeaLife || rules.hasPowerUps
        for item in state.items {
            let k = item.kind.rawValue
            let sprite = art.items[k]
            let x = layout.x(Double(item.x) - Double(item.vx) * back)
            let y = layout.y(Double(item.y) - Double(item.vy) * back)
            if special && rules.powerUp[k] != .none {
                drawGlow(canvas, x: x, y: y, sprite: sprite, tick: state.tick, fraction: fraction)
            }
            canvas.blit(sprite, x: x - sprite.width / 2, y: y - sprite.height / 2,
                        flipped: special && rules.isSeaLife[k] && item.vx < 0)
        }
    }

    /// The ghost bin's x at the last tick observed (kernel fixed point), if one races.
    public var ghostX: Int? { ghostTo }

    /// Where the ghost bin stands after the tick just observed (nil: none, or its run
    /// is over). Call once a tick, after `observe`.
    public func observeGhost(x: Int?) {
        ghostFrom = ghostTo ?? x
        ghostTo = x
    }

    /// The ghost: the bin's sprite, see-through, where the day's best run had it.
    func drawGhost(_ canvas: Canvas, fraction: Double) {
        guard let to = ghostTo, let from = ghostFrom else { return }
        let x = Double(from) + Double(to - from) * fraction
        let sprite = art.bin
        canvas.blit(sprite, x: layout.x(x) - sprite.width / 2, y: binTop,
                    alpha: UInt32(assets.theme.ghostAlphaPercent * 256 / 100))
    }

    /// The bin, squashed (lower and wider, its foot where it was) and then hopping
    /// after a catch.
    func drawBin(_ canvas: Canvas, tick: Int, fraction: Double) {
        let x = Double(binFrom) + Double(binTo - binFrom) * fraction
        let sprite = art.bin
        let (squashed, lift) = squash.shape(tick: tick, fraction: fraction)
        if squashed == 0 && lift == 0 {
            canvas.blit(sprite, x: layout.x(x) - sprite.width / 2, y: binTop)
            return
        }
        let theme = assets.theme
        let h = sprite.height - Int(Double(sprite.height * theme.squashPercent) / 100 * squashed)
        let w = sprite.width + Int(Double(sprite.width * theme.squashPercent) / 200 * squashed)
        let up = Int(Double(theme.bouncePx) * lift)
        canvas.stretch(sprite, x: layout.x(x) - w / 2, y: binTop + sprite.height - h - up, w: w, h: h)
    }

    /// The most the bin takes on screen at `fraction` past the tick, for a layout test:
    /// as wide as its squash spreads it, from the top of its hop to its foot.
    func binBox(fraction: Double) -> Layout.Rect {
        let x = layout.x(Double(binFrom) + Double(binTo - binFrom) * fraction)
        let theme = assets.theme, sprite = art.bin
        let w = sprite.width + sprite.width * theme.squashPercent / 200 + 1
        return Layout.Rect(x: x - w / 2, y: binTop - theme.bouncePx, w: w, h: sprite.height + theme.bouncePx)
    }

    /// Screen y of the bin sprite's top, two pixels above the rim line where items are caught.
    var binTop: Int { layout.y(Double(rules.rim)) - 2 }

    func drawEffects(_ pen: TextPen, tick: Int, fraction: Double) {
        let theme = assets.theme
        let splash = Colour.opaque(theme.splash)
        for e in splashes.effects where e.alive {
            let age = splashes.age(e, tick: tick, fraction: fraction)
            let r = max(1, Int(Double(theme.splashRadiusPx) * age))
            let alpha = UInt32(200 * (1 - age))
            pen.canvas.blend(x: e.x - r, y: e.y - 1, w: 2 * r + 1, h: 3, splash, alpha: alpha)
            // Droplets thrown up and falling back.
            let height = Double(theme.splashRadiusPx) * 4 * age * (1 - age)
            for d in -1...1 {
                pen.canvas.fill(x: e.x + d * r / 2 + d, y: e.y - theme.dropletPx - Int(height * (d == 0 ? 1.4 : 1)),
                                w: theme.dropletPx, h: theme.dropletPx, splash)
            }
        }
        let popup = Colour.opaque(theme.popup)
        let s = theme.fontScale
        for e in popups.effects where e.alive {
            let y = popupTop(e, tick: tick, fraction: fraction)
            let unit = e.inGrams ? " g" : ""
            let w = pen.width("+", scale: s) + pen.width(of: e.value, scale: s) + pen.width(unit, scale: s)
            var x = e.x - w / 2
            x = pen.text("+", x: x, y: y, scale: s, popup)
            x = pen.number(e.value, x: x, y: y, scale: s, popup)
            if e.inGrams { pen.text(unit, x: x, y: y, scale: s, popup) }
        }
    }
}
