#if canImport(Glibc)
import Glibc
#endif
import Logging
import SceneHostProcesses
import SceneHostCore
import SceneHostNative
import SceneHostContainer
import SceneHostConfig

/// The work of `scene-host-probe --start-fd N`, the probe child: it probes the plugins
/// its start file lists (`ProbeStart`; one, or many for `ProbeScan`), in turn. Before each plugin it
/// writes `begin` with the plugin's index, then the plugin's steps and verdict (`ProbeChild.probe`);
/// a crash or a hang ends the child, and a scan's parent starts a new child after the culprit.
@MainActor
package struct ProbeScanner {
    package let start: ProbeStart
    package let logger: Logger
    /// Restricts the files the child may open to what the listed plugins need (`SandboxFiles`),
    /// before the first plugin is opened.
    package let restrict: ([String]) throws(Sandbox.Failure) -> Void

    package init(start: ProbeStart, logger: Logger, restrict: @escaping ([String]) throws(Sandbox.Failure) -> Void) {
        self.start = start
        self.logger = logger
        self.restrict = restrict
    }

    /// Probes every listed plugin in order; false when the sandbox cannot be set.
    package func run() -> Bool {
        let result = start.resultDescriptor
        do throws(Sandbox.Failure) {
            try restrict(start.tasks.map(\.realPath))
        } catch {
            // Said on standard error, which the parent shows for the plugin it was probing.
            let message = "error: scene-host-probe: \(error.reason)\n"
            _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
            return false
        }
        for task in start.tasks {
            ProbeChild.write(.begin(task.index), to: result)
            let location = SourceLocation(file: "probe", line: 0, column: 0)
            let entry = PluginEntry(
                name: task.name, path: task.path, resolvedPath: task.path, sha256: nil, location: location,
                pathLocation: location)
            ProbeChild.probe(entry, descriptor: task.descriptor, realPath: task.realPath, logger: logger) {
                ProbeChild.write(frame: $0, to: result)
            }
        }
        return true
    }
}
