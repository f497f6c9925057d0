/// The menu over a paused game (Escape, a pad's Start, or the window losing focus):
/// Resume, Back to the menu, Sound, Theme, Quit. It only says what the player chose
/// (`Choice`); the play loop does it: resuming, ending the game as abandoned, setting
/// and saving the volumes, restyling the screens, quitting. Plain values, no SDL, so
/// every key's effect is tested headless.
public struct PauseMenu: Equatable, Sendable {
    /// The main page's rows, top to bottom.
    public enum Item: Int, CaseIterable, Sendable {
        case resume, backToMenu, sound, theme, quit

        public var label: String {
            switch self {
            case .resume: "Resume"
            case .backToMenu: "Back to the menu"
            case .sound: "Sound"
            case .theme: "Theme"
            case .quit: "Quit"
            }
        }
    }

    /// The sound page's rows: three volumes, Mute, then Back.
    public enum SoundRow: Int, CaseIterable, Sendable {
        case master, music, effects, mute, back

        public var label: String {
            switch self {
            case .master: "Master"
            case .music: "Music"
            case .effects: "Effects"
            case .mute: "Mute"
            case .back: "Back"
            }
        }

        /// A volume in percent (the rows ←/→ step), not a switch or Back.
        public var isVolume: Bool { self == .master || self == .music || self == .effects }
    }

    public enum Page: Equatable, Sendable { case main, sound }

    /// The three volumes, in percent (0–100), and the mute, as the settings file keeps them.
    public struct Volumes: Equatable, Sendable {
        public var master, music, effects: Int
        public var mute: Bool
        public init(master: Int = 100, music: Int = 80, effects: Int = 100, mute: Bool = false) {
            (self.master, self.music, self.effects, self.mute) = (master, music, effects, mute)
        }

        subscript(row: SoundRow) -> Int {
            get { row == .master ? master : (row == .music ? music : effects) }
            set {
                switch row {
                case .master: master = newValue
                case .music: music = newValue
                case .effects: effects = newValue
                case .mute, .back: break
                }
            }
        }
    }

    /// What the player chose with one key.
    public enum Choice: Equatable, Sendable {
        case none
        case resume
        /// End the game as abandoned and go back to the career's menu.
        case backToMenu
        /// A volume changed: apply it now (the sound follows as the key is pressed).
        case volumesChanged(Volumes)
        /// The sound page was left after a change: keep the volumes in the settings file.
        case saveVolumes(Volumes)
        /// M away from the sound page: the mute flipped, to apply and keep at once.
        case muteToggled(Volumes)
        /// Another theme: restyle the screens with it.
        case theme(String)
        /// End the game as abandoned and leave.
        case quit
    }

    /// One volume step of ←/→.
    public static let volumeStep = 10

    public private(set) var page = Page.main
    /// The highlighted row of the page shown.
    public private(set) var selection = 0
    public private(set) var volumes: Volumes
    /// The themes the Theme row cycles through, and the one in use.
    public let themes: [String]
    public private(set) var themeIndex: Int
    /// A line for the sound page in place of its help: why the volumes are not heard
    /// this session (muted, no device); nil for the help.
    public var soundNote: String?
    /// Whether the volumes changed since the sound page was opened (saved on leaving it).
    private var volumesDirty = false

    public init(volumes: Volumes = Volumes(), themes: [String] = ["default"], theme: String = "default") {
        self.volumes = volumes
        self.themes = themes.isEmpty ? [theme] : themes
        themeIndex = self.themes.firstIndex(of: theme) ?? 0
    }

    /// The theme in use.
    public var theme: String { themes[themeIndex] }

    /// The line of help under the rows: the keys of the page shown (the sound page's
    /// note in its place when there is one).
    public var help: String {
        page == .main ? "Arrows and Enter; M mutes; Esc resumes" : (soundNote ?? "Left and right change; M mutes; Esc goes back")
    }

    /// The rows of the page shown.
    public var rowCount: Int { page == .main ? Item.allCases.count : SoundRow.allCases.count }

    /// Opens on Resume, on the main page (each pause starts fresh).
    public mutating func open() {
        page = .main
        selection = 0
        volumesDirty = false
    }

    /// One key (or a click on row `row`, already hit-tested by the view).
    public mutating func handle(_ key: CareerKey, clickedRow row: Int? = nil) -> Choice {
        switch key {
        case .up: selection = (selection + rowCount - 1) % rowCount
        case .down: selection = (selection + 1) % rowCount
        case .left: return adjust(-1)
        case .right: return adjust(+1)
        case .confirm, .space: return choose()
        case .back: return back()
        case .click:
            guard let row, (0..<rowCount).contains(row) else { return .none }
            selection = row
            return choose()
        case .backspace, .other, .text: break
        }
        return .none
    }

    /// M, on the game's screen or any page of this menu: flips the mute. On the sound
    /// page it is kept on leaving, with the volumes; elsewhere at once.
    public mutating func toggleMute() -> Choice {
        volumes.mute.toggle()
        guard page == .sound else { return .muteToggled(volumes) }
        volumesDirty = true
        return .volumesChanged(volumes)
    }

    /// Escape, B or Start: the sound page goes back to the main one; the main page resumes.
    public mutating func back() -> Choice {
        guard page == .sound else { return .resume }
        return leaveSound()
    }

    private mutating func choose() -> Choice {
        switch page {
        case .main:
            switch Item(rawValue: selection)! {
            case .resume: return .resume
            case .backToMenu: return .backToMenu
            case .sound:
                page = .sound
                selection = 0
                volumesDirty = false
                return .none
            case .theme: return adjust(+1)
            case .quit: return .quit
            }
        case .sound:
            switch SoundRow(rawValue: selection)! {
            case .back: return leaveSound()
            case .mute: return toggleMute()
            default: return .none
            }
        }
    }

    private mutating func leaveSound() -> Choice {
        page = .main
        selection = Item.sound.rawValue
        guard volumesDirty else { return .none }
        volumesDirty = false
        return .saveVolumes(volumes)
    }

    /// ←/→ on a volume (a step, clamped to 0–100) or on the theme (the next one, round).
    private mutating func adjust(_ direction: Int) -> Choice {
        switch page {
        case .main:
            guard selection == Item.theme.rawValue, themes.count > 1 else { return .none }
            themeIndex = (themeIndex + direction + themes.count) % themes.count
            return .theme(theme)
        case .sound:
            let row = SoundRow(rawValue: selection)!
            if row == .mute { return toggleMute() }
            guard row.isVolume else { return .none }
            let new = min(100, max(0, volumes[row] + direction * PauseMenu.volumeStep))
            guard new != volumes[row] else { return .none }
            volumes[row] = new
            volumesDirty = true
            return .volumesChanged(volumes)
        }
    }
}
