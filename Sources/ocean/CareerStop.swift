import OceanCLI
import OceanKernel
import OceanStore
import OceanSystem

/// Why a career run stopped before its last day.
enum CareerStop: Error, CustomStringConvertible {
    case save(Profile.LoadError)
    /// A signal asked it to stop after the date (saved, with a profile).
    case interrupted(Int32, CalendarDate, saved: Bool)

    var description: String {
        switch self {
        case .save(let e): e.description
        case .interrupted(let signal, let date, let saved):
            saved ? "stopped by \(Interruption.name(signal)): the profile holds the career through \(date)"
                : "stopped by \(Interruption.name(signal)) after \(date); nothing was saved (no --profile)"
        }
    }

    var status: Int32 {
        switch self {
        case .save: ExitStatus.badInput
        case .interrupted(let signal, _, _): 128 + signal
        }
    }
}
