import OceanKernel
import OceanStore
import OceanSystem

/// Why a career run stopped before its last day.
enum CareerStop: Error, CustomStringConvertible {
    case save(Profile.LoadError)
    /// A signal asked it to stop; everything through the date was saved.
    case interrupted(Int32, CalendarDate)

    var description: String {
        switch self {
        case .save(let e): e.description
        case .interrupted(let signal, let date):
            "stopped by \(Interruption.name(signal)): the profile holds the career through \(date)"
        }
    }

    var status: Int32 {
        switch self {
        case .save: ExitStatus.badInput
        case .interrupted(let signal, _): 128 + signal
        }
    }
}
