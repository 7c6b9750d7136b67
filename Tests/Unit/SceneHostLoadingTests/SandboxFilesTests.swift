import Foundation
import Testing
import SceneSDK
@testable import SceneHostProcesses
@testable import SceneHostCore
@testable import SceneHostConfig
@testable import SceneHostLoading

/// The files a sandboxed worker may open (`SandboxFiles`): what docs/security.md promises, rule by rule.
@Suite("Sandbox files: the Landlock rules of a worker")
@MainActor
struct SandboxFilesTests {
    private func entry(_ name: String, path: String, settings: [PluginSetting] = []) -> PluginEntry {
        let location = SourceLocation(file: "scenes.conf", line: 1, column: 1)
        return PluginEntry(
            name: name, path: path, resolvedPath: path, sha256: nil, location: location, pathLocation: location,
            settings: settings, settingsBaseDirectory: "/apps")
    }

    @Test(
        "the system's libraries, the runtime's folder, each plugin's folder, and the private folder; nothing of the user's"
    )
    func baseRules() {
        let rules = SandboxFiles.rules(
            plugins: [entry("A", path: "/apps/plugins/libA.so"), entry("B", path: "/opt/b/libB.so")],
            declarations: { _ in [] }, grants: [], environment: ["SCENE_HOST_PRIVATE_FOLDER": "/tmp/scene-host-child-x"]
        )
        let byPath = Dictionary(rules.map { ($0.path, $0.access) }, uniquingKeysWith: { $0.union($1) })
        #expect(byPath["/apps/plugins"] == [.read, .execute])
        #expect(byPath["/opt/b"] == [.read, .execute])
        #expect(byPath["/usr/lib"] == [.read, .execute])
        #expect(byPath["/etc/ld.so.cache"] == .read)
        #expect(byPath["/tmp/scene-host-child-x"] == [.read, .write, .createFiles, .createLinks])
        // The Swift runtime this process maps, wherever the toolchain is.
        let runtime = Landlock.mappedFolders().first { $0.hasSuffix("/swift/linux") || $0.contains("swift") }
        if let runtime { #expect(byPath[runtime] == [.read, .execute]) }
        #expect(byPath["/usr/bin"] == nil && byPath["/etc/resolv.conf"] == nil && byPath["/apps"] == nil)
        #expect(
            !rules.contains {
                $0.access.contains(.write) && $0.path != "/tmp/scene-host-child-x" && $0.path != "/dev/null"
            })
    }

    @Test(
        "a path setting (set or defaulted) opens its file's folder for reading and writing; other settings open nothing"
    )
    func pathSettings() {
        let declared: [SettingDeclaration] = [
            .path("database", default: "data/orders.db", help: "db"), .path("log", help: "log"),
            .string("title", default: "/etc/shadow", help: "not a path"),
        ]
        let settings = [
            PluginSetting(
                key: "log", value: .string("/var/log/app/log.txt"),
                location: SourceLocation(file: "scenes.conf", line: 4, column: 1))
        ]
        let rules = SandboxFiles.rules(
            plugins: [entry("A", path: "/apps/libA.so", settings: settings)], declarations: { _ in declared },
            grants: [], environment: [:])
        let byPath = Dictionary(rules.map { ($0.path, $0.access) }, uniquingKeysWith: { $0.union($1) })
        #expect(byPath["/apps/data"] == [.read, .write, .createFiles])
        #expect(byPath["/var/log/app"] == [.read, .write, .createFiles])
        #expect(byPath["/etc"] == nil && byPath["/etc/shadow"] == nil)
    }

    @Test("grants add what they need: programs for start-processes, the resolver's files for network")
    func grants() {
        let processes = SandboxFiles.rules(
            plugins: [], declarations: { _ in [] }, grants: [.startProcesses], environment: [:]
        ).map(\.path)
        #expect(processes.contains("/usr/bin") && !processes.contains("/etc/resolv.conf"))
        let network = SandboxFiles.rules(plugins: [], declarations: { _ in [] }, grants: [.network], environment: [:])
            .map(\.path)
        #expect(network.contains("/etc/resolv.conf") && network.contains("/etc/ssl") && !network.contains("/usr/bin"))
    }

    @Test("a probe child reads its plugins' folders and writes only its private folder")
    func probeRules() {
        let rules = SandboxFiles.probeRules(
            realPaths: ["/p/libA.so", "/p/libB.so", "/q/libC.so"], environment: ["SCENE_HOST_PRIVATE_FOLDER": "/tmp/c"])
        #expect(rules.filter { $0.path == "/p" }.count == 1 && rules.contains { $0.path == "/q" })
        #expect(rules.filter { $0.access.contains(.write) }.map(\.path).sorted() == ["/dev/null", "/tmp/c"])
    }
}
