import SceneHostProcesses
import SceneSDK

/// What confines plugin code in this host's scene workers, in one line: `serve` says it at start
/// (`run`, an interactive tool, does not), so an operator knows which memory bound applies here.
public enum SandboxReport {
    /// The line for workers limited to `memoryBytes`, with `grants` lifted (`HostSettings`).
    public static func line(memoryBytes: Int, grants: [PluginPermission]) -> String {
        let lifted = grants.isEmpty ? "" : "; granted: \(grants.map(\.rawValue).joined(separator: ", "))"
        let filters = "seccomp filters (no ptrace or process memory, signals only within the worker, no new processes, no internet sockets, no memfd\(lifted))"
        let memory = switch WorkerCgroup.availability() {
        case .success(let folders):
            "a cgroup per worker below \(folders.memory) (\(memoryBytes >> 20) MiB with everything it starts, \(WorkerCgroup.taskLimit) tasks)"
        case .failure(let unavailable):
            "the address-space limit of each process only (RLIMIT_AS \(memoryBytes >> 20) MiB; no cgroup: \(unavailable.reason))"
        }
        return "sandbox: plugin code runs in scene workers under \(filters); memory: \(memory)"
    }
}
