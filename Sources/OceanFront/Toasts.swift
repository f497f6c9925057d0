import OceanAssets
import OceanBalance
import OceanKernel

/// A few seconds' word that a challenge was completed or missed, or a milestone
/// reached. Its words are made when the kernel's event arrives, so drawing it
/// allocates nothing.
struct Toast {
    enum Kind { case completed, milestone, missed, healed }

    var kind: Kind
    var title: String
    /// The title when it does not fit the toast (a bigger text scale).
    var shortTitle: String
    /// What the challenge or milestone asked, wrapped.
    var lines: [String]
    /// The reward given, or how far a missed challenge got.
    var footer: String
    /// The tick it appeared on.
    var born: Int

    /// The toast for one of the kernel's events, if it makes one: `columns` wide.
    static func from(_ event: Event, rules: Rules, texts: [String: String], seas: SeaLooks = .none, columns: Int,
                     tick: Int) -> Toast? {
        func wrapped(_ text: String) -> [String] { TextWrap.lines(TextWrap.ascii(text), columns: columns, maxLines: 2) }
        switch event {
        case .challengeCompleted(let c):
            return Toast(kind: .completed, title: c.period == .weekly ? "Weekly challenge done!" : "Daily challenge done!",
                         shortTitle: c.period == .weekly ? "Weekly done!" : "Daily done!",
                         lines: wrapped(ChallengeWording.text(c, rules: rules, texts: texts)),
                         footer: ChallengeWords.reward(grams: c.rewardGrams, health: c.rewardHealth), born: tick)
        case .challengeFailed(let c):
            return Toast(kind: .missed, title: c.period == .weekly ? "Weekly challenge missed" : "Daily challenge missed",
                         shortTitle: c.period == .weekly ? "Weekly missed" : "Daily missed",
                         lines: wrapped(ChallengeWording.text(c, rules: rules, texts: texts)),
                         footer: "\(c.progress)/\(c.target) when the \(c.period == .weekly ? "week" : "day") ended",
                         born: tick)
        case .milestoneReached(let index) where index >= 0 && index < rules.challenges.count:
            let t = rules.challenges[index]
            return Toast(kind: .milestone, title: "Milestone reached!", shortTitle: "Milestone!",
                         lines: wrapped(ChallengeWording.milestone(index, rules: rules, texts: texts)),
                         footer: ChallengeWords.reward(grams: t.rewardGrams, health: t.rewardHealth), born: tick)
        case .healedAllToday:
            // GAME_RULES §2: when today's healing is full, the screen says so, at the
            // end of a game; misses can still lower it, so it says only what is true.
            return Toast(kind: .healed, title: "Today's healing is full", shortTitle: "Healing full",
                         lines: wrapped("More catches today will not heal the ocean further."),
                         footer: "Come back tomorrow", born: tick)
        case .masteryHealed(let percent, let extra):
            // GAME_RULES §2: above average, skill still heals; the cap is said where it is earned.
            let tenths = (extra * 1000 + Rules.fullHealth / 2) / Rules.fullHealth
            // Misses and sea life caught, as the share says (each closes 1/mastery_misses).
            let mistakes = (100 - percent) * rules.masteryMisses / 100
            return Toast(kind: .healed, title: percent == 100 ? "A clean game!" : "A cleaner game",
                         shortTitle: "Clean game!",
                         lines: wrapped("Heals +\(tenths / 10).\(tenths % 10)% more today ("
                                           + (percent == 100 ? "no miss: all of the bonus)." : "\(mistakes) miss\(mistakes == 1 ? "" : "es"): \(percent)%).")),
                         footer: "Fewer misses, more healing", born: tick)
        case .seaOpened(let index) where index < rules.seaKeys.count:
            // GAME_RULES §6: the next sea opens when the newest reaches Thriving.
            let sea = seas.look(rules.seaKeys[index])
            return Toast(kind: .healed, title: "A new sea opened!", shortTitle: "New sea!",
                         lines: wrapped(sea.line.isEmpty ? sea.name : "\(sea.name): \(sea.line)"),
                         footer: "Choose it on the menu: Left/Right", born: tick)
        default:
            return nil
        }
    }
}

extension Toast {
    /// "While you were away": the days missed and what they cost, from the events of
    /// the session that ended them (the ocean's absence decay, the pet missing the
    /// player, the streak ended). Missed challenges have their own toasts.
    static func away(days: Int, events: [Event], columns: Int, tick: Int) -> Toast {
        let missed = days - 1
        var lost = 0, missing = false, streak = 0
        for event in events {
            switch event {
            case .healthChanged(let from, let to) where to < from: lost += from - to
            case .petMoodChanged(_, .missingYou): missing = true
            case .streakBroken(let d): streak = d
            default: break
            }
        }
        var words = "\(missed) day\(missed == 1 ? "" : "s") away"
        if lost > 0 {
            let tenths = (lost * 1000 + Rules.fullHealth / 2) / Rules.fullHealth
            words += ": the ocean lost \(tenths / 10).\(tenths % 10)%"
        }
        if missing { words += lost > 0 ? "; your pet missed you" : ": your pet missed you" }
        return Toast(kind: .missed, title: "While you were away", shortTitle: "Welcome back",
                     lines: TextWrap.lines(TextWrap.ascii(words + "."), columns: columns, maxLines: 2),
                     footer: streak > 0 ? "Your \(streak)-day streak ended" : "Welcome back!", born: tick)
    }
}

extension Toast {
    /// The device's clock says a day before the career's last: the career plays on as
    /// that day (the kernel counts nothing twice), and the player is told why.
    static func clockWentBack(from: CalendarDate, to: CalendarDate, columns: Int, tick: Int) -> Toast {
        Toast(kind: .missed, title: "The clock went back", shortTitle: "Clock",
              lines: TextWrap.lines("The clock says \(to); your career plays on as \(from).", columns: columns, maxLines: 2),
              footer: "Nothing counts twice", born: tick)
    }
}

/// The toasts on show, at most `capacity` (a new one past that replaces the oldest).
/// They all live as long, so the oldest always goes first.
struct ToastStack {
    private(set) var toasts: [Toast] = []
    let capacity: Int
    /// Ticks each shows, and ticks of sliding in (and out again).
    let lifetime: Int
    let slide: Int

    init(theme: Theme) {
        capacity = max(1, theme.toastMax)
        lifetime = max(1, Fixed.ticks(ms: theme.toastMs))
        slide = Fixed.ticks(ms: theme.toastSlideMs)
        toasts.reserveCapacity(capacity)
    }

    mutating func push(_ toast: Toast) {
        if toasts.count >= capacity { toasts.removeFirst() }
        toasts.append(toast)
    }

    /// Retires the toasts whose time is up at `tick`.
    mutating func expire(tick: Int) {
        while let first = toasts.first, tick - first.born >= lifetime || tick < first.born { toasts.removeFirst() }
    }

    /// Retires every toast (a watched replay jumped to another tick).
    mutating func clear() { toasts.removeAll(keepingCapacity: true) }

    /// How far (0…1 of its width) a toast is pushed off to the right at `tick` plus
    /// `fraction`: 1 as it is born, 0 once in, 1 again as it ends.
    func offset(_ toast: Toast, tick: Int, fraction: Double) -> Double {
        guard slide > 0 else { return 0 }
        let age = Double(tick - toast.born) + fraction
        let left = Double(lifetime) - age
        return min(1, max(0, 1 - min(age, left) / Double(slide)))
    }
}

extension GameView {
    /// Toasts stand at the foot of the right panel, clear of the falling items: each
    /// this much inside the panel's edge, and this far apart.
    var toastInset: Int { 2 }

    /// A toast's text is this far inside its box.
    var toastPadding: Int { assets.theme.marginPx / 2 + 1 }

    /// Characters of a toast's line.
    var toastColumns: Int {
        (layout.rightPanel.w - 2 * toastInset - 2 * toastPadding) / (assets.font.cellWidth * Layout.panelScale(assets.theme))
    }

    /// The height of a toast's box showing `lines` of its text (its title and
    /// footer around them; `lines` < 0: its title alone).
    func toastHeight(lines: Int) -> Int {
        let t = assets.theme
        let line = assets.font.cellHeight * Layout.panelScale(t) + t.lineGapPx
        return (lines < 0 ? 1 : 2 + lines) * line + 2 * t.lineGapPx
    }

    /// The toasts on show, the newest first. On the title, a summary and the career's
    /// pages, at the foot of the right panel, the newest lowest and the others stacked
    /// up to the panel's top. During a game (`from`/`to`: a band of the screen), down
    /// from the band's top, the newest highest, so that none comes near the bin. A toast
    /// whose text does not fit what room is left shows less: its title and footer, or
    /// its title alone; one with no room is not shown.
    func drawToasts(_ pen: TextPen, tick: Int, fraction: Double, from top: Int? = nil, to bottom: Int? = nil) {
        let t = assets.theme
        // Made for the right panel's width, at its scale (`Layout.panelScale`).
        let s = Layout.panelScale(t)
        let line = assets.font.cellHeight * s + t.lineGapPx
        let panel = layout.rightPanel
        let w = panel.w - 2 * toastInset
        let downward = top != nil
        let (first, last) = (top ?? panel.y + toastInset, bottom ?? panel.y + panel.h - toastInset)
        var edgeY = downward ? first : last
        // The newest first, by index (nothing to allocate in any build).
        for n in stride(from: toasts.toasts.count - 1, through: 0, by: -1) {
            let toast = toasts.toasts[n]
            let room = downward ? last - edgeY : edgeY - first
            var shown = toast.lines.count
            if toastHeight(lines: shown) > room { shown = 0 }
            if toastHeight(lines: shown) > room { shown = -1 }
            let h = toastHeight(lines: shown)
            if h > room { break }
            let y = downward ? edgeY : edgeY - h
            // Sliding in by a small offset (never off the screen: its words stay on it).
            let x = panel.x + toastInset + Int(Double(t.marginPx) * toasts.offset(toast, tick: tick, fraction: fraction))
            let rgb = switch toast.kind {
            case .completed, .healed: t.good
            case .milestone: t.accent
            case .missed: t.challengeFailed
            }
            let edge = Colour.opaque(rgb)
            pen.canvas.blend(x: x, y: y, w: w, h: h, Colour.opaque(t.panel), alpha: UInt32(t.toastAlphaPercent * 256 / 100))
            pen.canvas.fill(x: x, y: y, w: w, h: 1, edge)
            pen.canvas.fill(x: x, y: y + h - 1, w: w, h: 1, edge)
            pen.canvas.fill(x: x, y: y, w: 1, h: h, edge)
            pen.canvas.fill(x: x + w - 1, y: y, w: 1, h: h, edge)
            pen.log?.recordFrame(x: x, y: y, w: w, h: h, name: "toast")
            let tx = x + toastPadding
            var ty = y + t.lineGapPx + 1
            var after = tx
            if toast.kind != .missed {
                after = ChallengeBlock.drawTick(pen.canvas, x: tx, y: ty, scale: s, edge) + assets.font.cellWidth * s / 2
            }
            // Each line inside the box: one too long ends in "…" at its inner edge (the
            // title its shorter form first).
            let right = x + w - toastPadding
            pen.text(after + pen.width(toast.title, scale: s) <= right ? toast.title : toast.shortTitle, x: after, y: ty,
                     scale: s, edge, limit: right)
            ty += line
            for i in 0..<max(0, shown) {
                pen.text(toast.lines[i], x: tx, y: ty, scale: s, Colour.opaque(t.text), limit: right)
                ty += line
            }
            if shown >= 0 {
                pen.text(toast.footer, x: tx, y: ty, scale: s, Colour.opaque(toast.kind == .missed ? t.dim : t.good),
                         limit: right)
            }
            edgeY = downward ? y + h + t.lineGapPx : y - t.lineGapPx
        }
    }
}
