#if canImport(Glibc)
import Glibc
#endif

/// What happens when the X server goes away mid-session (it crashed, the connection
/// was killed): Xlib calls its I/O error handler, which must not return (Xlib exits
/// the process if it does). The default one prints Xlib's message and exits 1, so
/// what was being recorded is lost; this one runs `onLoss` first — the caller finishes
/// and keeps the recording and says so — then ends the process with status 2
/// through `endProcess`, which the program's entry point sets (only it ends the process).
///
/// Xlib is loaded by SDL's X11 video driver; it is found with `dlopen(RTLD_NOLOAD)`,
/// so nothing happens under another driver (Wayland, offscreen) or before a window.
public enum DisplayLoss {
    /// Run once when the display is lost, on the thread that noticed (the loop's, in
    /// SDL's event pump or present); the process exits 2 afterwards.
    nonisolated(unsafe) public static var onLoss: (() -> Void)?
    /// Ends the process with a status without returning (`main` sets `_exit`: no
    /// atexit handlers, which would call into the lost display). Until it is set, a
    /// lost display returns to Xlib, which exits 1.
    nonisolated(unsafe) public static var endProcess: ((Int32) -> Void)?

    private typealias Handler = @convention(c) (OpaquePointer?) -> Int32
    private typealias SetHandler = @convention(c) (Handler?) -> Handler?

    /// Installs the handler, once a window is open; false if Xlib is not in use.
    @discardableResult
    public static func install() -> Bool {
        guard let xlib = dlopen("libX11.so.6", RTLD_NOW | RTLD_NOLOAD),
              let symbol = dlsym(xlib, "XSetIOErrorHandler") else { return false }
        // A write to a killed connection must come back as EPIPE, which Xlib hands to
        // this handler; left at its default, SIGPIPE ended the process first (status
        // 141) and the recording was lost. Nothing of the game's needs SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let set = unsafeBitCast(symbol, to: SetHandler.self)
        _ = set { _ in
            let action = DisplayLoss.onLoss
            DisplayLoss.onLoss = nil
            action?()
            fflush(nil)  // every output stream
            DisplayLoss.endProcess?(2)
            return 0
        }
        return true
    }
}
