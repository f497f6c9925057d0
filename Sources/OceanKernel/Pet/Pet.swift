/// The companion's form, chosen at adoption.
public enum PetForm: Int, StableKey {
    case cat, dog, bunny, bird, dragon

    /// Written in replays; never changes with the display name.
    public var key: String {
        switch self {
        case .cat: "cat"
        case .dog: "dog"
        case .bunny: "bunny"
        case .bird: "bird"
        case .dragon: "dragon"
        }
    }

    /// Shown to people.
    public var name: String {
        switch self {
        case .cat: "Cat"
        case .dog: "Dog"
        case .bunny: "Bunny"
        case .bird: "Bird"
        case .dragon: "Dragon"
        }
    }
}

public enum PetStage: Int, CaseIterable, Sendable, Comparable {
    case baby, child, teen, adult, elder

    public var name: String {
        switch self {
        case .baby: "Baby"
        case .child: "Child"
        case .teen: "Teen"
        case .adult: "Adult"
        case .elder: "Elder"
        }
    }

    public static func < (a: PetStage, b: PetStage) -> Bool { a.rawValue < b.rawValue }
}

public enum PetMood: Int, CaseIterable, Sendable {
    case happy, excited, focused, sleepy, missingYou

    public var name: String {
        switch self {
        case .happy: "Happy"
        case .excited: "Excited"
        case .focused: "Focused"
        case .sleepy: "Sleepy"
        case .missingYou: "Missing You"
        }
    }
}

public enum PetScene: Int, CaseIterable, Sendable {
    case indoor, outdoor, night, work

    public var name: String {
        switch self {
        case .indoor: "Indoor"
        case .outdoor: "Outdoor"
        case .night: "Night"
        case .work: "Work"
        }
    }
}

/// The pet: nothing until adopted; then its form, stage and mood, and the timers
/// its mood follows.
public struct PetState: Equatable, Sendable {
    public var adopted = false
    public var form = PetForm.cat
    public var stage = PetStage.baby
    public var mood = PetMood.happy
    /// Lifetime plastic when adopted: the stages count what came after.
    public var gramsAtAdoption = 0
    public var excitedUntil = 0
    public var happyUntil = 0
    /// The last tick with any input (a push or a command).
    public var lastInputTick = 0
    /// Set by a session after days away; cleared by the next game or scan.
    public var missingYou = false

    public init() {}
}
