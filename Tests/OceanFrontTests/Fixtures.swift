import OceanAssets
import OceanFront
import OceanKernel
import OceanStore
import TestSupport

/// The shipped front assets, loaded from the checkout.
private let shippedAssetsLoad = Result { try FrontAssetsLoader.load(theme: repoRoot + "/assets/themes/default.toml") }
var shippedAssets: FrontAssets { get throws { try shippedAssetsLoad.get() } }
