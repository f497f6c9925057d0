import OceanKernel

/// Health (in 1/10000) as a percentage with two decimals: 1505 → "15.05".
public func percent(_ health: Int) -> String {
    "\(health / 100).\(health % 100 < 10 ? "0" : "")\(health % 100)"
}
