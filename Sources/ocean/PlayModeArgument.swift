import ArgumentParser
import OceanKernel

/// `--mode classic|arcade`, read by its replay key.
extension PlayMode: ExpressibleByArgument {
    public init?(argument: String) { self.init(key: argument) }
    public static var allValueStrings: [String] { allCases.map(\.key) }
    public var defaultValueDescription: String { key }
}
