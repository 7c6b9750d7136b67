#if canImport(Glibc)
import Glibc
#endif
import Logging
import SceneHostCore
import SceneHostLoading
import SceneHostProcesses
import SceneHostRecordCodec

/// `scene-host-probe --start-fd N`: the child process of a probe (`ProbeScanner`, for one plugin or
/// a scan's batch). Its own executable, linked without Foundation, the argument parser, the config
/// parser and the web stack: it loads no library the plugins it probes did not ask for, so each
/// conformance look-up of their code scans only their records and the Swift runtime's
/// (docs/decisions.md, "A probe child without Foundation"), and fewer pages are mapped and faulted in.
enum ProbeMode {
    /// Runs the probe `arguments` (after the executable's name) point at and ends the process. The only
    /// argument is `--start-fd N`: what to probe is the start file there (`ProbeStart`), never options.
    static func run(_ arguments: [String]) -> Never {
        guard arguments.count == 2, arguments[0] == "--start-fd", let descriptor = Int32(arguments[1]) else {
            refuse(
                "scene-host-probe takes only --start-fd N, not \(arguments.isEmpty ? "nothing" : "'\(arguments.joined(separator: " "))'"); it is started by scene-host, which hands it what to probe"
            )
        }
        guard let start = ProbeStart.decode(UnnamedFile.contents(of: descriptor, limit: 16 << 20)) else {
            refuse(
                "scene-host-probe: descriptor \(descriptor) holds no probe start file of this build; it is started by scene-host"
            )
        }
        close(descriptor)
        ProbeChild.endWithParent()
        // Before the plugin is opened: its code cannot reach the host or another process (`Sandbox`).
        // Probes run in the strictest sandbox, whatever the config grants: a verdict holds for any
        // config (the probe cache is per file, not per config), and probing never starts a process.
        do throws(Sandbox.Failure) {
            try Sandbox.confine(environment: ProcessEnvironment.current, allowsNetwork: false)
            try Sandbox.limitProcesses(allowsProcesses: false, allowsNetwork: false)
        } catch {
            refuse("scene-host-probe: \(error.reason)")
        }
        let probed = MainActor.assumeIsolated {
            let logger = Logger(label: "scene-host-probe") { _ in SwiftLogNoOpLogHandler() }
            let environment = ProcessEnvironment.current
            // The files it may open (`SandboxFiles`), before the first plugin is.
            let scanner = ProbeScanner(start: start, logger: logger) { (realPaths: [String]) throws(Sandbox.Failure) in
                try Landlock.restrict(to: SandboxFiles.probeRules(realPaths: realPaths, environment: environment))
            }
            return scanner.run()
        }
        // A normal exit: the plugins' destructors and exit handlers run here, where a fault is the probe's finding.
        exit(probed ? 0 : 2)
    }

    /// Says why on standard error and ends with the usage status.
    private static func refuse(_ reason: String) -> Never {
        let message = "error: \(reason)\n"
        _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        exit(ExitStatus.usage.rawValue)
    }
}
