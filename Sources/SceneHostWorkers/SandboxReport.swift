import SceneHostProcesses
import SceneSDK

/// What confines plugin code in this host's scene workers, in one line: `serve` says it at start,
/// so an operator knows which layers and which memory bound apply here; `run`, whose standard
/// output is the screen, warns only when a layer is missing (`missingLayer`).
package enum SandboxReport {
    /// The line for workers limited to `memoryBytes`, with `grants` lifted (`HostSettings`).
    package static func line(memoryBytes: Int, grants: [PluginPermission]) -> String {
        let lifted = grants.isEmpty ? "" : "; granted: \(grants.map(\.rawValue).joined(separator: ", "))"
        let filters =
            "seccomp filters (no ptrace or process memory, signals only within the worker, no new processes, no internet sockets, no memfd\(lifted))"
        let memory =
            switch WorkerCgroup.availability() {
            case .success(let folders):
                "a cgroup per worker below \(folders.memory) (\(memoryBytes >> 20) MiB with everything it starts, \(WorkerCgroup.taskLimit) tasks)"
            case .failure(let unavailable):
                "the address-space limit of each process only (RLIMIT_AS \(memoryBytes >> 20) MiB; no cgroup: \(unavailable.reason))"
            }
        return
            "sandbox: plugin code runs in scene workers under \(filters); files: \(files(abi: Landlock.abi)); memory: \(memory)"
    }

    /// What restricts the files plugin code may open, under the Landlock ABI `abi` (0: none).
    package static func files(abi: Int) -> String {
        abi > 0
            ? "Landlock ABI \(abi) (read: system libraries, plugin folders; read and write: the folders of path settings' files, a private TMPDIR)"
            : "not restricted (this kernel offers no Landlock: plugin code may open any file the worker's user may)"
    }

    /// A warning for `run` where a layer is missing (nil where all are there): `run` says nothing
    /// of a sandbox that is whole, since its standard output is the screen.
    package static func missingLayer() -> String? {
        Landlock.abi > 0
            ? nil
            : "warning: this kernel offers no Landlock, so plugin code in scene workers may open any file the worker's user may (seccomp and the memory bound still hold); README, \"The sandbox around plugin code\""
    }
}
