import OceanAssets
import OceanKernel

/// What `ocean replay watch` draws over the game: a strip across the sea band with
/// a status line (playing or paused, speed, tick, time), the timeline (the part
/// simulated, each game, `start` commands further on, checkpoint marks, the cursor)
/// and the keys; at the foot of the left panel, the calendar day and the session's
/// menu actions as they happened. Text is literals and digits: nothing allocated
/// per frame.
public final class WatchOverlay {
    /// The keys, as shown on screen and in the README.
    public static let help = "Space pause  </> step  -/+ speed  Home/End  PgUp/PgDn 10 s  [/] checkpoint  Esc quit"
    /// The keys on two lines, when one does not fit across the screen (a bigger text scale).
    static let helpLines = ["Space pause  </> step  -/+ speed  Home/End", "PgUp/PgDn 10 s  [/] checkpoint  Esc quit"]

    let theme: Theme
    let font: BitmapFont
    let layout: Layout
    /// The timeline bar (a click inside, or a little above or below, seeks).
    let bar: Layout.Rect
    let statusY: Int
    let helpY: Int
    /// The strip's top: the game's hints stay above it (`GameView.hintFloor`).
    public let stripTop: Int
    /// Whether the keys take two lines (`helpLines`).
    let helpWrapped: Bool
    /// The balance in play, for the kinds' names.
    let rules: Rules
    /// Where the text boxes go, for a layout test (nil in play).
    public var textLog: TextBoxLog?
    /// The overlay's text scale: the theme's, at most 2. At `--scale 3` the keys would
    /// take three lines and the status two, and the strip would rise over the bin and
    /// the calendar at the left panel's foot: the watch strip keeps scale 2's text there.
    var scale: Int { WatchOverlay.scale(theme) }
    static func scale(_ theme: Theme) -> Int { min(theme.fontScale, 2) }

    public init(assets: FrontAssets, rules: Rules) {
        self.rules = rules
        theme = assets.theme
        font = assets.font
        layout = Layout(rules: rules, theme: theme, width: GameView.width, height: GameView.height, cellWidth: font.cellWidth)
        let scale = WatchOverlay.scale(theme)
        let m = theme.marginPx, text = font.cellHeight * scale
        // From the bottom up: the keys (on two lines if one is too long), the
        // checkpoint marks, the bar, the status line.
        helpWrapped = font.width(ofCharacters: Self.help.unicodeScalars.count, scale: scale) > GameView.width - 2 * m
        helpY = GameView.height - m - text - (helpWrapped ? text + theme.lineGapPx : 0)
        let barY = helpY - theme.lineGapPx - theme.watchMarkHeightPx - 1 - theme.watchBarHeightPx
        bar = Layout.Rect(x: m, y: barY, w: GameView.width - 2 * m, h: theme.watchBarHeightPx)
        statusY = barY - 2 - theme.lineGapPx - text
        stripTop = statusY - m
    }

    /// The tick under a click at (x, y) on the logical screen, if it is on the timeline.
    public func tick(atX x: Int, y: Int, _ status: WatchStatus) -> Int? {
        let slack = theme.lineGapPx
        guard x >= bar.x - slack, x < bar.x + bar.w + slack,
              y >= bar.y - slack, y < bar.y + bar.h + theme.watchMarkHeightPx + slack else { return nil }
        return tick(alongX: x, status)
    }

    /// The tick at screen x along the bar, clamped to its ends (dragging off it).
    public func tick(alongX x: Int, _ status: WatchStatus) -> Int {
        let span = max(0, status.lastTick - status.firstTick)
        let along = min(max(x - bar.x, 0), bar.w - 1)
        return status.firstTick + (span * along + (bar.w - 1) / 2) / max(1, bar.w - 1)
    }

    /// Screen x of `tick` on the bar.
    func x(_ tick: Int, _ status: WatchStatus) -> Int {
        let span = max(1, status.lastTick - status.firstTick)
        return bar.x + (min(max(tick, status.firstTick), status.lastTick) - status.firstTick) * (bar.w - 1) / span
    }

    /// Draws the overlay over a frame `GameView` has drawn of `state`.
    public func draw(_ status: WatchStatus, state: GameState, into framebuffer: inout Framebuffer) {
        let (w, h) = (framebuffer.width, framebuffer.height)
        framebuffer.pixels.withUnsafeMutableBufferPointer { buffer in
            let canvas = Canvas(pixels: buffer, width: w, height: h)
            let pen = TextPen(canvas: canvas, font: font, shadow: Colour.opaque(theme.textShadow), log: textLog)
            canvas.blend(x: 0, y: stripTop, w: w, h: h - stripTop, Colour.opaque(theme.overlay),
                         alpha: UInt32(theme.watchStripAlphaPercent * 256 / 100))
            drawStatus(pen, status)
            drawTimeline(canvas, status)
            if helpWrapped {
                let next = helpY + font.cellHeight * scale + theme.lineGapPx
                pen.text(Self.helpLines[0], x: theme.marginPx, y: helpY, scale: scale, Colour.opaque(theme.dim))
                pen.text(Self.helpLines[1], x: theme.marginPx, y: next, scale: scale, Colour.opaque(theme.dim))
            } else {
                pen.text(Self.help, x: theme.marginPx, y: helpY, scale: scale, Colour.opaque(theme.dim))
            }
            drawCareer(pen, status, state: state)
        }
    }

    func drawStatus(_ pen: TextPen, _ st: WatchStatus) {
        let s = scale
        let (text, dim) = (Colour.opaque(theme.text), Colour.opaque(theme.dim))
        // The ticks only if the line has room for them beside the rest at its longest
        // ("PLAYING   x1/4", two h:mm:ss clocks, "game 99"); the line ends inside the screen.
        var pen = pen
        pen.limit = GameView.width - theme.marginPx
        let rest = pen.width("PLAYING   x1/4      / ", scale: s) + 2 * pen.width("0:00:00", scale: s) + pen.width("   game 99", scale: s)
        let ticks = pen.width("   tick  / ", scale: s) + pen.width(of: st.tick, scale: s) + pen.width(of: st.lastTick, scale: s)
        let showTicks = theme.marginPx + rest + ticks <= pen.limit
        var x = theme.marginPx
        let y = statusY
        if st.seeking {
            x = pen.text("SEEKING", x: x, y: y, scale: s, Colour.opaque(theme.accent))
        } else if st.tick >= st.lastTick {
            x = pen.text("END", x: x, y: y, scale: s, Colour.opaque(theme.accent))
        } else {
            x = pen.text(st.paused ? "PAUSED" : "PLAYING", x: x, y: y, scale: s,
                         Colour.opaque(st.paused ? theme.accent : theme.good))
        }
        x = pen.text("   x", x: x, y: y, scale: s, dim)
        let q = st.speed.inQuarters
        if q < 4 {
            x = pen.text("1/", x: x, y: y, scale: s, text)
            x = pen.number(4 / q, x: x, y: y, scale: s, text)
        } else {
            x = pen.number(q / 4, x: x, y: y, scale: s, text)
        }
        if showTicks {
            x = pen.text("   tick ", x: x, y: y, scale: s, dim)
            x = pen.number(st.tick, x: x, y: y, scale: s, text)
            x = pen.text(" / ", x: x, y: y, scale: s, dim)
            x = pen.number(st.lastTick, x: x, y: y, scale: s, text)
        }
        x = pen.text("   ", x: x, y: y, scale: s, dim)
        x = clock(pen, ticks: st.tick - st.firstTick, x: x, y: y, text)
        x = pen.text(" / ", x: x, y: y, scale: s, dim)
        x = clock(pen, ticks: st.lastTick - st.firstTick, x: x, y: y, text)
        if let game = st.gameStarts.lastIndex(where: { $0 <= st.tick }) {
            x = pen.text("   game ", x: x, y: y, scale: s, dim)
            pen.number(game + 1, x: x, y: y, scale: s, text)
        }
    }

    /// Game time as m:ss, or h:mm:ss from an hour.
    func clock(_ pen: TextPen, ticks: Int, x: Int, y: Int, _ colour: UInt32) -> Int {
        let s = scale
        let seconds = max(0, ticks) / Fixed.ticksPerSecond
        var x = x
        if seconds >= 3_600 {
            x = pen.number(seconds / 3_600, x: x, y: y, scale: s, colour)
            x = pen.text(":", x: x, y: y, scale: s, colour)
            x = twoDigits(pen, seconds / 60 % 60, x: x, y: y, colour)
        } else {
            x = pen.number(seconds / 60, x: x, y: y, scale: s, colour)
        }
        x = pen.text(":", x: x, y: y, scale: s, colour)
        return twoDigits(pen, seconds % 60, x: x, y: y, colour)
    }

    @discardableResult
    func twoDigits(_ pen: TextPen, _ v: Int, x: Int, y: Int, _ colour: UInt32) -> Int {
        let x = v < 10 ? pen.text("0", x: x, y: y, scale: scale, colour) : x
        return pen.number(v, x: x, y: y, scale: scale, colour)
    }

    func drawTimeline(_ canvas: Canvas, _ st: WatchStatus) {
        canvas.fill(x: bar.x, y: bar.y, w: bar.w, h: bar.h, Colour.opaque(theme.watchBarBack))
        let played = x(st.explored, st)
        canvas.fill(x: bar.x, y: bar.y, w: played - bar.x + 1, h: bar.h, Colour.opaque(theme.watchPlayed))
        // Games found, inset so the played part shows round them; `start` commands beyond.
        let game = Colour.opaque(theme.watchGame)
        for i in st.gameStarts.indices {
            let a = x(st.gameStarts[i], st), b = x(i < st.gameEnds.count ? st.gameEnds[i] : st.explored, st)
            canvas.fill(x: a, y: bar.y + 1, w: max(1, b - a + 1), h: bar.h - 2, game)
        }
        for t in st.startCommandTicks where t > st.explored {
            canvas.fill(x: x(t, st), y: bar.y, w: 1, h: bar.h, game)
        }
        let mark = Colour.opaque(theme.watchCheckpoint)
        for t in st.checkpointTicks {
            canvas.fill(x: x(t, st), y: bar.y + bar.h + 1, w: 1, h: theme.watchMarkHeightPx, mark)
        }
        canvas.fill(x: x(st.tick, st) - 1, y: bar.y - 2, w: 3, h: bar.h + 4, Colour.opaque(theme.watchCursor))
    }

    /// The day and time, then the latest menu actions still within `watch.action_ms`,
    /// oldest first, at the foot of the left panel.
    func drawCareer(_ pen: TextPen, _ st: WatchStatus, state: GameState) {
        let career = state.career
        guard career.hasSession else { return }
        let s = scale
        let line = font.cellHeight * s + theme.lineGapPx
        let (text, dim) = (Colour.opaque(theme.text), Colour.opaque(theme.dim))
        let life = Fixed.ticks(ms: theme.watchActionMs)
        // The actions to show: the last `action_lines` up to now, none older than `life`.
        var last = st.actionTicks.count - 1
        while last >= 0 && st.actionTicks[last] > st.tick { last -= 1 }
        var first = last + 1
        while first > 0 && last - first + 1 < theme.watchActionLines && st.tick - st.actionTicks[first - 1] < life {
            first -= 1
        }
        let panel = layout.leftPanel
        let x = panel.x + theme.marginPx
        var y = panel.y + panel.h - theme.marginPx - (last - first + 2) * line + theme.lineGapPx
        var after = pen.text("Day ", x: x, y: y, scale: s, dim)
        let date = CalendarDate(dayNumber: career.today)
        after = pen.number(date.year, x: after, y: y, scale: s, text, grouped: false)  // a year: 2026, not 2,026
        after = pen.text("-", x: after, y: y, scale: s, text)
        after = twoDigits(pen, date.month, x: after, y: y, text)
        after = pen.text("-", x: after, y: y, scale: s, text)
        after = twoDigits(pen, date.day, x: after, y: y, text)
        let minute = (career.sessionMinute + (state.tick - career.sessionTick) / (60 * Fixed.ticksPerSecond)) % (24 * 60)
        after = pen.text("  ", x: after, y: y, scale: s, text)
        after = twoDigits(pen, minute / 60, x: after, y: y, text)
        after = pen.text(":", x: after, y: y, scale: s, text)
        twoDigits(pen, minute % 60, x: after, y: y, text)
        for i in stride(from: first, through: last, by: 1) {
            y += line
            action(pen, st.actions[i], x: x, y: y)
        }
    }

    /// One line for a menu action, as it happened.
    func action(_ pen: TextPen, _ event: Event, x: Int, y: Int) {
        let s = scale
        let (text, accent) = (Colour.opaque(theme.text), Colour.opaque(theme.accent))
        switch event {
        case .sessionBegan(_, let days):
            let after = pen.text("Session began", x: x, y: y, scale: s, accent)
            if days > 0 {
                var a = pen.text(", +", x: after, y: y, scale: s, text)
                a = pen.number(days, x: a, y: y, scale: s, text)
                pen.text(days == 1 ? " day" : " days", x: a, y: y, scale: s, text)
            }
        case .scanned(let kind, let grams):
            var a = pen.text("Scanned ", x: x, y: y, scale: s, accent)
            a = pen.text(Self.name(kind, rules: rules), x: a, y: y, scale: s, text)
            if grams > 0 {
                a = pen.text(" ", x: a, y: y, scale: s, text)
                a = pen.number(grams, x: a, y: y, scale: s, text)
                pen.text(" g", x: a, y: y, scale: s, text)
            }
        case .cardStudied(let card, let days):
            var a = pen.text("Studied ", x: x, y: y, scale: s, accent)
            a = pen.text("card ", x: a, y: y, scale: s, text)
            a = pen.number(card, x: a, y: y, scale: s, text)
            a = pen.text(", day ", x: a, y: y, scale: s, text)
            pen.number(days, x: a, y: y, scale: s, text)
        case .cardAnswered(let card, let right, let box, _):
            var a = pen.text(right ? "Right " : "Wrong ", x: x, y: y, scale: s, accent)
            a = pen.text("card ", x: a, y: y, scale: s, text)
            a = pen.number(card, x: a, y: y, scale: s, text)
            a = pen.text(", box ", x: a, y: y, scale: s, text)
            pen.number(box, x: a, y: y, scale: s, text)
        case .cardMastered(let card):
            let a = pen.text("Mastered card ", x: x, y: y, scale: s, accent)
            pen.number(card, x: a, y: y, scale: s, text)
        case .petAdopted(let form):
            let a = pen.text("Adopted ", x: x, y: y, scale: s, accent)
            pen.text(form.name, x: a, y: y, scale: s, text)
        case .dateWentBack:
            pen.text("Date went back (kept)", x: x, y: y, scale: s, accent)
        case .dailyCredited(let run):
            var a = pen.text("Daily Ocean ", x: x, y: y, scale: s, accent)
            a = pen.number(Int(run.catches), x: a, y: y, scale: s, text)
            a = pen.text(" caught, ", x: a, y: y, scale: s, text)
            a = pen.number(Int(run.grams), x: a, y: y, scale: s, text)
            pen.text(" g", x: a, y: y, scale: s, text)
        case .inputIgnored(let why):
            let a = pen.text("Ignored: ", x: x, y: y, scale: s, accent)
            pen.text(Self.reason(why), x: a, y: y, scale: s, text)
        default:
            break
        }
    }

    /// A kind as the overlay names it: its key, spaced ("plastic bottle").
    static func name(_ kind: ItemKind, rules: Rules) -> String {
        kind.rawValue < rules.kindCount ? KindWords.plainName(rules.key(kind)) : "item"
    }

    static func reason(_ why: IgnoredInput) -> String {
        switch why {
        case .invalidSession: "bad session"
        case .studyWithoutSession: "study, no session"
        case .unknownCard: "unknown card"
        case .cardNotDue: "card not due"
        case .alreadyAdopted: "already adopted"
        case .unknownSea: "no such sea"
        case .dailyNotCredited: "daily not counted"
        }
    }
}
