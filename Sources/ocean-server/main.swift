import OceanCLI
#if canImport(Glibc)
import Glibc
#endif

// The only exit: with the status the command ended with (see `runCommandLine`).
exit(runCommandLine(ServeCommand.self))
