/// A second-order Butterworth filter (the RBJ cookbook's biquad, Q = 1/√2: the
/// flattest pass band), in transposed direct form II. Kept in Double: at 25 Hz of
/// 48 kHz its poles sit so close to 1 that Float state would add its own rumble.

#if canImport(Glibc)
import Glibc
#endif

struct Biquad {
    enum Response { case highPass, lowPass }

    private let b0: Double, b1: Double, b2: Double, a1: Double, a2: Double
    private var z1 = 0.0, z2 = 0.0

    init(_ response: Response, hz: Float, rate: Float) {
        let w = 2 * Double.pi * Double(hz) / Double(rate)
        let c = cosD(w), alpha = sinD(w) / 2.0.squareRoot()  // sin w / 2Q, Q = 1/√2
        let a0 = 1 + alpha
        let edge = response == .highPass ? (1 + c) / 2 : (1 - c) / 2
        b0 = edge / a0
        b1 = (response == .highPass ? -2 * edge : 2 * edge) / a0
        b2 = edge / a0
        a1 = -2 * c / a0
        a2 = (1 - alpha) / a0
    }

    @inline(__always) mutating func run(_ x: Float) -> Float {
        let xd = Double(x)
        let y = b0 * xd + z1
        z1 = b1 * xd - a1 * y + z2
        z2 = b2 * xd - a2 * y
        return Float(y)
    }
}
