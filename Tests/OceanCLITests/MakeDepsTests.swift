import Foundation
import Testing

import TestSupport

/// Issue 50 item 9: `make deps` finds what a system names otherwise instead of assuming
/// it. Run against a stand-in apt (scripts named apt-get and apt-cache first on PATH,
/// which log what they are asked), as Ubuntu would answer: no `chromium` package but a
/// `chromium-browser` one, and PostgreSQL under any version's folder.
@Suite struct MakeDepsTests {
    func run(needs: String, chromiumCandidate: String) throws -> (log: String, output: Run) {
        let dir = freshFolder("make-deps")
        let r = try script("""
            mkdir -p "$DIR/bin"
            cat > "$DIR/bin/apt-get" <<'APT'
            #!/bin/sh
            echo "apt-get $*" >> "$DIR/apt.log"
            APT
            cat > "$DIR/bin/apt-cache" <<'APT'
            #!/bin/sh
            # policy NAME: only \(chromiumCandidate) has a candidate
            if [ "$2" = "\(chromiumCandidate)" ]; then echo "  Candidate: 1.0"; else echo "  Candidate: (none)"; fi
            APT
            chmod +x "$DIR/bin/apt-get" "$DIR/bin/apt-cache"
            PATH="$DIR/bin:$PATH" DIR="$DIR" make -s --no-print-directory install-needs SUDO= NEEDS='\(needs)'
            echo "make-exit $?"
            """, environment: ["DIR": dir])
        return ((try? String(contentsOfFile: dir + "/apt.log", encoding: .utf8)) ?? "", r)
    }

    @Test func chromiumIsInstalledByTheNameAptKnowsAndPresentThingsAreLeft() throws {
        let needs = "cmd:no-such-command-x1,no-such-command-x2:CHROMIUM glob:/nonexistent-pg/*/bin/initdb:postgresql cmd:sh:never-asked"
        let ubuntu = try run(needs: needs, chromiumCandidate: "chromium-browser")
        #expect(ubuntu.output.stdout.contains("make-exit 0"), "\(ubuntu.output.stdout)\(ubuntu.output.stderr)")
        #expect(ubuntu.log.contains("apt-get update"), "\(ubuntu.log)")
        let install = ubuntu.log.split(separator: "\n").first { $0.contains("install") }.map(String.init) ?? ""
        #expect(install.contains(" chromium-browser ") && install.hasSuffix(" postgresql"), "\(install)")
        #expect(!install.contains("CHROMIUM") && !install.contains("never-asked"), "\(install)")
        let debian = try run(needs: needs, chromiumCandidate: "chromium")
        let debianInstall = debian.log.split(separator: "\n").first { $0.contains("install") }.map(String.init) ?? ""
        #expect(debianInstall.contains(" chromium ") && !debianInstall.contains("chromium-browser"), "\(debianInstall)")
        // Everything present (sh, any initdb the glob finds here or none asked): apt is never called.
        let present = try run(needs: "cmd:sh:never-asked cmd:no-such-command-x1,sh:CHROMIUM", chromiumCandidate: "chromium")
        #expect(present.output.stdout.contains("make-exit 0") && present.log.isEmpty, "\(present.log)")
    }
}
