/// The quiz's Leitner schedule (GAME_RULES §3) over the cards of `Rules.cardKeys`
/// (their words are content: `assets/content/flashcards.toml`): a card asks its question; a right answer moves it up a box and makes it wait
/// longer before it asks again, a wrong one sends it back to the first box and brings
/// it back the next day; the last box (`career.mastery_days` right answers in a row,
/// each on a later day) masters it.
public enum Flashcards {
    /// The keys of the twelve cards the quiz shipped with, in their order: the cards of
    /// every replay before format 13 and every profile before version 6, which index
    /// cards by position.
    public static let firstTwelveKeys = ["where_from", "plastic_lasts", "rinse_and_sort", "know_your_rules", "refill",
                                         "bring_a_bag", "mistaken_for_food", "tangled", "tiny_pieces",
                                         "clothes_and_tyres", "packaging", "say_no_to_extras"]

    /// The day (a career day number, like `CareerState.today`) card `card` next asks
    /// its question: now if never answered; the day after a wrong answer; after the
    /// wait of its box after a right one. `Int.max` once mastered.
    public static func dueDay(_ card: Int, _ c: borrowing CareerState, rules: Rules) -> Int {
        if c.masteredCards & (1 << card) != 0 { return Int.max }
        let last = c.cardLastDay[card]
        if last == CareerState.never { return Int.min }
        return last + wait(box: c.cardDays[card], rules: rules)
    }

    /// Whether card `card` asks its question on career day `today`.
    public static func isDue(_ card: Int, _ c: borrowing CareerState, today: Int, rules: Rules) -> Bool {
        dueDay(card, c, rules: rules) <= today
    }

    /// Days a card in `box` waits after its last answer: one after a wrong answer (box
    /// 0), `first_review_days` after the first right one, growing by
    /// `review_growth_percent` with each further box (at most a year).
    public static func wait(box: Int, rules: Rules) -> Int {
        guard box > 0 else { return 1 }
        var days = rules.career.firstReviewDays
        var b = 1
        while b < box && days < 366 {
            days = days * rules.career.reviewGrowthPercent / 100
            b += 1
        }
        return min(days, 366)
    }
}
