import OceanBalance
import OceanAssets
import OceanKernel
import OceanSystem
import OceanTOML

/// Reads the career's words — `assets/content/story.toml` (intro, outro, how each kind
/// of catch reads) and `assets/content/flashcards.toml` — and validates them, naming
/// file, line and key of every problem: printable ASCII only (the game's font), lines
/// that fit the screen, every figure with its source, and 1 to `Rules.maxCards` cards,
/// each with its own key, in categories that each hold at least one.
public enum CareerContentLoader {
    public static func load() throws(DataError) -> CareerContent {
        let story = try FrontAssetsLoader.asset("content/story.toml")
        let cards = try FrontAssetsLoader.asset("content/flashcards.toml")
        return try parse(story: FrontAssetsLoader.text(of: story), storyFile: story,
                         cards: FrontAssetsLoader.text(of: cards), cardsFile: cards)
    }

    public static func parse(story: String, storyFile: String, cards: String, cardsFile: String) throws(DataError) -> CareerContent {
        var issues: [DataIssue] = []
        var s = Reader(text: story, file: storyFile, issues: [])
        var c = Reader(text: cards, file: cardsFile, issues: [])
        let storyTable = s.table()
        let cardTable = c.table()
        var content = CareerContent(intro: [], outro: [], categories: [], cards: [], kinds: [])
        if let storyTable {
            content.intro = s.panels(storyTable, "intro")
            content.outro = s.panels(storyTable, "outro")
            if content.intro.isEmpty { s.issue(nil, "intro", "at least one [[intro]] panel") }
            // Every kind the file words, in its order (the table's keys are in document
            // order; the balance's kinds are matched by key: `CareerContent.missingKinds`).
            let kindTable = storyTable["kind"]?.table
            let kindKeys = kindTable?.keys ?? []
            content.kinds = kindKeys.map { kindKey in
                let key = "kind.\(kindKey)"
                let t = kindTable?[kindKey]?.table
                if t == nil { s.issue(s.locator.nearestLine(of: key), key, "a table: how a catch of this kind reads") }
                // `material` may be left out (a new kind needs only its three words).
                let material = t?["material"] == nil ? nil : s.string(t, key, "material", max: 12)
                return KindWords(key: kindKey, name: s.string(t, key, "name", max: 20) ?? "",
                                 one: s.string(t, key, "one", max: 40) ?? "", many: s.string(t, key, "many", max: 40) ?? "",
                                 material: material)
            }
        }
        if let cardTable {
            let keys = cardTable["category"]?.table?.keys ?? []
            if !(1...CareerContent.maxCategories).contains(keys.count) {
                c.issue(c.locator.nearestLine(of: "category"), "category",
                        "1 to \(CareerContent.maxCategories) categories, found \(keys.count)")
            }
            content.categories = keys.map { c.string(cardTable["category"]?.table, "category", $0, max: 30) ?? "" }
            let list = cardTable["card"]?.array
            let count = list?.count ?? 0
            if !(1...Rules.maxCards).contains(count) {
                c.issue(c.headerLine("card", 0), "card", "1 to \(Rules.maxCards) [[card]] tables, found \(count)")
            }
            for i in 0..<min(count, Rules.maxCards) {
                let key = "card[\(i + 1)]"
                let t = list?[i].table
                let cardKey = c.string(t, key, "key", max: 30, line: c.line("card", i, "key")) ?? ""
                if !cardKey.isEmpty && !KindSections.isValidKey(cardKey) {
                    c.issue(c.line("card", i, "key"), key + ".key",
                            "'\(cardKey)' is not a card key: 1 to 32 lowercase letters, digits or '_', starting with a letter")
                } else if let other = content.cards.firstIndex(where: { $0.key == cardKey }), !cardKey.isEmpty {
                    c.issue(c.line("card", i, "key"), key + ".key", "'\(cardKey)' is card[\(other + 1)]'s key too; each card has its own")
                }
                let category = c.string(t, key, "category", max: 30, line: c.line("card", i, "category")) ?? ""
                let index = keys.firstIndex(of: category)
                if index == nil && !category.isEmpty {
                    c.issue(c.line("card", i, "category"), key + ".category",
                            "'\(category)' is not one of [category]: \(keys.joined(separator: ", "))")
                }
                var card = Flashcard(key: cardKey, category: index ?? 0, title: c.string(t, key, "title", max: 30, line: c.line("card", i, "title")) ?? "",
                                     fact: c.lines(t, "card", i, "fact", max: CareerContent.textChars, most: 4),
                                     tip: c.lines(t, "card", i, "tip", max: CareerContent.textChars, most: 2),
                                     source: c.lines(t, "card", i, "source", max: CareerContent.sourceChars, most: 2))
                c.quiz(t, i, into: &card)
                content.cards.append(card)
            }
            for (n, name) in keys.enumerated() where !content.cards.contains(where: { $0.category == n }) {
                c.issue(c.locator.nearestLine(of: "category.\(name)"), "category.\(name)", "at least one card, found none")
            }
        }
        issues = s.issues + c.issues
        if !issues.isEmpty { throw DataError(issues: issues) }
        return content
    }

    /// One file's text, its problems, and where its keys are written.
    struct Reader {
        let text: String
        let file: String
        var issues: [DataIssue]
        /// The file's document once read (`table()`), and where its keys are.
        private(set) var document = TOMLTable()
        private(set) var locator = KeyLocator(document: TOMLTable())

        init(text: String, file: String, issues: [DataIssue]) {
            (self.text, self.file, self.issues) = (text, file, issues)
        }

        mutating func issue(_ line: Int?, _ key: String?, _ message: String) {
            issues.append(DataIssue(file: file, line: line, key: key, message: message))
        }

        /// The document, read once; nil (and the syntax error among the issues) when
        /// the text is not TOML.
        mutating func table() -> TOMLTable? {
            do throws(DataError) {
                document = try TOMLEntries.document(text, file: file)
                locator = KeyLocator(document: document)
                return document
            } catch {
                issues += error.issues
                return nil
            }
        }

        /// The line of the `index`-th `[[array]]` header.
        func headerLine(_ array: String, _ index: Int) -> Int? {
            guard let list = document[array]?.array, index < list.count else { return nil }
            return list[index].position.line
        }

        /// The line of `key` in the `index`-th `[[array]]` table (else its header's).
        func line(_ array: String, _ index: Int, _ key: String) -> Int? {
            guard let list = document[array]?.array, index < list.count else { return nil }
            return list[index].table?.entry(key)?.keyPosition.line ?? list[index].position.line
        }

        static func printable(_ s: String) -> Bool { s.utf8.allSatisfy { (0x20...0x7E).contains($0) } }

        mutating func string(_ t: TOMLTable?, _ table: String, _ key: String, max: Int, line: Int? = nil) -> String? {
            let full = table + "." + key
            let at = line ?? locator.nearestLine(of: full)
            guard let t else { return nil }
            guard let value = t[key] else { issue(at, full, "missing"); return nil }
            guard let s = value.string else { issue(at, full, "must be a string"); return nil }
            check(s, full, max: max, line: at)
            return s
        }

        mutating func check(_ s: String, _ key: String, max: Int, line: Int?) {
            if !Reader.printable(s) { issue(line, key, "printable ASCII only (the game's font): '\(s)'") }
            if s.utf8.count > max { issue(line, key, "at most \(max) characters (it has \(s.utf8.count)): '\(s)'") }
        }

        /// An array of lines in the `index`-th `[[array]]` table.
        mutating func lines(_ t: TOMLTable?, _ array: String, _ index: Int, _ key: String, max: Int, most: Int,
                            empty: Bool = false) -> [String] {
            let full = "\(array)[\(index + 1)].\(key)"
            let at = line(array, index, key)
            guard let t else { return [] }
            guard let value = t[key] else { issue(at, full, "missing (an array of lines\(empty ? ", [] for none" : ""))"); return [] }
            guard let list = value.array else { issue(at, full, "must be an array of lines"); return [] }
            var out: [String] = []
            for item in list {
                guard let s = item.string else { issue(at, full, "every line must be a string"); continue }
                check(s, full, max: max, line: at)
                out.append(s)
            }
            if out.count > most { issue(at, full, "at most \(most) lines (it has \(out.count))") }
            if out.isEmpty && !empty { issue(at, full, "at least one line") }
            return out
        }

        /// A card's question (`ask`, `question`, `answers`, `right`): the answers
        /// distinct, the right one among them, a true-or-false question answered
        /// "True" or "False".
        mutating func quiz(_ t: TOMLTable?, _ i: Int, into card: inout Flashcard) {
            let key = "card[\(i + 1)]"
            if let ask = string(t, key, "ask", max: 20, line: line("card", i, "ask")) {
                if let a = QuizAsk(rawValue: ask) { card.ask = a } else {
                    issue(line("card", i, "ask"), key + ".ask",
                          "'\(ask)' is not one of: " + QuizAsk.allCases.map(\.rawValue).joined(separator: ", "))
                }
            }
            card.question = lines(t, "card", i, "question", max: CareerContent.textChars, most: 2)
            card.answers = lines(t, "card", i, "answers", max: CareerContent.answerChars, most: CareerContent.answerCounts.upperBound)
            let at = line("card", i, "answers")
            if t != nil && !card.answers.isEmpty && card.answers.count < CareerContent.answerCounts.lowerBound {
                issue(at, key + ".answers", "at least \(CareerContent.answerCounts.lowerBound) answers (it has \(card.answers.count))")
            }
            if Set(card.answers).count != card.answers.count { issue(at, key + ".answers", "two answers read the same") }
            if card.ask == .trueFalse && !card.answers.isEmpty && card.answers != ["True", "False"] {
                issue(at, key + ".answers", "a true_false question's answers are [\"True\", \"False\"]")
            }
            if let right = string(t, key, "right", max: CareerContent.answerChars, line: line("card", i, "right")) {
                if let r = card.answers.firstIndex(of: right) { card.right = r } else if !card.answers.isEmpty {
                    issue(line("card", i, "right"), key + ".right",
                          "'\(right)' is not one of its answers: " + card.answers.joined(separator: ", "))
                }
            }
        }

        /// A digit shown means a figure: it must name its source.
        mutating func figuresCited(_ shown: [String], source: [String], array: String, _ index: Int) {
            let figure = shown.contains { line in
                // Placeholders ({grams}) are the player's own figures, not published ones.
                line.replacing(/\{[a-z]+\}/, with: "").contains { $0.isNumber }
            }
            if figure && source.isEmpty {
                issue(line(array, index, "source"), "\(array)[\(index + 1)].source",
                      "a figure is shown: name its source (author, year, title)")
            }
        }

        mutating func panels(_ table: TOMLTable, _ array: String) -> [StoryPanel] {
            guard let list = table[array]?.array else { return [] }
            var out: [StoryPanel] = []
            for i in 0..<list.count {
                let t = list[i].table
                let key = "\(array)[\(i + 1)]"
                let figure = string(t, key, "figure", max: CareerContent.figureChars, line: line(array, i, "figure")) ?? ""
                let text = lines(t, array, i, "text", max: CareerContent.textChars, most: 5, empty: true)
                let source = lines(t, array, i, "source", max: CareerContent.sourceChars, most: 3, empty: true)
                let catches = t?["catches"]?.bool ?? false
                figuresCited([figure] + text, source: source, array: array, i)
                out.append(StoryPanel(figure: figure, text: text, source: source, catches: catches))
            }
            return out
        }
    }
}
