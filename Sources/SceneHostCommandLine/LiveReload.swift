#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Logging
import SceneHost
import SceneHostCore
import SceneHostLoading
import SceneHostWorkers
import SceneHostConfig
import SceneHostContainer

/// `--watch` (development only): reloads the app's scene workers when a plugin file changes.
///
/// When a watched library has settled (no event for `quiet`: a build writes it in steps), the new
/// build goes through every check of a start (trust, handshake, the probe child, the check child),
/// against the config bytes the app started with: an edit of the config itself needs a restart.
/// A build the checks refuse changes nothing, and the refusal is said in the checks' words. A
/// build they accept gets fresh workers, handed the files the checks read (`CheckedPluginFiles`:
/// a file written after the checks never reaches them), and every session is built again on them
/// from its records (`WorkerPool.reload`), with its fields as typed. Workers that cannot start
/// leave the old ones serving, as a refused build does.
@MainActor
package final class LiveReload {
    /// How long a library must see no event before it counts as written.
    package static let quiet = Duration.milliseconds(100)

    /// What a reload did.
    package enum Outcome {
        /// The new build of `plugins` runs now; it took `milliseconds` from the file settling.
        case reloaded(plugins: [String], milliseconds: Int64)
        /// The new build of `plugins` was refused for `reason`; the old one runs on.
        case refused(plugins: [String], reason: String)
    }

    private let options: HostOptions
    private let command: String
    private let pool: WorkerPool
    private let logger: Logger
    package let watch: PluginFileWatch
    /// The app as last checked; the config bytes every reload checks.
    private var app: SceneApp
    /// `serve`: what calls `reloadIfChanged` when the watch has events (`start`).
    private var source: (any DispatchSourceRead)?

    package init(options: HostOptions, command: String, app: SceneApp, pool: WorkerPool) throws(ReloadError) {
        self.options = options
        self.command = command
        self.app = app
        self.pool = pool
        logger = options.makeLogger()
        watch = try PluginFileWatch(
            plugins: app.loaded.config.plugins.map { PluginFileWatch.WatchedFile(name: $0.name, path: $0.resolvedPath) }
        )
    }

    /// The line `run` and `serve` print at start with `--watch`.
    package var startLine: String {
        "scene-host \(command): --watch: watching \(app.loaded.config.plugins.count) plugin file\(app.loaded.config.plugins.count == 1 ? "" : "s") for new builds (development only)"
    }

    /// After the watch's descriptor became readable: waits until the files settle, then reloads what
    /// changed. Nil when no plugin file changed (another file of a folder, a file written back unchanged).
    package func reloadIfChanged() async -> Outcome? {
        guard watch.drain() else { return nil }
        watch.waitUntilQuiet(Self.quiet)
        let settled = ContinuousClock.now
        let changed = watch.changed().map(\.name)
        guard !changed.isEmpty else { return nil }
        // Taken now, whatever comes of it: a refused build is tried again when its file changes again.
        watch.accept()
        switch options.checkApp(command: command, bytes: app.workerStart.configBytes, capturesChild: true) {
        case .failure(let refusal):
            let reason =
                refusal.problems.isEmpty
                ? "the check refused it (exit status \(refusal.status))" : Self.reloadReason(refusal.problems)
            await pool.noteRefusedReload(plugins: changed, reason: reason)
            logger.debug(
                "--watch: new build refused; the old build keeps running",
                metadata: ["plugins": "\(changed.joined(separator: ", "))", "reason": "\(reason)"])
            return .refused(plugins: changed, reason: reason)
        case .success(let checked):
            // The files the checks read, held open: the new workers load those, never the paths again.
            let files: CheckedPluginFiles
            switch checked.checkedFiles(
                of: changed, loader: PluginLoader(logger: logger, checksFileTrust: !options.insecurePluginFiles))
            {
            case .success(let held): files = held
            case .failure(let error): return await refuse(changed, error)
            }
            ReloadTestHold.holdIfAsked(command: command)
            let owners = checked.loaded.container.sceneOwners
            do throws(WorkerError) {
                try await pool.reload(
                    start: checked.workerStart, files: files, initialScene: checked.loaded.config.initial.value,
                    links: checked.links,
                    pluginOfScene: owners, plugins: changed)
            } catch {
                return await refuse(changed, .workersNotStarted(reason: ErrorMessage.render(error)))
            }
            app = checked
            let milliseconds = (ContinuousClock.now - settled).wholeMilliseconds
            logger.debug(
                "--watch: reloaded the new build",
                metadata: ["plugins": "\(changed.joined(separator: ", "))", "milliseconds": "\(milliseconds)"])
            return .reloaded(plugins: changed, milliseconds: milliseconds)
        }
    }

    /// What the checks said of a new build, in a reload's words: a start that checks the config says
    /// what the host did not load and what else became unknown with it; a reload loads nothing new
    /// and the old build runs on, so those sentences go, and the problem and its fix stay.
    static func reloadReason(_ problems: [String]) -> String {
        problems.map { problem in
            problem.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("  (so these are unknown too:") }
                .map { line in
                    line.replacing("The host did not load the plugin: ", with: "Its new build was not loaded: ")
                        .replacing("The host did not load it: ", with: "Its new build was not loaded: ")
                }
                .joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// A checked build that is not loaded after all (`error`): the old one runs on, and says why.
    private func refuse(_ plugins: [String], _ error: ReloadError) async -> Outcome {
        let reason = error.message
        await pool.noteRefusedReload(plugins: plugins, reason: reason)
        logger.debug(
            "--watch: new build not loaded; the old build keeps running",
            metadata: ["plugins": "\(plugins.joined(separator: ", "))", "reason": "\(reason)"])
        return .refused(plugins: plugins, reason: reason)
    }

    /// `serve`: reloads on the main queue (the main actor) whenever the watch has events, and
    /// hands each outcome to `report`. Runs until `stop`.
    package func start(report: @escaping @MainActor (Outcome) -> Void) {
        let source = DispatchSource.makeReadSource(fileDescriptor: watch.descriptor, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                guard let self, let source = self.source else { return }
                // One reload at a time: the watch is not heard again until this one is done (its
                // events wait in the descriptor, and wake the source again once it is resumed).
                source.suspend()
                Task { @MainActor in
                    if let outcome = await self.reloadIfChanged() { report(outcome) }
                    source.resume()
                }
            }
        }
        source.resume()
        self.source = source
    }

    /// Stops what `start` started.
    package func stop() {
        source?.cancel()
        source = nil
    }
}
