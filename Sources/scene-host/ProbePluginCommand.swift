import ArgumentParser
import Foundation
import Logging
import SceneHost

/// `scene-host probe-plugin`: the child process of a probe. Loads one plugin and writes what it
/// declares, or the error, to the result file (JSON); a crash or a hang is seen by the parent.
struct ProbePluginCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe-plugin",
        abstract: "Load one plugin and report the result (run by the host as a child process).",
        shouldDisplay: false
    )

    @Option var name: String
    @Option var path: String
    @Option var result: String

    func run() throws {
        let verdict = MainActor.assumeIsolated { () -> ProbeVerdict in
            let location = SourceLocation(file: "probe", line: 0, column: 0)
            let entry = PluginEntry(name: name, path: path, resolvedPath: path, sha256: nil, location: location, pathLocation: location)
            let loader = PluginLoader(logger: Logger(label: "scene-host-probe") { _ in SwiftLogNoOpLogHandler() }, checksFileTrust: false)
            let container = SceneContainer()
            do {
                let loaded = try loader.load(entry, into: container)
                return .good(PluginMetadata(name: loaded.name, version: loaded.version, sdkVersion: loaded.sdkVersion,
                                            sdkFingerprint: loaded.sdkFingerprint, swiftVersion: loaded.swiftVersion, scenes: loaded.scenes.compactMap(container.description(of:))))
            } catch {
                return .bad(message: ErrorMessage.body(error))
            }
        }
        try JSONEncoder().encode(verdict).write(to: URL(fileURLWithPath: result))
    }
}
