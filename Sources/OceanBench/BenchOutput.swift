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
        try typical.encode(Int(r.typicalTicksPerCPUSecond), forKey: JSONKey("ticksPerCPUSecond"))
        try typical.encode(r.typicalTicks, forKey: JSONKey("ticks"))
        try typical.encode(rounded2(r.typicalSeconds), forKey: JSONKey("seconds"))
        try typical.encode(rounded2(r.typicalCPUSeconds), forKey: JSONKey("cpuSeconds"))
        var session = c.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("session"))
        try session.encode(Int(r.sessionTicksPerSecond), forKey: JSONKey("ticksPerSecond"))
        try session.encode(Int(r.sessionTicksPerCPUSecond), forKey: JSONKey("ticksPerCPUSecond"))
        try session.encode(r.sessionTicks, forKey: JSONKey("ticks"))
        try session.encode(rounded2(r.sessionSeconds), forKey: JSONKey("seconds"))
        try session.encode(rounded2(r.sessionCPUSeconds), forKey: JSONKey("cpuSeconds"))
        var verify = c.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("replayVerify"))
        try verify.encode(Int(r.verifyTicksPerCPUSecond), forKey: JSONKey("ticksPerCPUSecond"))
        try verify.encode(r.verifyTicks, forKey: JSONKey("ticks"))
        try verify.encode(rounded2(r.verifyCPUSeconds), forKey: JSONKey("cpuSeconds"))
        try verify.encode(rounded2(r.verifyVersusKernel), forKey: JSONKey("versusKernel"))
        var drivers = c.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("drivers"))
        try drivers.encode(Int(r.simIdleTicksPerCPUSecond), forKey: JSONKey("simIdleTicksPerCPUSecond"))
        try drivers.encode(rounded2(r.simIdleVersusKernel), forKey: JSONKey("simIdleVersusKernel"))
        try drivers.encode(Int(r.careerTicksPerCPUSecond), forKey: JSONKey("careerTicksPerCPUSecond"))
        try drivers.encode(rounded2(r.careerVersusKernel), forKey: JSONKey("careerVersusKernel"))
        var stress = c.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("stress"))
        try stress.encode(r.stressItems, forKey: JSONKey("items"))
        try stress.encode(Int(r.stressTicksPerSecond), forKey: JSONKey("ticksPerSecond"))
        try stress.encode(Int(r.stressTicksPerCPUSecond), forKey: JSONKey("ticksPerCPUSecond"))
        try stress.encode(rounded2(r.nanosPerItemUpdate), forKey: JSONKey("nsPerItemUpdate"))
        try stress.encode(rounded2(r.cpuNanosPerItemUpdate), forKey: JSONKey("cpuNsPerItemUpdate"))
        try stress.encode(r.stressTicks, forKey: JSONKey("ticks"))
        try stress.encode(rounded2(r.stressSeconds), forKey: JSONKey("seconds"))
        try stress.encode(rounded2(r.stressCPUSeconds), forKey: JSONKey("cpuSeconds"))
        try stress.encode(rounded2(r.referenceNanosPerItemUpdate), forKey: JSONKey("referenceCNsPerItemUpdate"))
        try stress.encode(rounded2(r.referenceCPUNanosPerItemUpdate), forKey: JSONKey("referenceCCPUNsPerItemUpdate"))
        try stress.encode(rounded2(r.stressVersusC), forKey: JSONKey("versusC"))
        try c.encode(r.peakMemory, forKey: JSONKey("peakMemoryBytes"))
        try c.encode(allocations, forKey: JSONKey("allocations"))
        for section in sections { try c.encode(section.value, forKey: JSONKey(section.key)) }
    }

    public var text: String {
        let r = report
        return """
        typical game   \(Int(r.typicalTicksPerCPUSecond)) ticks per CPU second, \(Int(r.typicalTicksPerSecond)) per wall second (\(r.typicalTicks) ticks in \(decimal(r.typicalCPUSeconds)) CPU s, \(decimal(r.typicalSeconds)) s)
        with session   \(Int(r.sessionTicksPerCPUSecond)) ticks per CPU second, \(Int(r.sessionTicksPerSecond)) per wall second (a career session open: \(r.sessionTicks) ticks in \(decimal(r.sessionCPUSeconds)) CPU s, \(decimal(r.sessionSeconds)) s)
        replay verify  \(Int(r.verifyTicksPerCPUSecond)) ticks per CPU second reading, re-simulating and checking the typical games' replay (\(r.verifyTicks) ticks in \(decimal(r.verifyCPUSeconds)) CPU s): \(decimal(r.verifyVersusKernel))× the typical tick's rate (target ≥ 0.8×)
        sim idle       \(Int(r.simIdleTicksPerCPUSecond)) ticks per CPU second through `ocean sim --bot idle`'s driver (\(r.simIdleTicks) ticks in \(decimal(r.simIdleCPUSeconds)) CPU s): \(decimal(r.simIdleVersusKernel))× the typical tick's time (target ≤ 1.1×)
        career         \(Int(r.careerTicksPerCPUSecond)) ticks per CPU second in 200-day human careers (\(r.careerTicks) ticks in \(decimal(r.careerCPUSeconds)) CPU s): \(decimal(r.careerVersusKernel))× the typical tick's time (target ≤ 2×)
        stress         \(Int(r.stressTicksPerCPUSecond)) ticks per CPU second, \(Int(r.stressTicksPerSecond)) per wall second, with \(r.stressItems) live items (\(decimal(r.cpuNanosPerItemUpdate)) CPU ns, \(decimal(r.nanosPerItemUpdate)) wall ns per item update)
        C reference    \(r.stressVersusC > 0 ? "\(decimal(r.referenceNanosPerItemUpdate)) ns per item update: the kernel takes \(decimal(r.stressVersusC))× as long (target ≤ 1.0×)" : "too quick to time with \(r.stressItems) live item\(r.stressItems == 1 ? "" : "s"); no comparison (more --items, e.g. the default)")
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
        try c.encode(sessionTicks, forKey: JSONKey("sessionTicks"))
        try c.encode(sessionAllocations, forKey: JSONKey("sessionAllocations"))
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
