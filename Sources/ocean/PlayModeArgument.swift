import ArgumentParser
import OceanKernel
import OceanDrivers

/// `--mode classic|arcade`, read by its replay key.
extension PlayMode: ExpressibleByArgument {
    public init?(argument: String) { self.init(key: argument) }
    public static var allValueStrings: [String] { allCases.map(\.key) }
    public var defaultValueDescription: String { key }
}

/// `--input keys|pointer`: how the human bot plays.
extension HumanBot.Input: ExpressibleByArgument {}
