import OceanFront
import OceanPlatform
import OceanStore
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// With `OCEAN_PET_SHEET=FILE.png` (`make screenshots`), writes the pet's contact
/// sheet (`PetSheet`) there; without it, only checks that the sheet draws.
@Test func petSheet() throws {
    let assets = try FrontAssetsLoader.load(theme: repoRoot + "/assets/themes/default.toml")
    let sheet = PetSheet.render(assets: assets)
    #expect(sheet.width > 640 && sheet.height > 360)
    guard let path = getenv("OCEAN_PET_SHEET").map({ String(cString: $0) }) else { return }
    try PNGWriter.write(sheet, scale: 1, to: path)
}
