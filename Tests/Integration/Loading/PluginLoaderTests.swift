import Foundation
import Logging
import Testing
import SceneABI
@_spi(SceneHost) import SceneSDK
@testable import SceneHostRecordCodec
@testable import SceneHostCore
@testable import SceneHostContainer
@testable import SceneHostConfig
@testable import SceneHostLoading
import TestSupport

/// Loads real built libraries: the demo plugins and the fixtures that are wrong on purpose.
@MainActor
@Suite("PluginLoader")
struct PluginLoaderTests {
    let loader = PluginLoader(logger: Logger(label: "test"))
    let location = SourceLocation(file: "scenes.conf", line: 4, column: 1)

    private func entry(_ name: String, path: String, sha256: String? = nil) -> PluginEntry {
        PluginEntry(
            name: name, path: path, resolvedPath: path, sha256: sha256, location: location,
            pathLocation: SourceLocation(file: "scenes.conf", line: 5, column: 8))
    }

    private func message(
        loading path: String, name: String = "P", sha256: String? = nil,
        into container: SceneContainer = SceneContainer()
    ) -> String? {
        do {
            _ = try loader.load(entry(name, path: path, sha256: sha256), into: container)
            return nil
        } catch {
            return ErrorMessage.render(error)
        }
    }

    @Test("the demo plugins load, report their descriptor and register their scenes")
    func loadsDemoPlugins() throws {
        let container = SceneContainer()
        let home = try loader.load(entry("HomeScene", path: BuildProducts.library("HomeScene")), into: container)
        let detail = try loader.load(entry("DetailScene", path: BuildProducts.library("DetailScene")), into: container)
        #expect(home.name == "HomeScene")
        #expect(home.version == "1.0.0")
        #expect(home.sdkVersion == CompatibilityPolicy.host.sdkVersion)
        #expect(home.sdkFingerprint == CompatibilityPolicy.host.sdkFingerprint)
        #expect(home.swiftVersion == CompatibilityPolicy.host.swiftVersion)
        #expect(home.scenes == ["Home"])
        #expect(detail.scenes == ["Detail"])
        #expect(container.sceneNames == ["Detail", "Home"])
        #expect(try container.blueprint(named: "Home")?.routeHandlerNames == ["routeToDetail"])
        #expect(try container.blueprint(named: "Detail")?.declared.input?.typeName == "DetailInput")
    }

    @Test("a missing file")
    func missingFile() {
        #expect(
            message(loading: "/no/such/libP.so")
                == "scenes.conf:4:1: error: plugin 'P': file not found: /no/such/libP.so. Build the plugins first ('swift build'), or fix 'path' (it is relative to the config file's folder)."
        )
    }

    @Test("files that are not shared libraries: text, empty, an executable")
    func notSharedLibraries() throws {
        let folder = try TemporaryFolder()
        let text = try folder.write("hello\n", to: "libText.so")
        let empty = try folder.write("", to: "libEmpty.so")
        #expect(
            message(loading: text)
                == "scenes.conf:4:1: error: plugin 'P': \(text) is not a shared library (it is a text file, not an ELF binary). Point 'path' at the plugin's .so file."
        )
        #expect(
            message(loading: empty)
                == "scenes.conf:4:1: error: plugin 'P': \(empty) is not a shared library (the file is empty). Point 'path' at the plugin's .so file."
        )
        #expect(
            message(loading: folder.url.path)
                == "scenes.conf:4:1: error: plugin 'P': \(folder.url.path) is not a shared library (it is a folder). Point 'path' at the plugin's .so file."
        )
    }

    @Test("a shared library without scene_plugin_entry")
    func noEntry() {
        let path = BuildProducts.library("FixtureNoEntry")
        #expect(
            message(loading: path)
                == "scenes.conf:4:1: error: plugin 'P': \(path) exports no 'scene_plugin_entry', so it is not a scene-host plugin. Export one: @_cdecl(\"scene_plugin_entry\") public func scenePluginEntry() -> UnsafeRawPointer { MyPlugin.exportDescriptor() }"
        )
    }

    @Test("a descriptor with another ABI version is refused before any plugin code runs")
    func badABI() {
        let path = BuildProducts.library("FixtureBadABI")
        #expect(
            message(loading: path)
                == "scenes.conf:4:1: error: plugin 'P' (\(path)) was built with plugin ABI 999; this host has plugin ABI \(SCENE_PLUGIN_ABI_VERSION). The plugin ABI must be the same. Rebuild the plugin against this host's SceneSDK."
        )
    }

    @Test("compatibility rules: the same ABI, the same SDK build (fingerprint and version), the same Swift")
    func compatibilityRules() throws {
        let built = "9f".padding(toLength: 64, withPad: "0", startingAt: 0)
        let other = "1a".padding(toLength: 64, withPad: "0", startingAt: 0)
        let host = CompatibilityPolicy(
            abiVersion: 2, sdkVersion: SemanticVersion(major: 1, minor: 2, patch: 0), sdkFingerprint: built,
            swiftVersion: "6.3.1")
        let reference = PluginReference(name: "P", path: "/p.so", location: location)
        func check(
            abi: UInt32 = 2, _ major: UInt32 = 1, _ minor: UInt32 = 2, patch: UInt32 = 0, fingerprint: String? = nil,
            swift: String = "6.3.1"
        ) -> PluginLoadError? {
            let policy = CompatibilityPolicy(
                abiVersion: abi, sdkVersion: SemanticVersion(major: major, minor: minor, patch: patch),
                sdkFingerprint: fingerprint ?? built, swiftVersion: swift)
            do {
                try host.check(compatibility: policy, plugin: reference)
                return nil
            } catch {
                return error as? PluginLoadError
            }
        }
        #expect(check() == nil)
        // Equal versions are not enough: another fingerprint is another build, whose inlined layouts may differ.
        #expect(
            check(fingerprint: other)
                == .pluginOtherSDKBuild(
                    reference, pluginVersion: SemanticVersion(major: 1, minor: 2, patch: 0), pluginFingerprint: other,
                    hostVersion: SemanticVersion(major: 1, minor: 2, patch: 0), hostFingerprint: built))
        #expect(check(fingerprint: "") != nil)
        // An older minor was accepted before the SDK had a build identity: without library evolution it is not safe.
        #expect(
            check(1, 0)
                == .pluginOtherSDKBuild(
                    reference, pluginVersion: SemanticVersion(major: 1, minor: 0, patch: 0), pluginFingerprint: built,
                    hostVersion: SemanticVersion(major: 1, minor: 2, patch: 0), hostFingerprint: built))
        #expect(check(1, 2, patch: 9) != nil)
        #expect(check(1, 3) != nil)
        #expect(check(2, 0) != nil)
        #expect(
            check(abi: 1, fingerprint: other)
                == .pluginIncompatible(
                    reference, what: "plugin ABI", plugin: "1", host: "2", rule: "The plugin ABI must be the same."))
        #expect(
            check(swift: "6.2")
                == .pluginIncompatible(
                    reference, what: "Swift", plugin: "6.2", host: "6.3.1",
                    rule: "Swift has no stable ABI on Linux: the compiler versions must be the same."))
    }

    @Test("a plugin built against another SDK build is refused from its descriptor, before its registration runs")
    func otherSDKBuild() {
        let path = BuildProducts.library("FixtureOtherSDKBuild")
        let host = CompatibilityPolicy.host
        #expect(
            message(loading: path)
                == "scenes.conf:4:1: error: plugin 'P' (\(path)) was built against SceneSDK \(host.sdkVersion) (build 000000000000); this host has SceneSDK \(host.sdkVersion) (build \(host.sdkFingerprint.prefix(12))). The SDK is built without library evolution and plugins inline its code, so only the same SDK build is safe. Rebuild the plugin against this host's SceneSDK."
        )
    }

    @Test("the same scene name from two plugins names both; the second plugin registers nothing")
    func duplicateScene() throws {
        let container = SceneContainer()
        let home = BuildProducts.library("HomeScene")
        let duplicate = BuildProducts.library("FixtureDuplicateHome")
        _ = try loader.load(entry("HomeScene", path: home), into: container)
        #expect(
            message(loading: duplicate, name: "Copy", into: container)
                == "scenes.conf:4:1: error: scene 'Home' is registered by two plugins: 'HomeScene' (\(home)) and 'Copy' (\(duplicate)). Scene names must be unique: rename one of the scenes, or remove one plugin from the config."
        )
        #expect(container.plugin(registering: "Home")?.name == "HomeScene")
    }

    @Test("a sha256 pin is checked on the bytes before the file is opened")
    func checksumPin() throws {
        let path = BuildProducts.library("HomeScene")
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let actual = SHA256.hexDigest([UInt8](bytes))
        #expect(message(loading: path, sha256: actual) == nil)
        let wrong = String(repeating: "0", count: 64)
        #expect(
            message(loading: path, sha256: wrong)
                == "scenes.conf:4:1: error: plugin 'P': SHA-256 of \(path) is \(actual), but the config pins \(wrong). Rebuild the right file, or update 'sha256' if the change is yours."
        )
    }
}
