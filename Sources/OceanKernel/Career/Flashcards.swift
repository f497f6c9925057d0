/// The twelve flashcards, two per category. Studying one is an input; a card is
/// mastered once studied on `career.mastery_days` different days.
public enum Flashcards {
    public static let count = 12
}
