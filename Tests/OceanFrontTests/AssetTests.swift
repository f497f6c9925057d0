import OceanBalance
import OceanAssets
import OceanFront
import OceanKernel
import OceanStore
import OceanSystem
import Testing
import TestSupport

/// The data files: shipped ones load; broken ones are refused naming file, line, key.
@Suite struct AssetTests {
    @Test func shippedThemesLoad() throws {
        for name in FrontAssetsLoader.shippedThemes {
            let a = try FrontAssetsLoader.load(theme: name)
            #expect(a.font.glyphWidth == 5 && a.font.glyphHeight == 8)
        }
        _ = try FrontAssetsLoader.load(theme: nil)
    }

    @Test func unknownThemeNamesItAndTheShippedOnes() {
        #expect(throws: DataError.self) { try FrontAssetsLoader.load(theme: "neon") }
        do { _ = try FrontAssetsLoader.load(theme: "neon") } catch {
            #expect(error.description.contains("neon"))
            #expect(error.description.contains("high-contrast"))
        }
    }

    /// The default theme with one line replaced (or a line added), as a file.
    func brokenTheme(_ replace: String, with: String) -> String {
        let text = readTextFile(repoRoot + "/assets/themes/default.toml")!
        let changed = with.isEmpty && replace.isEmpty ? text : text.replacingFirst(replace, with: with)
        let path = freshFolder("theme") + "/broken.toml"
        #expect((try? replaceFile(path, with: changed)) != nil)
        return path
    }

    func issues(_ path: String) -> [DataIssue] {
        do { _ = try FrontAssetsLoader.load(theme: path); return [] } catch { return error.issues }
    }

    @Test func brokenThemesAreRefusedWithFileLineAndKey() {
        let wrongType = brokenTheme("scale = 1 ", with: "scale = \"big\" ")
        let i1 = issues(wrongType)
        let scaleLine = 1 + readTextFile(wrongType)!.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.hasPrefix("scale = ") }!
        #expect(i1.contains { $0.key == "font.scale" && $0.line == scaleLine && $0.file == wrongType })

        let outOfRange = brokenTheme("ms = 900", with: "ms = 99999")
        #expect(issues(outOfRange).contains { $0.key == "popup.ms" && $0.line != nil })

        let missing = brokenTheme("period_ms = 2400\n", with: "")
        #expect(issues(missing).contains { $0.key == "waves.period_ms" })

        let unknown = brokenTheme("[waves]\n", with: "[waves]\namplitud_px = 3\n")
        let i4 = issues(unknown)
        #expect(i4.contains { $0.key == "waves.amplitud_px" && $0.line != nil && $0.message.contains("amplitude_px") })

        let rule = brokenTheme("fish = 0\n", with: "fish = 2\n")
        #expect(issues(rule).contains { $0.key == "phase.polluted.fish" })
    }

    @Test func badFontIsRefusedWithFileAndLine() {
        var text = "size 5 7\n"
        for c in 32...126 { text += "char \(c)\n" + String(repeating: ".....\n", count: 7) }
        let bad = text.replacingFirst("char 65\n.....", with: "char 65\n..x..")
        #expect(throws: DataError.self) { try BitmapFont.parse(text: bad, file: "font.txt") }
        do { _ = try BitmapFont.parse(text: bad, file: "font.txt") } catch {
            let line = 1 + 8 * (65 - 32) + 2
            #expect(error.issues.contains { $0.file == "font.txt" && $0.line == line })
        }
        let short = text.replacingFirst("char 126\n.....\n", with: "")
        do { _ = try BitmapFont.parse(text: short, file: "font.txt"); Issue.record("accepted") } catch {
            #expect(error.issues.contains { $0.file == "font.txt" && $0.line != nil })
        }
    }

    @Test func badSpritesAreRefusedWithFileAndLine() throws {
        let good = readTextFile(repoRoot + "/assets/sprites.txt")!
        _ = try SpriteSheet.parse(text: good, file: "sprites.txt")
        let lines = good.split(separator: "\n", omittingEmptySubsequences: false)
        let fishRow = lines.firstIndex { $0 == "sprite fish" }! + 2  // 1-based line of the fish's first row
        let bad = good.replacingFirst("sprite fish\n....oo....", with: "sprite fish\n....oo...Q")
        do { _ = try SpriteSheet.parse(text: bad, file: "sprites.txt"); Issue.record("accepted") } catch {
            #expect(error.issues.contains { $0.file == "sprites.txt" && $0.line == fishRow && $0.message.contains("palette") })
        }
        let ragged = good.replacingFirst("sprite fish\n....oo....", with: "sprite fish\n....oo.....")
        do { _ = try SpriteSheet.parse(text: ragged, file: "sprites.txt"); Issue.record("accepted") } catch {
            #expect(error.issues.contains { $0.line != nil && $0.message.contains("wide") })
        }
        let noBin = good.replacingFirst("sprite bin\n", with: "sprite bucket\n")
        #expect(throws: DataError.self) { try SpriteSheet.parse(text: noBin, file: "sprites.txt") }
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        replacing(target, with: replacement, maxReplacements: 1)
    }
}
