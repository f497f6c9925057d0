import OceanKernel

/// What `replay update` changed in one file, for the person who asked for it.
public struct ReplayChanges: Sendable {
    public var checkpoints = 0
    public var changedCheckpoints = 0
    public var firstChangedTick: Int?
    public var before: ReplaySummary?
    public var after: ReplaySummary
    public var hashBefore: UInt64?
    public var hashAfter: UInt64

    public var unchanged: Bool { changedCheckpoints == 0 && hashBefore == hashAfter && before == after }

    /// One line per changed summary field, `name: old → new`.
    public var summaryLines: [String] {
        guard let b = before else { return ["(no end record before)"] }
        let a = after
        let pairs: [(String, String, String)] = [
            ("games", "\(b.games)", "\(a.games)"), ("catches", "\(b.catches)", "\(a.catches)"),
            ("misses", "\(b.misses)", "\(a.misses)"), ("perfect games", "\(b.perfectGames)", "\(a.perfectGames)"),
            ("best combo", "\(b.bestCombo)", "\(a.bestCombo)"), ("score", "\(b.score)", "\(a.score)"),
            ("grams", "\(b.grams)", "\(a.grams)"), ("health", "\(b.health)", "\(a.health)"),
            ("phase", b.phase.key, a.phase.key),
        ]
        return pairs.filter { $0.1 != $0.2 }.map { "\($0.0): \($0.1) → \($0.2)" }
    }
}

public enum ReplayUpdate {
    /// Re-records a replay's inputs with the current engine and the constants the
    /// replay carries: new checkpoints, end record and checksum; the header and the
    /// inputs stay. The only way a golden replay's expectations change. It writes the
    /// current format, so an older file comes out in the current one (only on
    /// request: see `ocean replay update --upgrade`).
    /// `checkpointEvery`: a new checkpoint interval (default: the file's own); only
    /// checkpoints at the same tick in both are compared.
    public static func rewrite(_ read: ReadReplay, checkpointEvery: Int? = nil) -> (text: String, changes: ReplayChanges) {
        let old = read.replay
        var header = old.header
        header.engine = Engine.version
        header.formatVersion = ReplayFormat.version
        if let checkpointEvery { header.checkpointEvery = checkpointEvery }
        let endTick = old.end?.tick ?? old.lastTick
        var inputs = old.inputs
        // The quiz has no `study`: a file from before it studies a card by a right answer
        // (on the quiz's schedule, so a card not due that day then does nothing).
        if old.header.formatVersion < ReplayFormat.quizSince {
            for i in inputs.indices {
                if case .study(let card) = inputs[i].input.command { inputs[i].input.command = .answer(card: card, right: true) }
            }
        }
        let text = ReplayRecorder.text(header: header, inputs: inputs, endTick: endTick)
        // Read back what was just written: it must parse, and it gives the new records.
        let new = try! ReplayReader.read(bytes: Array(text.utf8), file: "(updated)").replay
        var changes = ReplayChanges(after: new.end!.summary, hashAfter: new.end!.hash)
        changes.before = old.end?.summary
        changes.hashBefore = old.end?.hash
        changes.checkpoints = new.checkpoints.count
        // A format change changes every hash; compare what a person reads then.
        let sameFormat = old.header.formatVersion == ReplayFormat.version
        // Both lists go up by tick: walk the old one alongside for the same tick's.
        var o = 0
        for c in new.checkpoints {
            while o < old.checkpoints.count && old.checkpoints[o].tick < c.tick { o += 1 }
            let before = o < old.checkpoints.count && old.checkpoints[o].tick == c.tick ? old.checkpoints[o] : nil
            if let before, sameFormat && before.ticks.count == c.ticks.count ? before == c : before.fields == c.fields { continue }
            if before == nil && old.header.checkpointEvery != header.checkpointEvery { continue }
            changes.changedCheckpoints += 1
            if changes.firstChangedTick == nil { changes.firstChangedTick = c.tick }
        }
        return (text, changes)
    }
}
