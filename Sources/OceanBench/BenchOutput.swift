import OceanDrivers

/// `ocean-bench`'s figures as text and as JSON (through the one JSON writer),
/// rounded to two decimals where they are measurements.
public struct BenchOutput: Encodable, Sendable {
    public var report: BenchReport
    public var allocations: AllocationReport
    /// Further targets' figures (the audio DSP, the renderer), each under its key.
    public var sections: [BenchSection] = []

    public init(report: BenchReport, allocations: AllocationReport) {
        (self.report, self.allocations) = (report, allocations)
    }

    public var json: String { JSONOutput.text(self) }

    public func encode(to encoder: any Encoder) throws {
        let r = report
        var c = encoder.container(keyedBy: JSONKey.self)
        var typical = c.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("typical"))
        try typical.encode(Int(r.typicalTicksPerSecond), forKey: JSONKey("ticksPerSecond"))
        try typical.encode(r.typicalTicks, forKey: JSONKey("ticks"))
        try typical.encode(rounded2(r.typicalSeconds), forKey: JSONKey("seconds"))
        var stress = c.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("stress"))
        try stress.encode(r.stressItems, forKey: JSONKey("items"))
        try stress.encode(Int(r.stressTicksPerSecond), forKey: JSONKey("ticksPerSecond"))
        try stress.encode(rounded2(r.nanosPerItemUpdate), forKey: JSONKey("nsPerItemUpdate"))
        try stress.encode(r.stressTicks, forKey: JSONKey("ticks"))
        try stress.encode(rounded2(r.stressSeconds), forKey: JSONKey("seconds"))
        try stress.encode(rounded2(r.referenceNanosPerItemUpdate), forKey: JSONKey("referenceCNsPerItemUpdate"))
        try stress.encode(rounded2(r.stressVersusC), forKey: JSONKey("versusC"))
        try c.encode(r.peakMemory, forKey: JSONKey("peakMemoryBytes"))
        try c.encode(allocations, forKey: JSONKey("allocations"))
        for section in sections { try c.encode(section.value, forKey: JSONKey(section.key)) }
    }

    public var text: String {
        let r = report
        return """
        typical game   \(Int(r.typicalTicksPerSecond)) ticks/s (\(r.typicalTicks) ticks in \(decimal(r.typicalSeconds)) s)
        stress         \(Int(r.stressTicksPerSecond)) ticks/s with \(r.stressItems) live items (\(decimal(r.nanosPerItemUpdate)) ns per item update)
        C reference    \(r.stressVersusC > 0 ? "\(decimal(r.referenceNanosPerItemUpdate)) ns per item update: the kernel takes \(decimal(r.stressVersusC))× as long (target ≤ 2×)" : "too quick to time with \(r.stressItems) live item\(r.stressItems == 1 ? "" : "s"); no comparison (more --items, e.g. the default)")
        peak memory    \(r.peakMemory / 1024) KiB
        allocations    \(allocations.text)
        """ + sections.map { "\n" + $0.text }.joined()
    }
}

extension AllocationReport: Encodable {
    /// null when nothing was counted.
    public func encode(to encoder: any Encoder) throws {
        guard let t = typicalAllocations, let s = stressAllocations else {
            var c = encoder.singleValueContainer()
            try c.encodeNil()
            return
        }
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.encode(typicalTicks, forKey: JSONKey("typicalTicks"))
        try c.encode(t, forKey: JSONKey("typicalAllocations"))
        try c.encode(stressTicks, forKey: JSONKey("stressTicks"))
        try c.encode(s, forKey: JSONKey("stressAllocations"))
    }
}

/// One more target's benchmark: its JSON under `key`, and its line of text.
public struct BenchSection: Encodable, Sendable {
    public var key: String
    public var value: any Encodable & Sendable
    public var text: String

    public init(key: String, value: any Encodable & Sendable, text: String) {
        (self.key, self.value, self.text) = (key, value, text)
    }

    public func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
