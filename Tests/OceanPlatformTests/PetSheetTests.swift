import OceanFront
import OceanPlatform
import OceanStore
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The pet's contact sheet (`PetSheet`) draws, larger than the screen.
@Test func petSheetDraws() throws {
    let assets = try FrontAssetsLoader.load(theme: repoRoot + "/assets/themes/default.toml")
    let sheet = PetSheet.render(assets: assets)
    #expect(sheet.width > 640 && sheet.height > 360)
    #expect(Set(sheet.pixels).count > 10)
}

/// With `OCEAN_PET_SHEET=FILE.png` (`make screenshots`), writes the pet's contact
/// sheet there; skipped without it.
@Test(.enabled(if: getenv("OCEAN_PET_SHEET") != nil, "writes docs/screenshots/pet-sheet.png: OCEAN_PET_SHEET=FILE"))
func petSheet() throws {
    let path = try #require(getenv("OCEAN_PET_SHEET").map { String(cString: $0) })
    let assets = try FrontAssetsLoader.load(theme: repoRoot + "/assets/themes/default.toml")
    try PNGFile.write(PetSheet.render(assets: assets), scale: 1, to: path)
    #expect((fileSizeOf(path) ?? 0) > 0)
}

private func fileSizeOf(_ path: String) -> Int? {
    var st = stat()
    return stat(path, &st) == 0 ? Int(st.st_size) : nil
}
