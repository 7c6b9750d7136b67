#if canImport(Glibc)
import Glibc
#endif
import Logging
import SceneHostProcesses
import SceneHostCore
import SceneHostNative
import SceneHostContainer
import SceneHostConfig

/// The work of a probe child (`ProbeScanner`) for each plugin: load the plugin open at
/// a descriptor, exercise its scenes, and write records (steps, then the verdict) as compact frames
/// (`ProbeCacheFormat+Record`) to the result descriptor. A crash or a hang is seen by the parent.
///
/// The verdict is written in full before the process ends, and it then ends with a normal `exit`
/// (`ProbeMode`): the plugin's destructors, its `atexit` handlers and the dynamic loader's clean-up
/// run here, where a crash or an assertion is the probe's finding (`ProbeFailure.failedAtExit`),
/// not in a scene worker or the check child. The library is not `dlclose`d first: it is opened
/// `RTLD_NODELETE`, as in the host and the workers (unloading Swift code is unsafe), so `dlclose`
/// would run nothing; its destructors run in `exit`, in the order they would anywhere else.
@MainActor
package enum ProbeChild {
    /// Makes this probe process (or scanner) end with the host that started it, its process group
    /// with it (`ParentWatch`): a host killed mid-probe leaves no hung plugin code behind.
    nonisolated package static func endWithParent() {
        ParentWatch.start()
    }

    /// Probes one plugin in this process: each step, then the verdict, go to `write` as frames that
    /// fit the channel (`fittedFrame`). A refusal is recorded as the text the parent shows, without
    /// its location (`ErrorMessage.body`).
    package static func probe(
        _ entry: PluginEntry, descriptor: Int32, realPath: String, logger: Logger,
        write frameWriter: @escaping ([UInt8]) -> Void
    ) {
        let plugin = PluginReference(name: entry.name, path: entry.resolvedPath, location: entry.location)
        let write: (ProbeRecord) -> Void = { frameWriter(fittedFrame($0, plugin: plugin)) }
        var loader = PluginLoader(logger: logger, checksFileTrust: false)
        // A plugin that registers differently on each load is found here, not in a scene worker.
        loader.registersTwice = true
        let container = SceneContainer()
        let verdict: ProbeVerdict
        do {
            let loaded = try loader.load(entry, fileDescriptor: descriptor, realPath: realPath, into: container)
            let exercised = SceneExercise(container: container) { write(.step($0)) }.run()
            verdict = .good(
                PluginMetadata(
                    name: loaded.name, version: loaded.version, sdkVersion: loaded.sdkVersion,
                    sdkFingerprint: loaded.sdkFingerprint, swiftVersion: loaded.swiftVersion,
                    scenes: loaded.scenes.compactMap(container.description(of:)),
                    nativeFunctions: loaded.nativeFunctions, wiring: exercised.findings,
                    serviceCount: container.serviceCount,
                    settings: loaded.settingDeclarations, undeclaredRoutes: exercised.undeclaredRoutes,
                    inMemoryState: loaded.inMemoryState, permissions: loaded.permissions,
                    probedButtons: exercised.buttons))
        } catch PluginLoadError.pluginOpenUnavailable(let plugin, let reason) {
            verdict = .failed(
                .hostFailed(message: ErrorMessage.body(PluginLoadError.pluginOpenUnavailable(plugin, reason: reason))))
        } catch {
            verdict = .failed(.refused(message: ErrorMessage.body(error)))
        }
        write(.verdict(verdict))
    }

    /// The frame of `record` when it fits the channel (`ProbeCacheFormat.maximumFrame`). A step
    /// over it goes with its names cut (they only name where a failure happened); a verdict over
    /// it becomes the refusal that says it is too large and names its longest text (a 10 MB route
    /// name its router asked for), so the parent reads the cause, not garbage.
    static func fittedFrame(_ record: ProbeRecord, plugin: PluginReference) -> [UInt8] {
        let frame = ProbeCacheFormat.frame(record)
        guard frame.count > ProbeCacheFormat.maximumFrame else { return frame }
        switch record {
        case .step(let step):
            return ProbeCacheFormat.frame(
                .step(
                    ProbeStep(
                        scene: cut(step.scene), action: step.action, event: step.event.map(cut), sample: step.sample)))
        case .verdict, .begin:
            let largest = ProbeCacheFormat.strings(of: record).max { $0.utf8.count < $1.utf8.count } ?? ""
            let refusal = PluginLoadError.pluginProbeRecordTooLarge(
                plugin, bytes: frame.count, limit: ProbeCacheFormat.maximumFrame, largest: largest)
            return ProbeCacheFormat.frame(.verdict(.failed(.refused(message: ErrorMessage.body(refusal)))))
        }
    }

    /// `text` cut to 200 characters, with its length in bytes when it was longer.
    private static func cut(_ text: String) -> String {
        text.count > 200 ? String(text.prefix(200)) + "… (\(text.utf8.count) bytes)" : text
    }

    /// One record, one frame (`ProbeCacheFormat.frame`), one `write`.
    package static func write(_ record: ProbeRecord, to resultDescriptor: Int32) {
        write(frame: ProbeCacheFormat.frame(record), to: resultDescriptor)
    }

    /// One frame, one `write` (repeated only when the kernel takes part of it).
    package static func write(frame line: [UInt8], to resultDescriptor: Int32) {
        var offset = 0
        while offset < line.count {
            let written = line.withUnsafeBytes { bytes -> Int in
                guard let base = bytes.baseAddress else { return 0 }
                return Glibc.write(resultDescriptor, base + offset, bytes.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
