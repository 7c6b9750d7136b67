#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Logging
import SceneHost
import SceneHostProcesses

/// `scene-host-worker probe-plugin ...`: the child process of a probe (`ProbeChild`, or a scanner
/// with `--batch-fd`: `ProbeScanner`). The host probes through this executable (`LoaderSettings.probeExecutable`) because it starts
/// without the web stack and the argument parser: every conformance look-up of the plugins being
/// probed scans about a third fewer records, and fewer pages are mapped and faulted in.
enum ProbeMode {
    /// Runs the probe `arguments` (after `probe-plugin`) describe and ends the process.
    static func run(_ arguments: [String]) -> Never {
        var values: [String: String] = [:]
        var rest = arguments[...]
        while let name = rest.popFirst() {
            guard ["--fd", "--result-fd", "--name", "--path", "--real-path", "--batch-fd"].contains(name), let value = rest.popFirst() else {
                refuse("scene-host-worker probe-plugin does not take '\(name)' without a value; it is started by scene-host, which gives its arguments")
            }
            values[name] = value
        }
        guard let result = values["--result-fd"].flatMap({ Int32($0) }) else {
            refuse("scene-host-worker probe-plugin needs --result-fd; it is started by scene-host")
        }
        ProbeChild.endWithParent()
        // Before the plugin is opened: its code cannot reach the host or another process (`Sandbox`).
        // Probes run in the strictest sandbox, whatever the config grants: a verdict holds for any
        // config (the probe cache is per file, not per config), and probing never starts a process.
        do throws(Sandbox.Failure) {
            try Sandbox.confine(environment: ProcessInfo.processInfo.environment)
            try Sandbox.limitProcesses(allowsProcesses: false, allowsNetwork: false)
        } catch {
            refuse("scene-host-worker probe-plugin: \(error.reason)")
        }
        MainActor.assumeIsolated {
            let logger = Logger(label: "scene-host-probe") { _ in SwiftLogNoOpLogHandler() }
            let environment = ProcessInfo.processInfo.environment
            if let batch = values["--batch-fd"].flatMap({ Int32($0) }) {
                let scanner = ProbeScanner(batchDescriptor: batch, resultDescriptor: result, logger: logger) { (realPaths: [String]) throws(Sandbox.Failure) in
                    try Landlock.restrict(to: SandboxFiles.probeRules(realPaths: realPaths, environment: environment))
                }
                exit(scanner.run() ? 0 : 2)
            }
            guard let plugin = values["--fd"].flatMap({ Int32($0) }), let name = values["--name"], let path = values["--path"],
                  let realPath = values["--real-path"] else {
                refuse("scene-host-worker probe-plugin needs --fd, --name, --path and --real-path, or --batch-fd")
            }
            // The files it may open (`SandboxFiles`), before the plugin is.
            do throws(Sandbox.Failure) {
                try Landlock.restrict(to: SandboxFiles.probeRules(realPaths: [realPath], environment: environment))
            } catch {
                refuse("scene-host-worker probe-plugin: \(error.reason)")
            }
            ProbeChild(name: name, path: path, realPath: realPath, pluginDescriptor: plugin, resultDescriptor: result, logger: logger).run()
        }
        exit(0)
    }

    /// Says why on standard error and ends with the usage status.
    private static func refuse(_ reason: String) -> Never {
        let message = "error: \(reason)\n"
        _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        exit(ExitStatus.usage.rawValue)
    }
}
