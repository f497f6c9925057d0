import OceanAssets
import OceanKernel

/// The person at the window, as far as the career's screens need: the name to greet
/// and the story already shown. Not gameplay: the profile keeps it beside the state.
public struct CareerPlayer: Equatable, Sendable {
    public var name: String
    public var introSeen: Bool
    public var outroSeen: Bool

    public static let maxNameLength = 16

    /// A character a name may hold: none of its scalars a control character.
    public static func isNameCharacter(_ c: Character) -> Bool {
        c.unicodeScalars.allSatisfy { !($0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028 || $0.value == 0x2029) }
    }

    public init(name: String = "", introSeen: Bool = false, outroSeen: Bool = false) {
        (self.name, self.introSeen, self.outroSeen) = (name, introSeen, outroSeen)
    }
}

/// What a key did: commands for the kernel (recorded like game input), whether the
/// player's name or story flags changed (the profile is saved), or quit.
public struct CareerFlowOutput: Equatable, Sendable {
    public var commands: [Command] = []
    public var playerChanged = false
    public var quit = false
    /// The Daily Ocean was chosen: the day's game opens over the career.
    public var daily = false

    public init() {}
}

/// The career's screens as a small state machine, pure and testable: a key and the
/// kernel's state go in, the next screen and the commands for the kernel come out;
/// `observe` follows the games the kernel plays. `CareerView` draws it.
///
/// A first launch goes intro → name → adoption (if no pet yet) → menu; later
/// launches start at the menu. A game runs on `.game`, ends on `.summary`, then the
/// outro the first time, then the menu again.
public struct CareerFlow: Sendable {
    public enum Page: Equatable, Sendable {
        case intro(panel: Int)
        case name
        case adopt
        case menu
        case card
        case scan
        case week
        case lifetime
        case achievements
        /// The milestones, a page beside the achievements (← / → or its tab).
        case milestones
        case pet
        case game
        case summary
        case outro(panel: Int)

        /// For diagnostics (`OCEAN_DEBUG_SCREENS`).
        public var key: String {
            switch self {
            case .intro(let p): "intro \(p + 1)"
            case .name: "name"
            case .adopt: "adopt"
            case .menu: "menu"
            case .card: "card"
            case .scan: "scan"
            case .week: "week"
            case .lifetime: "lifetime"
            case .achievements: "achievements"
            case .milestones: "milestones"
            case .pet: "pet"
            case .game: "game"
            case .summary: "summary"
            case .outro(let p): "outro \(p + 1)"
            }
        }
    }

    /// The menu's entries, in order.
    public enum MenuItem: Int, CaseIterable, Sendable {
        case play, arcade, daily, study, scan, week, lifetime, achievements, pet, story, quit

        public var label: String {
            switch self {
            case .play: "Play a game"
            case .arcade: "Play arcade"
            case .daily: "Daily Ocean"
            case .study: "Study a card"
            case .scan: "Log a scan"
            case .week: "This week"
            case .lifetime: "Lifetime"
            case .achievements: "Achievements"
            case .pet: "Your pet"
            case .story: "Watch the story"
            case .quit: "Quit"
            }
        }
    }

    /// The pages the achievements' screen turns between, by their tabs' titles.
    public static let pages = ["Achievements", "Milestones"]

    public private(set) var page: Page {
        didSet { if page != oldValue { pageSince = now } }
    }
    /// The tick the page last changed on (the screen's content enters from there:
    /// `EnterMotion`); long ago for the first page.
    public private(set) var pageSince = Int.min / 2
    /// The tick of the state the flow is handling (a key or a step), for `pageSince`.
    private var now = 0
    public private(set) var player: CareerPlayer
    /// The highlighted menu entry, adoption form or scan kind.
    public private(set) var selection = 0
    /// The flashcard on show.
    public private(set) var card = 0
    /// The name as typed so far.
    public private(set) var typed = ""
    /// The outro's lines, filled in when it starts (the game's figures put in).
    public private(set) var outro: [StoryPanel] = []
    /// The last thing a menu action did ("Logged a plastic bottle: +5 g"), until the screen changes.
    public private(set) var notice = ""
    /// Whether the notice is good news (a right answer) or a correction.
    public private(set) var noticeGood = true
    /// Kind counts when the last game began, so the outro tells that game's catches.
    var kindsAtStart: [Int]
    var lastSummary: GameSummary?
    /// The menu entry last chosen: back at the menu, it is highlighted again.
    var menuSelection = 0
    /// Where a story shown from the menu returns: the menu (true) or onward (first launch).
    var storyFromMenu = false
    let content: CareerContent
    public var layout: CareerLayout
    /// The constants in play; a reloaded balance file replaces them between games.
    public var rules: Rules { didSet { kinds = CareerFlow.scannable(rules) } }

    public init(player: CareerPlayer, state: GameState, content: CareerContent, layout: CareerLayout, rules: Rules) {
        self.player = player
        // The cards in the rules' order: the index an answer sends is the kernel's.
        self.content = content.cards(inOrderOf: rules.cardKeys)
        self.layout = layout
        self.rules = rules
        kinds = CareerFlow.scannable(rules)
        kindsAtStart = state.career.kindCounts
        typed = player.name
        page = player.introSeen ? .menu : (content.intro.isEmpty ? .name : .intro(panel: 0))
    }

    /// The menu's entries.
    public var menuItems: [MenuItem] { MenuItem.allCases }

    /// "Hello, Ada!" (or a plain welcome before a name is known).
    public var greeting: String { player.name.isEmpty ? "Welcome!" : "Hello, \(player.name)!" }

    public static let forms = PetForm.allCases
    /// The kinds a scan can log: the balance's trash, in its order (sea life and
    /// power-ups are no scan; the kernel ignores one).
    public private(set) var kinds: [ItemKind]

    /// The trash kinds of `rules`.
    static func scannable(_ rules: Rules) -> [ItemKind] { rules.kinds.filter { rules.isTrash[$0.rawValue] } }

    /// What the screens call `kind`.
    public func name(_ kind: ItemKind) -> String { content.words(rules.key(kind)).name }
    /// What `kind` is made of, in a word ("glass").
    func material(_ kind: ItemKind) -> String { content.material(rules.key(kind)) }

    /// One key, on the state as it is now.
    public mutating func handle(_ key: CareerKey, state: GameState) -> CareerFlowOutput {
        now = state.tick
        var out = CareerFlowOutput()
        switch page {
        case .intro(let panel):
            if key == .back { storyFromMenu ? toMenu() : finishIntro(state: state, out: &out) } else if turnsPage(key) {
                if panel + 1 < content.intro.count { page = .intro(panel: panel + 1) } else { finishIntro(state: state, out: &out) }
            }
        case .name:
            nameKey(key, state: state, out: &out)
        case .adopt:
            let n = CareerFlow.forms.count
            switch key {
            case .left, .up: selection = (selection + n - 1) % n
            case .right, .down: selection = (selection + 1) % n
            case .confirm, .space: adopt(state: state, out: &out)
            case .click(let x, let y):
                if let i = layout.choice(atX: x, y: y, count: n) { selection = i; adopt(state: state, out: &out) }
            default: break
            }
        case .menu:
            let items = menuItems
            switch key {
            case .up: selection = (selection + items.count - 1) % items.count
            case .down: selection = (selection + 1) % items.count
            case .confirm, .space: choose(items[min(selection, items.count - 1)], state: state, out: &out)
            // With more than one sea opened, Left/Right choose where to play (GAME_RULES §6).
            case .left, .right where state.seas.count > 1:
                let n = state.seas.count
                out.commands.append(.chooseSea((state.seaIndex + (key == .left ? n - 1 : 1)) % n))
            case .click(let x, let y):
                if let i = layout.item(atX: x, y: y, count: items.count) {
                    selection = i
                    choose(items[i], state: state, out: &out)
                }
            default: break
            }
        case .card:
            let n = content.cards.count
            let answers = content.cards[card].answers.count
            let asking = asks(card, state) && answers > 0
            switch key {
            case .left: turnCard(by: n - 1)
            case .right: turnCard(by: 1)
            case .up where asking: selection = (selection + answers - 1) % answers
            case .down where asking: selection = (selection + 1) % answers
            case .confirm where asking, .space where asking: answer(selection, out: &out)
            case .click(let x, let y) where asking:
                if let i = layout.answer(atX: x, y: y, count: answers) { selection = i; answer(i, out: &out) }
            case .back: toMenu()
            default: break
            }
        case .scan:
            let n = kinds.count
            switch key {
            case .up: selection = (selection + n - 1) % n
            case .down: selection = (selection + 1) % n
            case .confirm, .space: scan(kinds[min(selection, n - 1)], state: state, out: &out)
            case .click(let x, let y):
                if let i = layout.item(atX: x, y: y, count: n) { selection = i; scan(kinds[i], state: state, out: &out) }
            case .back: toMenu()
            default: break
            }
        case .achievements, .milestones:
            // Two pages, turned by ← / → or a click on a tab; any other key goes back.
            switch key {
            case .left, .right: page = page == .achievements ? .milestones : .achievements
            case .click(let x, let y):
                if let tab = layout.tab(atX: x, y: y) { page = tab == 0 ? .achievements : .milestones } else { toMenu() }
            case .back, .confirm, .space: toMenu()
            default: break
            }
        case .week, .lifetime, .pet:
            if key == .back || key == .confirm || key == .space || isClick(key) { toMenu() }
        case .game:
            break  // the play loop moves the bin and pauses
        case .summary:
            if key == .confirm || key == .space || key == .back || isClick(key) {
                if !player.outroSeen && !content.outro.isEmpty {
                    startOutro(fromMenu: false, state: state)
                } else {
                    toMenu()
                }
            }
        case .outro(let panel):
            if key == .back { finishOutro(out: &out) } else if turnsPage(key) {
                if panel + 1 < outro.count { page = .outro(panel: panel + 1) } else { finishOutro(out: &out) }
            }
        }
        return out
    }

    /// After every kernel step: a game starting or ending moves the screens along.
    public mutating func observe(_ state: GameState, events: [Event]) {
        now = state.tick
        for event in events {
            switch event {
            case .gameStarted:
                kindsAtStart = state.career.kindCounts
                page = .game
            case .gameOver(let summary):
                lastSummary = summary
                page = .summary
            default:
                break
            }
        }
    }

    // MARK: - Steps

    private func turnsPage(_ key: CareerKey) -> Bool {
        switch key {
        case .text: false  // a typed key also arrives as a key press: one turn, not two
        default: true
        }
    }

    private func isClick(_ key: CareerKey) -> Bool {
        if case .click = key { true } else { false }
    }

    private mutating func toMenu() {
        page = .menu
        notice = ""
        noticeGood = true
        selection = min(menuSelection, menuItems.count - 1)
    }

    private mutating func finishIntro(state: GameState, out: inout CareerFlowOutput) {
        if storyFromMenu {
            // Watched from the menu: the outro follows once the story has reached it.
            if player.outroSeen && !content.outro.isEmpty { startOutro(fromMenu: true, state: state) } else { toMenu() }
            return
        }
        page = .name
    }

    private mutating func nameKey(_ key: CareerKey, state: GameState, out: inout CareerFlowOutput) {
        switch key {
        case .text(let text):
            // Any letter of any keyboard (SDL's text arrives as UTF-8, composed); the
            // limit counts characters, not bytes.
            for c in text where typed.count < CareerPlayer.maxNameLength && CareerPlayer.isNameCharacter(c) {
                if c == " " && (typed.isEmpty || typed.last == " ") { continue }
                typed.append(c)
            }
        case .backspace:
            if !typed.isEmpty { typed.removeLast() }
        case .confirm, .click:
            while typed.last == " " { typed.removeLast() }
            guard !typed.isEmpty else { return }
            player.name = typed
            out.playerChanged = true
            if state.career.pet.adopted {
                player.introSeen = true
                toMenu()
            } else {
                page = .adopt
                selection = 0
            }
        default:
            break
        }
    }

    private mutating func adopt(state: GameState, out: inout CareerFlowOutput) {
        if !state.career.pet.adopted { out.commands.append(.adopt(CareerFlow.forms[selection])) }
        player.introSeen = true
        out.playerChanged = true
        toMenu()
    }

    private mutating func choose(_ item: MenuItem, state: GameState, out: inout CareerFlowOutput) {
        notice = ""
        menuSelection = selection
        switch item {
        case .play:
            out.commands.append(.start(.classic))
            page = .game
        case .arcade:
            out.commands.append(.start(.arcade))
            page = .game
        case .daily:
            // The day's game is a session of its own (the app's Daily Ocean scene);
            // back from it, the menu is as it was.
            out.daily = true
        case .study:
            // The first card that asks today, else the first.
            card = (0..<content.cards.count).first { asks($0, state) } ?? 0
            selection = 0
            page = .card
        case .scan: page = .scan; selection = 0
        case .week: page = .week
        case .lifetime: page = .lifetime
        case .achievements: page = .achievements
        case .pet: page = .pet
        case .story:
            // The intro, then the outro once it has been seen (one entry for both: the
            // menu's list keeps to what fits between the panels).
            storyFromMenu = true
            if !content.intro.isEmpty {
                page = .intro(panel: 0)
            } else if player.outroSeen && !content.outro.isEmpty {
                startOutro(fromMenu: true, state: state)
            }
        case .quit: out.quit = true
        }
    }

    /// Whether card `card` asks its question today (the kernel's Leitner schedule).
    public func asks(_ card: Int, _ state: GameState) -> Bool {
        state.career.hasSession && Flashcards.isDue(card, state.career, today: state.career.today, rules: rules)
    }

    private mutating func turnCard(by step: Int) {
        card = (card + step) % content.cards.count
        selection = 0
        notice = ""
    }

    /// Answers the shown card with answer `choice`: the kernel moves the card on its
    /// schedule; the page then shows the right answer, the fact and the tip.
    private mutating func answer(_ choice: Int, out: inout CareerFlowOutput) {
        let c = content.cards[card]
        let right = choice == c.right
        out.commands.append(.answer(card: card, right: right))
        noticeGood = right
        notice = right ? "Right!" : "Not quite: it asks again tomorrow"
    }

    private mutating func scan(_ kind: ItemKind, state: GameState, out: inout CareerFlowOutput) {
        out.commands.append(.scan(kind))
        // A scan is one real item: its own mass, of plastic only if its kind is; past
        // the day's counted scans it is logged and gives nothing (GAME_RULES §3).
        let cap = rules.career.scansPerDay
        if cap > 0 && state.scansToday >= cap {
            notice = "Logged: \(name(kind)). Today's \(cap) scans are counted"
        } else {
            // Said whole: a scan of glass adds to the glass, and the goal line, which
            // counts plastic only, stays where it was (the player would wonder why).
            let grams = rules.scanMass(kind)
            notice = rules.isPlastic[kind.rawValue]
                ? "Logged: \(name(kind)), +\(grams) g of plastic toward today's goal"
                : "Logged: \(name(kind)), +\(grams) g of \(material(kind)) (your \(material(kind)) total; plastic counts toward today's goal)"

        }
    }

    /// The outro with the figures put in: the last game's from the first launch, the
    /// career's so far from the menu.
    private mutating func startOutro(fromMenu: Bool, state: GameState) {
        storyFromMenu = fromMenu
        let counts = fromMenu || lastSummary == nil ? state.career.kindCounts
            : zip(state.career.kindCounts, kindsAtStart).map { $0 - $1 }
        let caught = fromMenu || lastSummary == nil ? counts.reduce(0, +) : lastSummary!.catches
        let grams = fromMenu || lastSummary == nil ? state.totals.grams : lastSummary!.grams
        func fill(_ s: String) -> String {
            s.replacing("{grams}", with: "\(grams)").replacing("{caught}", with: "\(caught)")
                .replacing("{goal}", with: "\(rules.career.dailyGoalGrams)")
        }
        outro = content.outro.map { panel in
            var p = panel
            p.figure = fill(p.figure)
            p.text = p.text.map(fill)
            if p.catches {
                let lines = kinds.filter { counts[$0.rawValue] > 0 }.map { content.catchLine(rules.key($0), count: counts[$0.rawValue]) }
                p.text += lines.isEmpty ? ["Nothing caught this time:", "the next game is a fresh start."] : lines
            }
            return p
        }
        page = .outro(panel: 0)
    }

    private mutating func finishOutro(out: inout CareerFlowOutput) {
        if !player.outroSeen {
            player.outroSeen = true
            out.playerChanged = true
        }
        toMenu()
    }
}
