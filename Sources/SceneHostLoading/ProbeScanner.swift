import Foundation
import Logging
import SceneHostProcesses
import SceneHostCore
import SceneHostNative
import SceneHostContainer
import SceneHostConfig

/// The work of `scene-host-worker probe-plugin --batch-fd`: one child probing many plugins in turn
/// (`ProbeScan` is its parent). Before each plugin it writes `begin` with the plugin's index, then
/// the plugin's steps and verdict, as `ProbeChild` does for one; a crash or a hang ends the child,
/// and the parent starts a new scanner after the culprit.
@MainActor
package struct ProbeScanner {
    /// One plugin of the batch, as the parent lists it: its file is open at `descriptor` in the child.
    package struct Task: Codable {
        let index: Int
        let name: String
        let path: String
        let realPath: String
        let descriptor: Int32
    }

    package let batchDescriptor: Int32
    package let resultDescriptor: Int32
    package let logger: Logger
    /// Restricts the files the scanner may open to what the listed plugins need (`SandboxFiles`),
    /// once the list is read and before the first plugin is opened.
    package let restrict: ([String]) throws(Sandbox.Failure) -> Void

    /// `batchDescriptor` holds the list of tasks as JSON; records go to `resultDescriptor`.
    package init(batchDescriptor: Int32, resultDescriptor: Int32, logger: Logger,
                restrict: @escaping ([String]) throws(Sandbox.Failure) -> Void) {
        self.batchDescriptor = batchDescriptor
        self.resultDescriptor = resultDescriptor
        self.logger = logger
        self.restrict = restrict
    }

    /// Probes every listed plugin in order; false when the list cannot be read.
    package func run() -> Bool {
        guard let tasks = try? JSONDecoder().decode([Task].self, from: Data(UnnamedFile.contents(of: batchDescriptor, limit: 16 << 20))) else { return false }
        let result = resultDescriptor
        do throws(Sandbox.Failure) {
            try restrict(tasks.map(\.realPath))
        } catch {
            // Said on standard error, which the parent shows for the plugin it was probing.
            let message = "error: scene-host-worker probe-plugin: \(error.reason)\n"
            _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
            return false
        }
        for task in tasks {
            ProbeChild.write(.begin(task.index), to: result)
            let location = SourceLocation(file: "probe", line: 0, column: 0)
            let entry = PluginEntry(name: task.name, path: task.path, resolvedPath: task.path, sha256: nil, location: location, pathLocation: location)
            ProbeChild.probe(entry, descriptor: task.descriptor, realPath: task.realPath, logger: logger) { ProbeChild.write(frame: $0, to: result) }
        }
        return true
    }
}
