import Foundation
import Testing
import TestSupport

/// The day's page in a real browser: Debian's Chromium, headless.
@Suite(.serialized) struct ServedPageTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: chromium != nil, "chromium is not installed (`make deps` installs it): the page's browser check is skipped"))
    func thePageListsTheNamesAndTheSeaInChromium() throws {
        let (folder, runs) = try DailyServerTests.recorded.get()
        let db = folder + "/page-\(UInt32.random(in: 0...UInt32.max)).sqlite"
        let server = try ServerProcess(db: db, folder: folder)
        defer { server.stop() }
        for r in runs {
            let s = try DailyServerTests.submit(r.file, name: r.name, server: server.url, keyFolder: folder + "/player-\(r.name)")
            #expect(s.status == 0, "\(s.stderr)")
        }
        let page = server.url + "/daily/\(DailyServerTests.day)"
        let browser = ["--headless=new", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(folder)/chromium-profile"]
        let dom = try runProgram(Self.chromium!, browser + ["--dump-dom", page])
        #expect(dom.status == 0, "\(dom.stderr)")
        // Best first, as the leaderboard has them, and the sea's phase.
        let positions = runs.sorted { $0.score > $1.score }.map { dom.stdout.range(of: ">\($0.name)<")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil }, "names missing from the page: \(dom.stdout)")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "names out of order")
        #expect(dom.stdout.contains("id=\"phase\""), "\(dom.stdout)")
        // No replay to open while the day is played; once it closed, each name opens its run's.
        #expect(!dom.stdout.contains("/v1/runs/") && dom.stdout.contains("open when it closes, at 2026-12-02T13:00Z"))
        let closed = try ServerProcess(db: db, folder: folder, extra: ["--now", DailyServerTests.closed], name: "closed")
        defer { closed.stop() }
        let after = try runProgram(Self.chromium!, browser + ["--dump-dom", closed.url + "/daily/\(DailyServerTests.day)"])
        #expect(runs.allSatisfy { r in after.stdout.contains(">\(r.name)</a>") } && after.stdout.contains("href=\"/v1/runs/"),
                "\(after.stdout)")
        // A phone's width: the picture to look at is printed.
        let shot = folder + "/daily-page.png"
        let s = try runProgram(Self.chromium!, browser + ["--window-size=412,800", "--hide-scrollbars", "--screenshot=\(shot)", page])
        #expect(s.status == 0, "\(s.stderr)")
        let size = (try? FileManager.default.attributesOfItem(atPath: shot)[.size] as? Int) ?? 0
        #expect(size > 2000, "no screenshot at \(shot)")
        print("the day's page in Chromium: \(shot)")
    }
}
