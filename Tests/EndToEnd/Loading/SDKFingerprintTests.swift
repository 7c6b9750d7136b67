import Foundation
import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostRecordCodec
@testable import SceneHostCore
@testable import SceneHostConfig
@testable import SceneHostLoading
import TestSupport
@testable import SceneHostContainer

/// The SDK build identity: generated from the SDK sources at every build (SDKFingerprintPlugin),
/// compiled into each plugin, read from the library by the host, and carried by probes.
@Suite("SDK fingerprint")
struct SDKFingerprintTests {
    /// The hash SDKFingerprintTool computes, recomputed here from the sources: the SDK and ABI
    /// targets' .swift, .c and .h files, sorted by relative path, each `path NUL size NUL bytes`.
    static func fingerprintOfSources(in sdk: URL) throws -> (files: [String], fingerprint: String) {
        let root = sdk.standardizedFileURL.path + "/"
        var files: [String] = []
        let found = try #require(
            FileManager.default.enumerator(at: sdk, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]))
        for case let url as URL in found {
            let relative = String(url.standardizedFileURL.path.dropFirst(root.count))
            // Not SDK sources: the build tools, and the testing kit (a package of its own the target excludes).
            if relative == "BuildSupport" || relative == "SceneTesting" { found.skipDescendants() }
            guard ["swift", "c", "h"].contains(url.pathExtension), relative != "Package.swift" else { continue }
            files.append(relative)
        }
        files.sort { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        var input: [UInt8] = []
        for file in files {
            let contents = try [UInt8](Data(contentsOf: sdk.appendingPathComponent(file)))
            input += Array(file.utf8) + [0] + Array(String(contents.count).utf8) + [0] + contents
        }
        return (files, SHA256.hexDigest(input))
    }

    @Test("the library's fingerprint is the SHA-256 of the SDK sources it was built from")
    func matchesSources() throws {
        let sdk = BuildProducts.packageRoot.appendingPathComponent("Sources/SceneSDK")
        let (files, fingerprint) = try Self.fingerprintOfSources(in: sdk)
        // The C descriptor is part of the identity: it holds the layout and the SDK version.
        #expect(files.contains("ABI/include/scene_plugin_abi.h"))
        #expect(files.contains("Registration/AssembledScene.swift"))
        #expect(!files.contains { $0.hasPrefix("BuildSupport/") })
        #expect(!files.contains { $0.hasPrefix("SceneTesting/") })
        #expect(
            SceneSDKInfo.fingerprint == fingerprint,
            "the SDK was built from other sources than Sources/SceneSDK holds: run 'swift build'")
        #expect(CompatibilityPolicy.host.sdkFingerprint == fingerprint)
    }

    @Test("any change of any SDK file changes the fingerprint")
    func everyByteCounts() throws {
        let folder = try TemporaryFolder()
        let sdk = folder.url.appendingPathComponent("SceneSDK")
        try FileManager.default.createDirectory(
            at: sdk.appendingPathComponent("Roles"), withIntermediateDirectories: true)
        let file = sdk.appendingPathComponent("Roles/Role.swift")
        try Data("final class Role { var a = 0 }\n".utf8).write(to: file)
        let before = try Self.fingerprintOfSources(in: sdk).fingerprint
        try Data("final class Role { var a = 0; private var b = 0 }\n".utf8).write(to: file)
        let changed = try Self.fingerprintOfSources(in: sdk).fingerprint
        try FileManager.default.moveItem(at: file, to: sdk.appendingPathComponent("Roles/Other.swift"))
        let renamed = try Self.fingerprintOfSources(in: sdk).fingerprint
        #expect(Set([before, changed, renamed]).count == 3)
    }

    @Test("a client bakes in the fingerprint it was compiled against; the library reports its own")
    func compiledIn() {
        #expect(sceneSDKFingerprint().count == 64)
        #expect(sceneSDKFingerprint().allSatisfy { $0.isHexDigit })
        #expect(sceneSDKFingerprint() == SceneSDKInfo.fingerprint)
    }

    @Test("a probe reports the plugin's fingerprint to the host")
    func probeCarriesIt() throws {
        let path = BuildProducts.library("HomeScene")
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        let location = SourceLocation(file: "probe", line: 0, column: 0)
        let entry = PluginEntry(
            name: "Home", path: path, resolvedPath: path, sha256: nil, location: location, pathLocation: location)
        let verdict = try ChildProcessProber(executable: BuildProducts.probeExecutable, timeout: .seconds(60))
            .probe(entry, fileDescriptor: descriptor, realPath: path)
        guard case .good(let metadata) = verdict else {
            Issue.record("the probe failed: \(verdict)")
            return
        }
        #expect(metadata.sdkFingerprint == SceneSDKInfo.fingerprint)
        #expect(metadata.sdkVersion == CompatibilityPolicy.host.sdkVersion)
    }

    @Test("the documentation catalog in the SDK's folder builds, and is not part of the SDK build identity")
    func catalogIsNotCode() throws {
        // SwiftPM lists SceneSDK.docc among the target's files; the build-tool plugin hashed it
        // (and, given a folder, failed the build) until it kept to .swift, .c and .h files.
        let sdk = BuildProducts.packageRoot.appendingPathComponent("Sources/SceneSDK")
        #expect(FileManager.default.fileExists(atPath: sdk.appendingPathComponent("SceneSDK.docc/SceneSDK.md").path))
        let (files, fingerprint) = try Self.fingerprintOfSources(in: sdk)
        #expect(!files.contains { $0.hasPrefix("SceneSDK.docc/") })
        #expect(SceneSDKInfo.fingerprint == fingerprint)
    }
}
