import Foundation
import OceanSession
import OceanKernel
import OceanSystem
import Testing
import TestSupport

/// `ocean play`'s recording and saving policy, without a window.
@Suite struct PlayRecordingTests {
    @Test func partsAfterTheFirstPutTheirNumberBeforeTheExtension() {
        #expect(PlayRecording.path("run.replay", segment: 1) == "run.replay")
        #expect(PlayRecording.path("run.replay", segment: 2) == "run.2.replay")
        #expect(PlayRecording.path("out/run.v1.replay", segment: 3) == "out/run.v1.3.replay")
        #expect(PlayRecording.path("out.d/run", segment: 2) == "out.d/run.2", "a dot in a folder is not an extension")
        #expect(PlayRecording.path(".hidden", segment: 2) == ".hidden.2")
    }

    @Test func withoutRecordEveryPartIsLastGameBesideTheProfile() {
        var r = PlayRecording(record: nil, force: false, profile: "data/profile")
        #expect(r.path == "data/last-game.replay" && r.replaces)
        let note = r.nextPart(balance: "b.toml") { _ in true }
        #expect(r.path == "data/last-game.replay" && r.segment == 2)
        #expect(note.contains("no --record") && note.hasPrefix("b.toml reloaded: "), "\(note)")
        #expect(PlayRecording(record: nil, force: false, profile: "profile").path == "last-game.replay")
        #expect(PlayRecording(record: nil, force: false, profile: "/home/a/profile").path == "/home/a/last-game.replay")
    }

    /// Issue 49, one writer per shared file: two careers in one folder each keep their
    /// own last game and Daily Ocean tries (named for the profile); the default
    /// profile keeps the plain names.
    @Test func twoCareersInOneFolderKeepTheirOwnFiles() {
        #expect(PlayRecording.lastGamePath(profile: "data/ada") == "data/ada.last-game.replay")
        #expect(PlayRecording.lastGamePath(profile: "data/bo.profile") == "data/bo.last-game.replay")
        #expect(PlayRecording.lastGamePath(profile: "p") == "p.last-game.replay")
        #expect(PlayRecording.lastGamePath(profile: "/home/a/.profile") == "/home/a/.profile.last-game.replay")
        let day = CalendarDate(year: 2026, month: 12, day: 1)
        #expect(DailyTries(profile: "data/profile", date: day).folder == "data/daily")
        #expect(DailyTries(profile: "data/ada", date: day).folder == "data/ada.daily")
        #expect(DailyTries(profile: "data/ada", date: day).officialPath != DailyTries(profile: "data/bo", date: day).officialPath)
    }

    @Test func aNamedRecordingTakesTheNextFreeNameUnlessForced() {
        let taken: Set = ["run.2.replay", "run.3.replay"]
        var r = PlayRecording(record: "run.replay", force: false, profile: "p")
        #expect(!r.replaces)
        let note = r.nextPart(balance: "b.toml") { taken.contains($0) }
        #expect(r.path == "run.4.replay" && r.segment == 4)
        #expect(note.contains("the recording so far is in run.replay; from the next game on, run.4.replay"), "\(note)")
        var forced = PlayRecording(record: "run.replay", force: true, profile: "p")
        #expect(forced.replaces)
        _ = forced.nextPart(balance: "b.toml") { taken.contains($0) }
        #expect(forced.path == "run.2.replay")
    }

    @Test func theCareerIsSavedAfterGamesAndMenuActionsOnly() {
        #expect(PlayRecording.changesTheCareer(.cardStudied(card: 1, days: 1)))
        #expect(PlayRecording.changesTheCareer(.cardAnswered(card: 1, right: false, box: 0, dueDay: 2)))
        #expect(!PlayRecording.changesTheCareer(.gameStarted(game: 1)))
        #expect(!PlayRecording.changesTheCareer(.roundEnded(round: 1)))
    }

    /// A relative profile folder stays relative: `data/p` makes `data` here, never `/data`.
    @Test func foldersLeadingToAPathKeepItsForm() {
        #expect(folderChain("data/p") == ["data", "data/p"])
        #expect(folderChain("/a/b") == ["/a", "/a/b"])
        #expect(folderChain("./x//y/") == [".", "./x", "./x/y"])
        #expect(folderChain("/") == [])
        let root = freshFolder("recording")
        let r = PlayRecording(record: nil, force: false, profile: root + "/deep/er/profile")
        #expect(r.makeFolder())
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: root + "/deep/er", isDirectory: &isFolder) && isFolder.boolValue)
    }
}
