import Foundation
import SceneHostWorkers
import SceneHostLoading
import SceneHostProcesses

/// What every executable behind the `scene-host` command does before it parses its arguments.
///
/// `scene-host serve` runs in `scene-host-serve` (an `exec`, so the same process): the steps are
/// here so both executables take them, and a process image started by `exec` takes them again
/// (`PR_SET_DUMPABLE` does not survive it).
package enum CommandStart {
    /// Makes writing to closed or full standard streams harmless and the process non-dumpable (no
    /// process of the same user, plugin code in a worker included, may ptrace it or open its memory:
    /// `Sandbox`), and removes what a killed host left unless `command` (the first argument that is no option) starts no children.
    package static func prepare(command: String) {
        StandardStreams.prepare()
        let environment = ProcessInfo.processInfo.environment
        Sandbox.forbidInspection(environment: environment)
        // What a host that was killed left: the private folders of its children (`PrivateFolder`),
        // removed when `run`, `serve` or `check` starts (not in a check child: its parent did it).
        guard environment[CheckChild.childVariable] != "1",
            !["list", "graph", "new", "call", "interface", "help"].contains(command)
        else { return }
        PrivateFolder.removeStale(in: PrivateFolder.parentFolder(environment))
    }

    /// The server's executable, installed beside `scene-host`, which `scene-host serve` starts.
    package static let serveExecutable = "scene-host-serve"

    /// The executable `name` in this executable's folder (`/proc/self/exe`, links resolved).
    package static func beside(_ name: String) -> String {
        LoaderSettings.executable(named: name, besideHost: HostOptions.executablePath)
    }
}
