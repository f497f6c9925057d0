import OceanAssets

/// Where the career's screens put their lists and choices, shared by the drawing and
/// by the flow's hit-testing of clicks, so a click lands on what is drawn.
public struct CareerLayout: Equatable, Sendable {
    public struct Box: Equatable, Sendable {
        public var x, y, w, h: Int
        public func contains(x px: Int, y py: Int) -> Bool { px >= x && px < x + w && py >= y && py < y + h }
    }

    public let width: Int
    /// The scale of the screens' body text (the theme's `career.body_scale`).
    public let bodyScale: Int
    /// One body line: the font's cell height at `bodyScale` and a gap.
    public let pitch: Int
    /// The menu's first item and the scan list's first kind.
    public let listTop: Int
    /// The list's column (the middle one, between the HUD's panels).
    public let listX: Int, listWidth: Int
    /// The tabs at the top of the achievements and milestones pages (`CareerFlow.pages`),
    /// side by side and centred.
    public let tabs: [Box]

    public init(theme: Theme, cellHeight: Int, cellWidth: Int = 6, width: Int) {
        self.width = width
        let tabScale = max(1, theme.bigFontScale - 1)
        let widths = CareerFlow.pages.map { $0.utf8.count * cellWidth * tabScale }
        var x = (width - widths.reduce(0, +) - CareerLayout.tabGap * (widths.count - 1)) / 2
        var tabs: [Box] = []
        for w in widths {
            tabs.append(Box(x: x - 6, y: CareerLayout.titleY - 4, w: w + 12, h: cellHeight * tabScale + 8))
            x += w + CareerLayout.tabGap
        }
        self.tabs = tabs
        bodyScale = theme.careerBodyScale
        pitch = cellHeight * theme.careerBodyScale + theme.careerItemGapPx
        listTop = theme.careerListTopPx
        // Between the HUD's panels, which widen with a bigger text scale (`Layout.panelWidth`).
        listX = Layout.panelWidth(theme: theme, cellWidth: cellWidth)
        listWidth = width - 2 * listX
    }

    /// Where a screen's title stands.
    static let titleY = 14
    /// The gap between the two tabs.
    static let tabGap = 40

    /// The tab under a point, if any.
    public func tab(atX x: Int, y: Int) -> Int? {
        tabs.indices.first { tabs[$0].contains(x: x, y: y) }
    }

    /// The row of list item `i`.
    public func item(_ i: Int) -> Box { Box(x: listX, y: listTop + i * pitch - pitch / 4, w: listWidth, h: pitch) }

    /// The list item under a point, if any of `count`.
    public func item(atX x: Int, y: Int, count: Int) -> Int? {
        (0..<count).first { item($0).contains(x: x, y: y) }
    }

    /// A flashcard's answer row `i`: under its question, in the middle of the screen.
    public func answer(_ i: Int) -> Box {
        Box(x: width / 2 - CareerLayout.answerWidth / 2, y: CareerLayout.answerTop + i * pitch - pitch / 4,
            w: CareerLayout.answerWidth, h: pitch)
    }

    /// The answer row under a point, if any of `count`.
    public func answer(atX x: Int, y: Int, count: Int) -> Int? {
        (0..<count).first { answer($0).contains(x: x, y: y) }
    }

    /// The first answer's line: below the card's title, its "Which bin?" and two lines
    /// of question at any text scale.
    static let answerTop = 140
    static let answerWidth = 320

    /// The adoption screen's boxes: the forms side by side.
    public func choice(_ i: Int, of count: Int) -> Box {
        let gap = 8
        let w = min(110, (width - 40 - gap * (count - 1)) / max(1, count))
        let x0 = (width - (w * count + gap * (count - 1))) / 2
        return Box(x: x0 + i * (w + gap), y: listTop + pitch, w: w, h: 4 * pitch)
    }

    public func choice(atX x: Int, y: Int, count: Int) -> Int? {
        (0..<count).first { choice($0, of: count).contains(x: x, y: y) }
    }
}
