import OceanKernel

/// One panel of the story: a big line (a figure), a few lines under it, and where the
/// figure comes from. Outro text may hold `{grams}`, `{caught}` and `{goal}`.
public struct StoryPanel: Equatable, Sendable {
    public var figure: String
    public var text: [String]
    public var source: [String]
    /// The outro's panel that lists the game's catches kind by kind.
    public var catches: Bool

    public init(figure: String, text: [String], source: [String], catches: Bool = false) {
        (self.figure, self.text, self.source, self.catches) = (figure, text, source, catches)
    }
}

/// How a flashcard's question asks (GAME_RULES §3), named on the card above it.
public enum QuizAsk: String, CaseIterable, Equatable, Sendable {
    case whichBin = "which_bin", trueFalse = "true_false", number, choice

    /// The line above the question.
    public var heading: String {
        switch self {
        case .whichBin: "Which bin?"
        case .trueFalse: "True or false?"
        case .number: "Pick the number"
        case .choice: "Pick one"
        }
    }
}

/// One flashcard: its key, its category (an index into `CareerContent.categories`), its question
/// and answers, a fact, a tip, and the source of the fact and the answer.
public struct Flashcard: Equatable, Sendable {
    /// The card's key: the kernel's `Rules.cardKeys` and a saved career name it.
    public var key: String
    public var category: Int
    public var title: String
    public var fact: [String]
    public var tip: [String]
    public var source: [String]
    public var ask: QuizAsk
    public var question: [String]
    /// In the order shown; `right` is the index of the right one.
    public var answers: [String]
    public var right: Int

    public init(key: String = "", category: Int, title: String, fact: [String], tip: [String], source: [String],
                ask: QuizAsk = .choice, question: [String] = [], answers: [String] = [], right: Int = 0) {
        self.key = key
        (self.category, self.title, self.fact, self.tip, self.source) = (category, title, fact, tip, source)
        (self.ask, self.question, self.answers, self.right) = (ask, question, answers, right)
    }
}

/// How a catch of one kind reads: its name, and "1 <one>", "12 <many>".
public struct KindWords: Equatable, Sendable {
    /// The kind's key in the balance (`plastic_bottle`).
    public var key: String
    public var name: String
    public var one: String
    public var many: String
    /// What it is made of, in a word ("glass"): what a scan of it adds to. Nil: the
    /// file gives none, and the name stands in for it (`CareerContent.material`).
    public var material: String?

    public init(key: String, name: String, one: String, many: String, material: String? = nil) {
        (self.key, self.name, self.one, self.many, self.material) = (key, name, one, many, material)
    }

    /// A key as words ("plastic_bottle" → "plastic bottle").
    public static func plainName(_ key: String) -> String {
        String(key.map { $0 == "_" ? " " : $0 })
    }
}

/// The words around the game, from `assets/content/` (`CareerContentLoader` reads and
/// validates them): the intro and outro panels, the flashcards and the kinds' words.
public struct CareerContent: Equatable, Sendable {
    /// The most categories the cards may be put in (each named on its cards' page).
    public static let maxCategories = 12
    /// The longest line each kind of text may have, in characters (the font is fixed width).
    public static let figureChars = 30, textChars = 48, sourceChars = 100, answerChars = 30
    /// How many answers a question offers.
    public static let answerCounts = 2...4

    public var intro: [StoryPanel]
    public var outro: [StoryPanel]
    public var categories: [String]
    public var cards: [Flashcard]
    /// Every kind the story file words, in its order; looked up by key.
    public var kinds: [KindWords]

    public init(intro: [StoryPanel], outro: [StoryPanel], categories: [String], cards: [Flashcard], kinds: [KindWords]) {
        (self.intro, self.outro, self.categories, self.cards, self.kinds) = (intro, outro, categories, cards, kinds)
    }

    /// The cards in the order of `keys` (a balance's `Rules.cardKeys`), so a card's
    /// index is the kernel's: a key the file lacks shows its key as its title, with
    /// no question (a replay recorded with another card file).
    public func cards(inOrderOf keys: [String]) -> CareerContent {
        guard cards.map(\.key) != keys else { return self }
        var out = self
        out.cards = keys.map { key in
            cards.first { $0.key == key }
                ?? Flashcard(key: key, category: 0, title: KindWords.plainName(key), fact: [], tip: [], source: [])
        }
        return out
    }

    /// The words of the kind `key` (a loaded balance's kinds all have theirs:
    /// `missingKinds` is checked before play; the key itself otherwise).
    public func words(_ key: String) -> KindWords {
        kinds.first { $0.key == key }
            ?? KindWords(key: key, name: KindWords.plainName(key), one: KindWords.plainName(key), many: KindWords.plainName(key))
    }

    /// What the kind `key` is made of, in a word: its `material`, else its name in lower case.
    public func material(_ key: String) -> String {
        let words = words(key)
        return words.material ?? words.name.lowercased()
    }

    /// The keys among `kindKeys` the story file has no words for.
    public func missingKinds(_ kindKeys: [String]) -> [String] {
        kindKeys.filter { key in !kinds.contains { $0.key == key } }
    }

    /// "12 plastic bottles diverted".
    public func catchLine(_ key: String, count: Int) -> String {
        let w = words(key)
        return "\(count) \(count == 1 ? w.one : w.many)"
    }
}
