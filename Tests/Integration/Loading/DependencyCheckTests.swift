import Foundation
import Testing
@testable import SceneHostFileTrust
@testable import SceneHostCore
@testable import SceneHostLoading
import TestSupport

/// Finding a plugin's libraries as the loader does, and trusting them like the plugin (issue 8, item 3).
/// The libraries are small C files built at test time with the toolchain's clang.
@Suite("DependencyCheck")
struct DependencyCheckTests {
    let folder: TemporaryFolder
    let plugin: PluginReference

    init() throws {
        folder = try TemporaryFolder()
        plugin = PluginReference(
            name: "P", path: folder.path("libPlug.so"), location: SourceLocation(file: "s.conf", line: 3, column: 1))
    }

    /// A folder inside the test's folder with `mode` (chmod, so the umask does not matter).
    private func makeFolder(_ name: String, mode: mode_t = 0o755) throws -> String {
        let path = folder.path(name)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        chmod(path, mode)
        return path
    }

    /// Builds `lib<name>.so` into `folder` and a plugin `libPlug.so` linking it with `linkArguments`.
    private func buildPair(dependencyIn dependencyFolder: String, linkArguments: [String], name: String = "dep") throws
    {
        try CLibraries.build(CLibraries.markerSource(folder.path("marker")), to: dependencyFolder + "/lib\(name).so")
        try CLibraries.build(
            CLibraries.callerSource(), to: plugin.path,
            arguments: ["-L" + dependencyFolder, "-l\(name)"] + linkArguments)
    }

    private func check(
        libraryPath: String? = nil, isLoaded: @escaping @Sendable (String) -> Bool = LoaderSearchPath.loadedAtStart
    ) throws(PluginLoadError) -> [String: String] {
        var search = LoaderSearchPath.current()
        search.libraryPath = libraryPath
        search.isLoaded = isLoaded
        let bytes = [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: plugin.path))) ?? Data())
        return try DependencyCheck(trust: FileTrust(), searchPath: search).check(pluginBytes: bytes, plugin: plugin)
    }

    private func message(
        libraryPath: String? = nil, isLoaded: @escaping @Sendable (String) -> Bool = LoaderSearchPath.loadedAtStart
    ) -> String? {
        do {
            _ = try check(libraryPath: libraryPath, isLoaded: isLoaded)
            return nil
        } catch {
            return ErrorMessage.render(error)
        }
    }

    @Test("the demo plugins and their libraries pass", arguments: ELFDynamicSectionTests.plugins)
    func demoPlugins(name: String) throws {
        let path = BuildProducts.library(name)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let reference = PluginReference(
            name: name, path: path, location: SourceLocation(file: "s.conf", line: 1, column: 1))
        // Everything they need (SDK, Swift runtime, OrdersKit) is loaded in this process already.
        #expect(try DependencyCheck(trust: FileTrust()).check(pluginBytes: bytes, plugin: reference).isEmpty)
        // And found in trusted folders when nothing is loaded but libc.
        var search = LoaderSearchPath.current()
        search.isLoaded = { $0.hasPrefix("libc.so") || $0.hasPrefix("libm.so") || $0.hasPrefix("ld-linux") }
        let resolved = try DependencyCheck(trust: FileTrust(), searchPath: search).check(
            pluginBytes: bytes, plugin: reference)
        #expect(resolved["libSceneSDK.so"] != nil)
    }

    @Test("$ORIGIN is the plugin's real folder, also when the plugin is reached through a link")
    func origin() throws {
        let libs = try makeFolder("libs")
        try buildPair(dependencyIn: libs, linkArguments: ["-Wl,-rpath,$ORIGIN/libs"])
        #expect(try check()["libdep.so"] == libs + "/libdep.so")
        let elsewhere = try makeFolder("elsewhere")
        try FileManager.default.createSymbolicLink(atPath: elsewhere + "/libLink.so", withDestinationPath: plugin.path)
        let linked = PluginReference(name: "L", path: elsewhere + "/libLink.so", location: plugin.location)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: plugin.path)))
        #expect(
            try DependencyCheck(trust: FileTrust()).check(pluginBytes: bytes, plugin: linked)["libdep.so"] == libs
                + "/libdep.so")
    }

    @Test("a RUNPATH folder writable by everyone is refused, naming library, path, folder and how it was found")
    func worldWritableRunpath() throws {
        let open = try makeFolder("open", mode: 0o777)
        try buildPair(dependencyIn: open, linkArguments: ["-Wl,-rpath," + open])
        #expect(
            message()
                == "s.conf:3:1: error: plugin 'P': refusing to load \(plugin.path): it needs libdep.so, which the loader would load from \(open)/libdep.so (found through the RUNPATH of \(plugin.path)), but the folder it is found in, \(open), is writable by every user: another user could put a library there, so someone else could change the code you run. Fix: chmod o-w \(open), or install libdep.so in a folder only root or you can write (or pass --insecure-plugin-files while developing)."
        )
        #expect(!FileManager.default.fileExists(atPath: folder.path("marker")))
    }

    @Test("a sticky world-writable folder does not help a search folder")
    func stickySearchFolder() throws {
        let shared = try makeFolder("shared", mode: 0o1777)
        try buildPair(dependencyIn: shared, linkArguments: ["-Wl,-rpath," + shared])
        #expect(message()?.contains("the folder it is found in, \(shared), is writable by every user") == true)
    }

    @Test("an already-loaded name is not searched, even through an untrusted RUNPATH")
    func alreadyLoaded() throws {
        let open = try makeFolder("open", mode: 0o777)
        // Links the real libSceneSDK.so, which this process has loaded: the loader reuses it.
        try CLibraries.build(
            "int plugin_calls(void) { return 0; }", to: plugin.path,
            arguments: [
                "-Wl,--no-as-needed", "-L" + BuildProducts.directory.path, "-l:libSceneSDK.so",
                "-Wl,-rpath," + open + ":" + BuildProducts.directory.path,
            ])
        #expect(try check() == [:])
        // The same plugin when the SDK is not loaded: searched, and refused for the folder before it.
        #expect(
            message(isLoaded: { _ in false })?.contains(
                "it needs libSceneSDK.so, which the loader would load from \(BuildProducts.directory.path)/libSceneSDK.so"
            ) == true)
    }

    @Test("LD_LIBRARY_PATH folders searched before the library's folder must be safe")
    func libraryPath() throws {
        let open = try makeFolder("open", mode: 0o777)
        let safe = try makeFolder("safe")
        try buildPair(dependencyIn: safe, linkArguments: [])
        #expect(try check(libraryPath: safe)["libdep.so"] == safe + "/libdep.so")
        #expect(
            message(libraryPath: open + ":" + safe)
                == "s.conf:3:1: error: plugin 'P': refusing to load \(plugin.path): it needs libdep.so, which the loader would load from \(safe)/libdep.so (found through the LD_LIBRARY_PATH), but the folder \(open), searched before it (from the LD_LIBRARY_PATH), is writable by every user: another user could put a library of that name there, so someone else could change the code you run. Fix: chmod o-w \(open), or remove it from the LD_LIBRARY_PATH (or pass --insecure-plugin-files while developing)."
        )
    }

    @Test("a missing search folder under a folder others can write is refused: they could create it")
    func missingFolder() throws {
        let open = try makeFolder("open", mode: 0o777)
        let safe = try makeFolder("safe")
        try buildPair(dependencyIn: safe, linkArguments: ["-Wl,-rpath," + open + "/later:" + safe])
        let expected =
            "s.conf:3:1: error: plugin 'P': refusing to load \(plugin.path): it needs libdep.so, which the loader would load from \(safe)/libdep.so (found through the RUNPATH of \(plugin.path)), but the folder \(open)/later, searched before it (from the RUNPATH of \(plugin.path)), does not exist and \(open) above it is writable by every user: another user could create it, so someone else could change the code you run. Fix: chmod o-w \(open), or create \(open)/later yourself (mkdir -p -m 755 \(open)/later), or remove it from the RUNPATH of \(plugin.path) (or pass --insecure-plugin-files while developing)."
        #expect(message() == expected)
    }

    @Test("a library file writable by others, in a safe folder, is refused")
    func writableFile() throws {
        let safe = try makeFolder("safe")
        try buildPair(dependencyIn: safe, linkArguments: ["-Wl,-rpath," + safe])
        chmod(safe + "/libdep.so", 0o666)
        #expect(
            message()
                == "s.conf:3:1: error: plugin 'P': refusing to load \(plugin.path): it needs libdep.so, which the loader would load from \(safe)/libdep.so (found through the RUNPATH of \(plugin.path)), but the library file is writable by every user, so someone else could change the code you run. Fix: chmod go-w \(safe)/libdep.so (or pass --insecure-plugin-files while developing)."
        )
    }

    @Test("a library of a library is checked too, through its own $ORIGIN")
    func nested() throws {
        let libs = try makeFolder("libs")
        let deeper = try makeFolder("libs/open", mode: 0o777)
        try CLibraries.build(
            CLibraries.markerSource(folder.path("marker"), symbol: "inner"), to: deeper + "/libinner.so")
        try CLibraries.build(
            "int inner(void);\nint dependency(void) { return inner(); }\n", to: libs + "/libdep.so",
            arguments: ["-L" + deeper, "-linner", "-Wl,-rpath,$ORIGIN/open"])
        try CLibraries.build(
            CLibraries.callerSource(), to: plugin.path, arguments: ["-L" + libs, "-ldep", "-Wl,-rpath,$ORIGIN/libs"])
        #expect(
            message()?.contains(
                "it needs libinner.so, which the loader would load from \(deeper)/libinner.so (found through the RUNPATH of \(libs)/libdep.so)"
            ) == true)
    }

    @Test("a library found nowhere is the missing-dependency error")
    func missing() throws {
        let safe = try makeFolder("safe")
        try buildPair(dependencyIn: safe, linkArguments: [])
        #expect(
            message()
                == "s.conf:3:1: error: plugin 'P': \(plugin.path) needs libdep.so, which the loader cannot find. Install it, or put it next to the plugin (plugins look in their own folder)."
        )
    }

    @Test(
        "a search folder that climbs out of $ORIGIN with '..' is refused: plugins are opened through a stand-in for their folder"
    )
    func originParent() throws {
        let safe = try makeFolder("safe")
        try buildPair(dependencyIn: safe, linkArguments: ["-Wl,-rpath,$ORIGIN/../safe"])
        #expect(
            message()
                == "s.conf:3:1: error: plugin 'P': refusing to load \(plugin.path): its library libdep.so cannot be checked before loading: the RUNPATH of \(plugin.path) ('$ORIGIN/../safe') climbs out of $ORIGIN with '..', which the host cannot follow: it opens plugins through a private stand-in for their folder. Use $ORIGIN, a folder below it, or an absolute folder. Fix the library or the plugin's RUNPATH (or pass --insecure-plugin-files while developing)."
        )
    }

    @Test("tokens other than $ORIGIN cannot be checked and are refused")
    func otherTokens() throws {
        let safe = try makeFolder("safe")
        try buildPair(dependencyIn: safe, linkArguments: ["-Wl,-rpath,/opt/$LIB"])
        #expect(
            message()
                == "s.conf:3:1: error: plugin 'P': refusing to load \(plugin.path): its library libdep.so cannot be checked before loading: the RUNPATH of \(plugin.path) ('/opt/$LIB') uses $LIB, which the host does not expand (only $ORIGIN); use $ORIGIN or an absolute folder. Fix the library or the plugin's RUNPATH (or pass --insecure-plugin-files while developing)."
        )
    }

    @Test("a library that is not an ELF file cannot be checked and is refused")
    func notELF() throws {
        let safe = try makeFolder("safe")
        try buildPair(dependencyIn: safe, linkArguments: ["-Wl,-rpath," + safe])
        try Data("not a library\n".utf8).write(to: URL(fileURLWithPath: safe + "/libdep.so"))
        #expect(
            message()
                == "s.conf:3:1: error: plugin 'P': refusing to load \(plugin.path): its library libdep.so cannot be checked before loading: \(safe)/libdep.so is not a shared library for this host (it is a text file, not an ELF binary). Fix the library or the plugin's RUNPATH (or pass --insecure-plugin-files while developing)."
        )
    }

    @Test("dynamic string tokens expand $ORIGIN and ${ORIGIN} only")
    func tokens() {
        #expect(DynamicStringTokens.expand("$ORIGIN/a:${ORIGIN}/b", origin: "/o") == .expanded("/o/a:/o/b"))
        #expect(DynamicStringTokens.expand("/plain", origin: "/o") == .expanded("/plain"))
        #expect(DynamicStringTokens.expand("$ORIGINAL", origin: "/o") == .unsupported(token: "$ORIGINAL"))
        #expect(DynamicStringTokens.expand("${PLATFORM}/x", origin: "/o") == .unsupported(token: "${PLATFORM}"))
    }
}
