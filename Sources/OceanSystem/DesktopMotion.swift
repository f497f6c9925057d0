/// Whether the desktop asks for reduced motion: GNOME's (and most GTK desktops')
/// `org.gnome.desktop.interface enable-animations` set to false. Asked through
/// `gsettings` when it is installed (bounded by `timeout`); anything else, or no
/// answer, is "no". `ocean play --reduced-motion` asks for it whatever the desktop says.
public enum DesktopMotion {
    public static func prefersReduced() -> Bool {
        guard onPath("gsettings") && onPath("timeout") else { return false }
        guard let r = runSubprocess(["timeout", "2", "gsettings", "get", "org.gnome.desktop.interface", "enable-animations"]),
              r.status == 0 else { return false }
        return r.output.hasPrefix("false")
    }
}
