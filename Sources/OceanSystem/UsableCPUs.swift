#if canImport(Glibc)
import Glibc
#endif

/// How many CPUs this process may really use: the fewest of the CPUs it may be
/// scheduled on (`sched_getaffinity`: taskset, Slurm's and Kubernetes' cpusets), the
/// cgroup v2 quota (`cpu.max`: a container's CPU limit, rounded up), and Slurm's
/// `SLURM_CPUS_PER_TASK`. `nproc` counts the first only; a thread pool sized by the
/// machine's cores would oversubscribe a limited task.
public enum UsableCPUs {
    public static func count(environment: [String: String]) -> Int {
        var n = online()
        if let a = affinity() { n = min(n, a) }
        if let q = cgroupQuota(readTextFile("/proc/self/cgroup", limit: 1 << 16) ?? "") { n = min(n, q) }
        if let s = environment["SLURM_CPUS_PER_TASK"].flatMap(Int.init), s >= 1 { n = min(n, s) }
        return max(1, n)
    }

    static func online() -> Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// The CPUs in this process's affinity mask, from /proc/self/status
    /// (`Cpus_allowed_list`): Glibc's `sched_getaffinity` is hidden behind _GNU_SOURCE
    /// from Swift, and the kernel writes the same mask there.
    static func affinity() -> Int? {
        guard let status = readTextFile("/proc/self/status", limit: 1 << 16),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") }) else { return nil }
        return parseCPUList(String(line.dropFirst("Cpus_allowed_list:".count)))
    }

    /// A CPU list ("0-3,8,10-11") as a count; nil if it is not one.
    public static func parseCPUList(_ text: String) -> Int? {
        var n = 0
        for part in text.split(separator: ",") {
            let bounds = part.filter { !$0.isWhitespace }.split(separator: "-")
            guard let a = bounds.first.flatMap({ Int($0) }) else { return nil }
            let b = bounds.count == 2 ? Int(bounds[1]) : a
            guard let b, b >= a, bounds.count <= 2 else { return nil }
            n += b - a + 1
        }
        return n > 0 ? n : nil
    }

    /// The quota of this process's cgroup (v2) and of each cgroup above it, the
    /// smallest: `cpu.max` holds "QUOTA PERIOD" or "max PERIOD".
    static func cgroupQuota(_ procCgroup: String) -> Int? {
        // cgroup v2: the line "0::/path".
        guard let line = procCgroup.split(separator: "\n").first(where: { $0.hasPrefix("0::") }) else { return nil }
        var path = String(line.dropFirst(3))
        var best: Int?
        while true {
            let folder = "/sys/fs/cgroup" + (path == "/" ? "" : path)
            if let text = readTextFile(folder + "/cpu.max", limit: 256), let q = parseCPUMax(text) { best = min(best ?? q, q) }
            guard path != "/", let slash = path.lastIndex(of: "/") else { break }
            path = slash == path.startIndex ? "/" : String(path[..<slash])
        }
        return best
    }

    /// `cpu.max`'s "QUOTA PERIOD" as whole CPUs (rounded up); nil for "max".
    public static func parseCPUMax(_ text: String) -> Int? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard parts.count >= 2, let quota = Int(parts[0]), let period = Int(parts[1]), quota > 0, period > 0 else { return nil }
        return max(1, (quota + period - 1) / period)
    }
}
