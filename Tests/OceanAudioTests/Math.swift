#if canImport(Glibc)
import Glibc
#endif

func cosine(_ x: Double) -> Double { cos(x) }
func sine(_ x: Double) -> Double { sin(x) }
