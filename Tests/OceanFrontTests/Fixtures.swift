import OceanAssets
import OceanFront
import OceanKernel
import OceanStore
import TestSupport

/// The shipped front assets, loaded from the checkout.
let shippedAssets: FrontAssets = {
    do { return try FrontAssetsLoader.load(theme: repoRoot + "/assets/themes/default.toml") } catch {
        fatalError("front assets do not load: \(error)")
    }
}()
