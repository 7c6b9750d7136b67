import Foundation
import Testing
import TestSupport

/// A plugin whose library would come from a place others can write is refused before any code
/// of it runs, in the host or in the probe child (issue 8, item 3), through the real binary.
@Suite("scene-host refuses plugins whose libraries are untrusted (end to end)")
struct DependencyTrustTests {
    struct Run {
        let status: Int32
        let signaled: Bool
        let stderr: String
    }

    /// Runs `scene-host` with `extra` added to its environment; output goes through files (no pipe can fill).
    static func host(
        _ arguments: [String], environment extra: [String: String] = [:], in folder: TemporaryFolder
    ) throws -> Run {
        var environment = ProcessInfo.processInfo.environment
        environment["SCENE_HOST_PROBE_CACHE"] = folder.path("probe-cache.json")
        environment.merge(extra) { _, new in new }
        // posix_spawn and a time limit (ChildRun), not Foundation's Process, whose waitUntilExit was
        // seen to wait forever for a child that had ended.
        let result = try ChildRun.run(
            BuildProducts.hostExecutable, arguments, input: "", in: nil, environment: environment,
            timeLimit: .seconds(120))
        return Run(status: result.status, signaled: result.signaled, stderr: result.stderr)
    }

    /// A folder with `mode` inside `folder`.
    static func makeFolder(_ name: String, mode: mode_t, in folder: TemporaryFolder) throws -> String {
        let path = folder.path(name)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        chmod(path, mode)
        return path
    }

    @Test(
        "a library in a world-writable RUNPATH folder: exit 3, the message, and its constructor never ran",
        arguments: ["check", "run"])
    func runpath(command: String) throws {
        let folder = try TemporaryFolder()
        let open = try Self.makeFolder("open", mode: 0o777, in: folder)
        let marker = folder.path("marker")
        try CLibraries.build(CLibraries.markerSource(marker), to: open + "/libdep.so")
        let plugin = folder.path("libPlug.so")
        try CLibraries.build(
            CLibraries.callerSource(), to: plugin, arguments: ["-L" + open, "-ldep", "-Wl,-rpath," + open])
        let config = try folder.write(DemoConfig.config(plugins: [("Plug", plugin)]), to: "scenes.conf")
        let result = try Self.host([command, "--config", config], in: folder)
        #expect(!result.signaled)
        #expect(result.status == 3)
        #expect(
            result.stderr.hasPrefix(
                "\(config):3:1: error: plugin 'Plug': refusing to load \(plugin): it needs libdep.so, which the loader would load from \(open)/libdep.so (found through the RUNPATH of \(plugin)), but the folder it is found in, \(open), is writable by every user: another user could put a library there, so someone else could change the code you run. Fix: chmod o-w \(open), or install libdep.so in a folder only root or you can write (or pass --insecure-plugin-files while developing).\n"
            ), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker), "the dependency's constructor ran")
    }

    @Test("LD_LIBRARY_PATH of the host naming a world-writable folder before the library's: refused, nothing ran")
    func libraryPath() throws {
        let folder = try TemporaryFolder()
        let open = try Self.makeFolder("open", mode: 0o777, in: folder)
        let safe = try Self.makeFolder("safe", mode: 0o755, in: folder)
        let marker = folder.path("marker")
        try CLibraries.build(CLibraries.markerSource(marker), to: safe + "/libdep.so")
        let plugin = folder.path("libPlug.so")
        try CLibraries.build(CLibraries.callerSource(), to: plugin, arguments: ["-L" + safe, "-ldep"])
        let config = try folder.write(DemoConfig.config(plugins: [("Plug", plugin)]), to: "scenes.conf")
        let result = try Self.host(
            ["check", "--config", config], environment: ["LD_LIBRARY_PATH": open + ":" + safe], in: folder)
        #expect(!result.signaled)
        #expect(result.status == 3)
        #expect(
            result.stderr.hasPrefix(
                "\(config):3:1: error: plugin 'Plug': refusing to load \(plugin): it needs libdep.so, which the loader would load from \(safe)/libdep.so (found through the LD_LIBRARY_PATH), but the folder \(open), searched before it (from the LD_LIBRARY_PATH), is writable by every user: another user could put a library of that name there, so someone else could change the code you run. Fix: chmod o-w \(open), or remove it from the LD_LIBRARY_PATH (or pass --insecure-plugin-files while developing).\n"
            ), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker), "the dependency's constructor ran")
    }

    @Test(
        "a library an earlier plugin brought into the host is still searched for the next plugin: its probe starts fresh"
    )
    func loadedByEarlierPlugin() throws {
        let folder = try TemporaryFolder()
        let open = try Self.makeFolder("open", mode: 0o777, in: folder)
        let marker = folder.path("marker")
        // Another libOrdersKit.so, in a world-writable folder. ListOrdersScene loads the real one into the host first.
        try CLibraries.build(CLibraries.markerSource(marker), to: open + "/libOrdersKit.so")
        let plugin = folder.path("libPlug.so")
        try CLibraries.build(
            CLibraries.callerSource(), to: plugin, arguments: ["-L" + open, "-lOrdersKit", "-Wl,-rpath," + open])
        let text = DemoConfig.config(
            initial: "ListOrders",
            plugins: [("ListOrders", BuildProducts.library("ListOrdersScene")), ("Plug", plugin)])
        let config = try folder.write(text, to: "scenes.conf")
        let result = try Self.host(["check", "--config", config], in: folder)
        #expect(!result.signaled)
        #expect(result.status == 3)
        #expect(
            result.stderr.contains(
                "\(config):6:1: error: plugin 'Plug': refusing to load \(plugin): it needs libOrdersKit.so, which the loader would load from \(open)/libOrdersKit.so"
            ), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker), "the other libOrdersKit.so ran in the probe child")
    }

    @Test("the same library from a safe folder is loaded (in the probe): the check does not refuse good plugins")
    func trustedLibraryLoads() throws {
        let folder = try TemporaryFolder()
        let safe = try Self.makeFolder("safe", mode: 0o755, in: folder)
        let marker = folder.path("marker")
        try CLibraries.build(CLibraries.markerSource(marker), to: safe + "/libdep.so")
        let plugin = folder.path("libPlug.so")
        try CLibraries.build(
            CLibraries.callerSource(), to: plugin, arguments: ["-L" + safe, "-ldep", "-Wl,-rpath,$ORIGIN/safe"])
        let config = try folder.write(DemoConfig.config(plugins: [("Plug", plugin)]), to: "scenes.conf")
        let result = try Self.host(["check", "--config", config], in: folder)
        #expect(!result.signaled)
        #expect(result.status == 3)
        // Past the dependency check: the probe loaded the plugin with its dependency (dlopen would
        // fail without it) and found no scene-host entry point. The dependency's constructor ran
        // in the sandboxed probe, where it may not write its marker beside the plugin (Landlock).
        #expect(
            result.stderr.hasPrefix("\(config):3:1: error: plugin 'Plug': \(plugin) exports no 'scene_plugin_entry'"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker))
    }
}
