import Foundation
import SceneABI
import SceneSDK
import Testing
@testable import SceneHostLoading
import TestSupport

/// Every plugin the host refuses (issue: plugin loading you can trust), through the real binary
/// with `check` and `run`: the exact message, the documented exit code, and never a signal.
@Suite("scene-host refuses untrustworthy plugins (end to end)")
struct PluginRefusalTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        /// Makes the case's files; returns the config path and the expected first message.
        let make: @Sendable (TemporaryFolder) throws -> (config: String, message: String)
        var testDescription: String { name }

        init(
            _ name: String, arguments: [String] = [],
            make: @escaping @Sendable (TemporaryFolder) throws -> (config: String, message: String)
        ) {
            self.name = name
            self.arguments = arguments
            self.make = make
        }
    }

    /// A config loading `path` as plugin `name`, from line 3 on.
    static func config(_ folder: TemporaryFolder, name: String, path: String) throws -> String {
        try folder.write(DemoConfig.config(plugins: [(name, path)]), to: "scenes.conf")
    }

    /// The probe limit of the plugin that hangs while registering, in whole seconds.
    static let hangLimit = Slack.scaled(.milliseconds(500)).components.seconds

    static let cases: [Case] = [
        Case("empty file") { folder in
            let path = try folder.write("", to: "libEmpty.so")
            return (
                try config(folder, name: "Empty", path: path),
                "error: plugin 'Empty': \(path) is not a shared library (the file is empty). Point 'path' at the plugin's .so file."
            )
        },
        Case("truncated ELF") { folder in
            let path = try PluginCopies.copy("DetailScene", to: "libCut.so", in: folder) { $0.removeLast($0.count / 2) }
            let size = try Data(contentsOf: URL(fileURLWithPath: BuildProducts.library("DetailScene"))).count
            return (
                try config(folder, name: "Cut", path: path),
                "error: plugin 'Cut': \(path) is not a shared library (it is truncated: its ELF header describes \(size) bytes, the file has \(size - size / 2)). Point 'path' at the plugin's .so file."
            )
        },
        Case("another architecture") { folder in
            let path = try PluginCopies.copy("DetailScene", to: "libArm.so", in: folder) { bytes in
                bytes[18] = 183
                bytes[19] = 0
            }
            return (
                try config(folder, name: "Arm", path: path),
                "error: plugin 'Arm': \(path) is not a shared library (it is built for aarch64, but this host runs on x86_64). Point 'path' at the plugin's .so file."
            )
        },
        Case("ELF header offsets near 2^63 (SIGILL before)") { folder in
            let offset: UInt64 = 0x7FFF_FFFF_FFFF_FFF5
            let path = try PluginCopies.copy("DetailScene", to: "libCrafted.so", in: folder) { bytes in
                for index in 0..<8 { bytes[32 + index] = UInt8(truncatingIfNeeded: offset >> UInt64(8 * index)) }
            }
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let end = offset + 56 * (UInt64(bytes[56]) | UInt64(bytes[57]) << 8)
            return (
                try config(folder, name: "Crafted", path: path),
                "error: plugin 'Crafted': \(path) is not a shared library (it is truncated: its ELF header describes \(end) bytes, the file has \(bytes.count)). Point 'path' at the plugin's .so file."
            )
        },
        Case("entry point returns null") { folder in
            let path = BuildProducts.library("FixtureNullEntry")
            return (
                try config(folder, name: "Null", path: path),
                "error: plugin 'Null': scene_plugin_entry in \(path) returned no descriptor. Return MyPlugin.exportDescriptor() from it."
            )
        },
        Case("a dependency library is missing") { folder in
            let path = try PluginCopies.copy("DetailScene", to: "libNeedy.so", in: folder) {
                PluginCopies.replace("libSceneSDK.so", with: "libSceneSDX.so", in: &$0)
            }
            return (
                try config(folder, name: "Needy", path: path),
                "error: plugin 'Needy': \(path) needs libSceneSDX.so, which the loader cannot find. Install it, or put it next to the plugin (plugins look in their own folder)."
            )
        },
        Case("the same file twice") { folder in
            let path = BuildProducts.library("HomeScene")
            let text = DemoConfig.config(plugins: [("One", path), ("Two", path)])
            let config = try folder.write(text, to: "scenes.conf")
            return (
                config,
                "\(config):6:1: error: [plugins.Two] loads the same file as [plugins.One] (\(config):3:1): \(path). List each plugin once."
            )
        },
        Case("crashes with SIGSEGV while registering") { folder in
            let path = BuildProducts.library("FixtureCrash")
            return (
                try config(folder, name: "Crash", path: path),
                "error: plugin 'Crash' (\(path)) crashed with SIGSEGV (invalid memory access) while loading in its probe. The host did not load it: fix the plugin or remove it from the config."
            )
        },
        Case("calls fatalError while registering") { folder in
            let path = BuildProducts.library("FixtureFatal")
            return (
                try config(folder, name: "Fatal", path: path),
                "error: plugin 'Fatal' (\(path)) crashed with SIGILL (a trap: fatalError, a failed precondition or a force unwrap of nil) while loading in its probe (it printed: FixtureFatal/Fatal.swift:9: Fatal error: FixtureFatal gives up). The host did not load it: fix the plugin or remove it from the config."
            )
        },
        // 0.5 s on a quiet machine, scaled (`Slack`): `check` gives its check child three probe limits, which a
        // loaded machine must not use up starting the child before the probe's own limit passes.
        Case("hangs while registering", arguments: ["--probe-timeout", "\(hangLimit)"]) { folder in
            let path = BuildProducts.library("FixtureHang")
            return (
                try config(folder, name: "Hang", path: path),
                "error: plugin 'Hang' (\(path)) did not finish loading within \(hangLimit) s in its probe: it hangs in its entry point or while registering. The host did not load it: fix the plugin, raise --probe-timeout if it is only slow, or remove it from the config."
            )
        },
        Case("throws while registering") { folder in
            let path = BuildProducts.library("FixtureThrows")
            return (
                try config(folder, name: "Throws", path: path),
                "error: plugin 'Throws' (\(path)) failed to register its scenes: the orders database is not configured."
            )
        },
        Case("built against a newer SDK") { folder in
            let path = BuildProducts.library("FixtureNewerSDK")
            let host = "\(SCENE_SDK_VERSION_MAJOR).\(SCENE_SDK_VERSION_MINOR).\(SCENE_SDK_VERSION_PATCH)"
            let newer = "\(SCENE_SDK_VERSION_MAJOR).\(SCENE_SDK_VERSION_MINOR + 1).\(SCENE_SDK_VERSION_PATCH)"
            let build = CompatibilityPolicy.host.sdkFingerprint.prefix(12)
            return (
                try config(folder, name: "Newer", path: path),
                "error: plugin 'Newer' (\(path)) was built against SceneSDK \(newer) (build \(build)); this host has SceneSDK \(host) (build \(build)). The SDK is built without library evolution and plugins inline its code, so only the same SDK build is safe. Rebuild the plugin against this host's SceneSDK."
            )
        },
        Case("built against another build of the same SDK version") { folder in
            let path = BuildProducts.library("FixtureOtherSDKBuild")
            let host = CompatibilityPolicy.host
            return (
                try config(folder, name: "OtherBuild", path: path),
                "error: plugin 'OtherBuild' (\(path)) was built against SceneSDK \(host.sdkVersion) (build 000000000000); this host has SceneSDK \(host.sdkVersion) (build \(host.sdkFingerprint.prefix(12))). The SDK is built without library evolution and plugins inline its code, so only the same SDK build is safe. Rebuild the plugin against this host's SceneSDK."
            )
        },
        Case("built by another Swift compiler") { folder in
            let path = BuildProducts.library("FixtureOtherSwift")
            return (
                try config(folder, name: "Old", path: path),
                "error: plugin 'Old' (\(path)) was built with Swift 5.10; this host has Swift \(CompatibilityPolicy.host.swiftVersion). Swift has no stable ABI on Linux: the compiler versions must be the same. Rebuild the plugin against this host's SceneSDK."
            )
        },
        Case("carries its own copy of the SDK") { folder in
            let path = BuildProducts.library("FixtureOwnSDK")
            return (
                try config(folder, name: "Own", path: path),
                "error: plugin 'Own' (\(path)) carries its own copy of SceneSDK, so its types would not be the host's and its scenes would silently fail to cast. In its Package.swift depend on .product(name: \"SceneSDK\", package: \"SceneSDK\") — the shared library — and not on a static copy or the SDK's sources."
            )
        },
        Case("a group-writable folder above the file") { folder in
            let shared = folder.url.appendingPathComponent("shared")
            try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
            let path = try PluginCopies.copy("DetailScene", to: "shared/libDetail.so", in: folder)
            chmod(shared.path, 0o775)
            return (
                try config(folder, name: "Detail", path: path),
                "error: plugin 'Detail': refusing to load \(path): the folder \(shared.path) above it is writable by its group (group \(groupID(of: shared.path))), so someone else could change the code you run. Fix: chmod g-w \(shared.path) (or pass --insecure-plugin-files while developing)."
            )
        },
        Case("a world-writable file") { folder in
            let path = try PluginCopies.copy("DetailScene", to: "libOpen.so", in: folder)
            chmod(path, 0o666)
            return (
                try config(folder, name: "Open", path: path),
                "error: plugin 'Open': refusing to load \(path): the file is writable by every user, so someone else could change the code you run. Fix: chmod go-w \(path) (or pass --insecure-plugin-files while developing)."
            )
        },
        Case("a link in a folder others can write, to a trusted file") { folder in
            let path = try PluginCopies.copy("DetailScene", to: "libDetail.so", in: folder)
            let open = try folder.makeFolder("open", mode: 0o777)
            let link = open + "/libLinked.so"
            symlink(path, link)
            return (
                try config(folder, name: "Linked", path: link),
                "error: plugin 'Linked': refusing to load \(link): the folder \(open) above it is writable by every user, so someone else could change the code you run. Fix: chmod go-w \(open) (or pass --insecure-plugin-files while developing)."
            )
        },
        Case("a chain of links through a group-writable folder") { folder in
            let path = try PluginCopies.copy("DetailScene", to: "libDetail.so", in: folder)
            let shared = try folder.makeFolder("shared", mode: 0o775)
            symlink(path, shared + "/second.so")
            let link = folder.path("libFirst.so")
            symlink(shared + "/second.so", link)
            return (
                try config(folder, name: "Chain", path: link),
                "error: plugin 'Chain': refusing to load \(link): the folder \(shared), reached through a link, is writable by its group (group \(groupID(of: shared))), so someone else could change the code you run. Fix: chmod g-w \(shared) (or pass --insecure-plugin-files while developing)."
            )
        },
        Case("several paths others can write: one message names them all, with one combined fix") { folder in
            let outer = try folder.makeFolder("a", mode: 0o777)
            let inner = try folder.makeFolder("a/b", mode: 0o775)
            let path = try PluginCopies.copy("DetailScene", to: "a/b/lib.so", in: folder)
            chmod(path, 0o646)
            return (
                try config(folder, name: "Many", path: path),
                "error: plugin 'Many': refusing to load \(path): the folder \(outer) above it is writable by every user; the folder \(inner) above it is writable by its group (group \(groupID(of: inner))); the file is writable by every user, so someone else could change the code you run. Fix: chmod go-w \(outer) && chmod g-w \(inner) && chmod o-w \(path) (or pass --insecure-plugin-files while developing)."
            )
        },
        Case("a loop of links") { folder in
            let link = folder.path("libLoop.so")
            symlink(folder.path("libLoop2.so"), link)
            symlink(link, folder.path("libLoop2.so"))
            return (
                try config(folder, name: "Loop", path: link),
                "error: plugin 'Loop': cannot load \(link): too many levels of symbolic links at \(link)."
            )
        },
        Case("a FIFO") { folder in
            let path = folder.path("libPipe.so")
            mkfifo(path, 0o644)
            return (
                try config(folder, name: "Pipe", path: path),
                "error: plugin 'Pipe': \(path) is not a shared library (it is a FIFO (named pipe)). Point 'path' at the plugin's .so file."
            )
        },
    ]

    /// The group of `path`, as the refusal names it.
    static func groupID(of path: String) -> UInt32 {
        var info = stat()
        stat(path, &info)
        return info.st_gid
    }

    /// Only root can give a file to another user; for anyone else this case cannot be set up.
    @Test("a file owned by another user is refused (set up as root only)", .enabled(if: getuid() == 0))
    func ownedByAnotherUser() throws {
        let folder = try TemporaryFolder()
        let path = try PluginCopies.copy("DetailScene", to: "libTheirs.so", in: folder)
        #expect(chown(path, 65534, 65534) == 0)
        let config = try Self.config(folder, name: "Theirs", path: path)
        let result = try HostProcess.run(["check", "--config", config])
        #expect(!result.signaled)
        #expect(result.status == 3)
        #expect(
            result.stderr.hasPrefix(
                "\(config):3:1: error: plugin 'Theirs': refusing to load \(path): the file is owned by user 65534, not by root or by you (user \(getuid())), so someone else could change the code you run. Fix: chown \(getuid()) \(path) (or pass --insecure-plugin-files while developing).\n"
            ), "\(result.stderr)")
    }

    /// A link owned by another user, in a sticky folder such as /tmp, is theirs to repoint.
    @Test("a link owned by another user is refused (set up as root only)", .enabled(if: getuid() == 0))
    func linkOwnedByAnotherUser() throws {
        let folder = try TemporaryFolder()
        let path = try PluginCopies.copy("DetailScene", to: "libDetail.so", in: folder)
        let link = folder.path("libTheirs.so")
        symlink(path, link)
        #expect(lchown(link, 65534, 65534) == 0)
        let config = try Self.config(folder, name: "Theirs", path: link)
        let result = try HostProcess.run(["check", "--config", config])
        #expect(result.status == 3)
        #expect(
            result.stderr.hasPrefix(
                "\(config):3:1: error: plugin 'Theirs': refusing to load \(link): the file is a symbolic link owned by user 65534, not by root or by you (user \(getuid())), so someone else could change the code you run. Fix: replace the link with one of your own, or point 'path' at the real file (or pass --insecure-plugin-files while developing).\n"
            ), "\(result.stderr)")
    }

    private func locate(_ message: String, config: String) -> String {
        message.hasPrefix("error: ") ? "\(config):3:1: " + message : message
    }

    @Test("check reports it first, exits 3, and survives", arguments: cases)
    func check(_ refusal: Case) throws {
        let folder = try TemporaryFolder()
        let (config, message) = try refusal.make(folder)
        let result = try HostProcess.run(["check", "--config", config] + refusal.arguments)
        #expect(!result.signaled)
        #expect(result.status == (refusal.name == "the same file twice" ? 2 : 3))
        #expect(result.stderr.hasPrefix(locate(message, config: config) + "\n"), "\(result.stderr)")
    }

    @Test("run refuses it with the same message and exit code, before showing anything", arguments: cases)
    func run(_ refusal: Case) throws {
        let folder = try TemporaryFolder()
        let (config, message) = try refusal.make(folder)
        let result = try HostProcess.run(["run", "--config", config] + refusal.arguments, input: "print\n")
        #expect(!result.signaled)
        #expect(result.status == (refusal.name == "the same file twice" ? 2 : 3))
        // The problems as `check` prints them (with their follow-ons), then run's own last line.
        #expect(result.stderr.hasPrefix(locate(message, config: config) + "\n"), "\(result.stderr)")
        #expect(
            result.stderr.hasSuffix(
                "run: 1 problem in \(config); nothing was started ('scene-host check' reports the same)\n"),
            "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
