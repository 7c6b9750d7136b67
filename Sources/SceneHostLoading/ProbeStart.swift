import SceneHostRecordCodec

/// What a probe child (`scene-host-probe --start-fd N`) probes: the plugins, each
/// open at a descriptor of the child, in order, and the descriptor its records go to. One plugin
/// (`ChildProcessProber`) or many (`ProbeScan`'s scanners) alike; handed as a file, never as
/// arguments to parse (docs/decisions.md, "One start message per child").
package struct ProbeStart: Sendable, Equatable {
    /// One plugin to probe, as the parent lists it.
    package struct Task: Sendable, Equatable {
        /// The parent's number for it, written back in `begin` before its records.
        package var index: Int
        /// The plugin's name and path as the config gives them (for messages only).
        package var name: String
        package var path: String
        /// The file's real path, for `$ORIGIN` and the sandbox's rules.
        package var realPath: String
        /// Where the file is open in the child.
        package var descriptor: Int32

        package init(index: Int, name: String, path: String, realPath: String, descriptor: Int32) {
            self.index = index
            self.name = name
            self.path = path
            self.realPath = realPath
            self.descriptor = descriptor
        }
    }

    package var tasks: [Task]
    /// Where the child writes its records (`ProbeCacheFormat+Record`).
    var resultDescriptor: Int32

    package init(tasks: [Task], resultDescriptor: Int32) {
        self.tasks = tasks
        self.resultDescriptor = resultDescriptor
    }

    /// The start file's kind and version (`RecordFile`): a file of another build is refused.
    package static let format = RecordFormat(.line("scene-host probe start"), version: 1)
}
