import SceneHostCommandLine
import ArgumentParser
import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import SceneHost
import SceneHostFrontend
import SceneHostNative
import SceneHostWorkers

/// `scene-host call PLUGIN.FUNCTION ARG...`: calls a native function a plugin declares.
struct CallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract: "Call a native function of a plugin by name; arguments are converted by its signature.",
        discussion:
            "A callback argument is written 'print': each call of it prints its arguments. 'scene-host list' shows the functions and their signatures."
    )

    @OptionGroup var options: HostOptions

    @Argument(
        help: ArgumentHelp(
            "The function, as the plugin's table name in the config and the function's name.",
            valueName: "PLUGIN.FUNCTION"))
    var function: String

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("One argument per parameter.", valueName: "ARG"))
    var arguments: [String] = []

    func run() throws {
        // The process reads each byte that is not UTF-8 as U+FFFD: refuse it rather than pass on other text.
        let raw = (1..<Int(CommandLine.argc)).compactMap { index in
            CommandLine.unsafeArgv[index].map {
                Array(
                    UnsafeBufferPointer(
                        start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0)))
            }
        }
        do {
            try NativeArgumentText.checkCommandLine(raw: raw, arguments: arguments, function: function)
        } catch {
            throw StandardStreams.fail(error)
        }
        try MainActor.assumeIsolated {
            // Both ways load the app alike (its settings and graph checked): only where plugins open differs.
            guard !options.inProcess else {
                do {
                    // Plugins open in this process: those declaring native functions at once, as in a scene worker.
                    let app = try SceneApp.load(configPath: options.config, loader: options.makeLoader())
                    let result = try NativeInvocation(container: app.loaded.container, write: StandardStreams.out).call(
                        function, arguments: arguments)
                    StandardStreams.out(result)
                } catch {
                    throw StandardStreams.fail(error)
                }
                return
            }
            // The function runs in a scene worker: a crash or hang there is reported, never the host's.
            // The supervisor is async (it waits for its worker without holding a thread): the call goes on
            // in a main-actor task, and the main thread serves the main actor until it exits the process.
            let options = options, function = function, arguments = arguments
            Task { @MainActor in
                var supervisor: SceneWorkerSupervisor?
                do {
                    let early = EarlyWorker.start(options.workerLaunch)
                    let loader = options.makeLoader(opensPlugins: false, beforeProbing: HostOptions.ending(early))
                    let app = try SceneApp.load(configPath: options.config, loader: loader)
                    let worker = options.makeSupervisor(for: app, early: early)
                    supervisor = worker
                    try await worker.start()
                    let (lines, result) = try await worker.call(function, arguments: arguments)
                    lines.forEach(StandardStreams.out)
                    StandardStreams.out(result)
                    await worker.shutdown()
                } catch {
                    await supervisor?.shutdown()
                    Glibc.exit(StandardStreams.fail(error).rawValue)
                }
                StandardStreams.succeed()
            }
            dispatchMain()
        }
    }
}
