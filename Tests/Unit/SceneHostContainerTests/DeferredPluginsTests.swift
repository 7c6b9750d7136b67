import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostCore
@testable import SceneHostContainer

/// `SceneContainer.addDeferred` (a start from the start-up cache): a plugin known by its record is
/// registered when one of its scenes is first asked for, every one when the whole table is, and
/// the container answers as if all had been registered at once.
@MainActor
@Suite("Deferred plugins")
struct DeferredPluginsTests {
    static func metadata(_ name: String, scenes: [String]) -> PluginMetadata {
        PluginMetadata(
            name: name, version: "1", sdkVersion: SemanticVersion(major: 1, minor: 0, patch: 0), sdkFingerprint: "",
            swiftVersion: "6.3.1",
            scenes: scenes.map {
                SceneDescription(name: $0, input: nil, acceptedResult: nil, returnedResult: nil, routes: [])
            })
    }

    static func reference(_ name: String) -> PluginReference {
        PluginReference(
            name: name, path: "/plugins/lib\(name).so", location: SourceLocation(file: "app.conf", line: 1, column: 1))
    }

    /// Ten plugins P0...P9 of three scenes each (P3 has S3a, S3b, S3c), deferred; `registered`
    /// records which were registered, in order.
    @MainActor
    final class App {
        let container = SceneContainer()
        var registered: [Int] = []
        let metadata = (0..<10).map {
            DeferredPluginsTests.metadata("P\($0)", scenes: ["S\($0)a", "S\($0)b", "S\($0)c"])
        }

        init(failing: Int? = nil) {
            let metadata = metadata
            container.addDeferred(sceneNames: metadata.map { $0.scenes.map(\.name) }, names: metadata.map(\.name)) {
                [unowned self] container, index in
                registered.append(index)
                if index == failing {
                    throw ContainerError.unknownScene(scene: "S\(index)a", requestedBy: "a test", registered: [])
                }
                try container.addPending(metadata[index], from: DeferredPluginsTests.reference("P\(index)")) {}
            }
        }
    }

    @Test("a scene asked for by name registers its plugin only; counts include the plugins still waiting")
    func oneScene() throws {
        let app = App()
        #expect(app.container.sceneCount == 30)
        #expect(app.container.description(of: "S3b")?.name == "S3b")
        #expect(app.registered == [3])
        #expect(app.container.plugin(registering: "S3c")?.name == "P3")
        #expect(app.registered == [3], "a scene of a plugin already registered is a look-up")
        #expect(app.container.sceneCount == 30)
        #expect(app.container.sceneOwners("S7a") == "P7", "other threads learn a scene's plugin without registering it")
        #expect(app.registered == [3])
    }

    @Test("every name, or the owners of all scenes, registers every plugin once")
    func wholeTable() {
        let app = App()
        _ = app.container.description(of: "S5a")
        #expect(app.container.sceneNames.count == 30)
        #expect(app.registered.sorted() == Array(0..<10))
        #expect(app.registered.count == 10)
        #expect(app.container.pluginNamesByScene["S9c"] == "P9")
    }

    @Test("names no plugin declares are looked for by a few passes, then every plugin is registered at once")
    func unknownNames() {
        let app = App()
        for name in ["X1", "X2", "X3", "X4"] { #expect(app.container.description(of: name) == nil) }
        #expect(app.registered.isEmpty)
        #expect(app.container.description(of: "X5") == nil)
        #expect(app.registered.count == 10)
    }

    @Test("a scene added under a name a waiting plugin declares is a duplicate of that plugin's scene")
    func conflictWithWaiting() throws {
        let app = App()
        let intruder = Self.reference("Intruder")
        #expect(throws: ContainerError.duplicateScene(scene: "S4a", first: Self.reference("P4"), second: intruder)) {
            try app.container.addPending(Self.metadata("Intruder", scenes: ["S4a"]), from: intruder) {}
        }
        #expect(app.container.plugin(registering: "S4a")?.name == "P4")
    }

    @Test("a plugin whose registration fails is refused for the run: building its scenes says why")
    func failedRegistration() throws {
        let app = App(failing: 2)
        _ = app.container.sceneNames
        #expect(app.registered.count == 10)
        #expect(app.container.description(of: "S2a") == nil)
        #expect(throws: ContainerError.unknownScene(scene: "S2a", requestedBy: "a test", registered: [])) {
            try app.container.builder(named: "S2a")
        }
        #expect(app.container.description(of: "S1a")?.name == "S1a")
    }

    @MainActor
    final class Counter { var made = 0 }

    @Test(
        "a table made when a name is first needed: not for a scene registered before, once for the others; one of the wrong size declares nothing"
    )
    func lazyTable() throws {
        let container = SceneContainer()
        try container.addPending(Self.metadata("First", scenes: ["F"]), from: Self.reference("First")) {}
        let counter = Counter()
        let metadata = (0..<3).map { Self.metadata("P\($0)", scenes: ["S\($0)"]) }
        container.addDeferred(
            count: 3,
            table: {
                counter.made += 1
                return DeferredPlugins.Table(
                    sceneNames: metadata.map { $0.scenes.map(\.name) }, names: metadata.map(\.name))
            }
        ) { container, index in
            try container.addPending(metadata[index], from: Self.reference("P\(index)")) {}
        }
        #expect(container.description(of: "F")?.name == "F")
        #expect(counter.made == 0, "the first screen's scene is registered already: no table")
        #expect(container.description(of: "S2")?.name == "S2")
        #expect(counter.made == 1)
        #expect(container.sceneCount == 4)
        #expect(container.sceneNames == ["F", "S0", "S1", "S2"])
        #expect(counter.made == 1)

        let wrong = SceneContainer()
        wrong.addDeferred(count: 3, table: { DeferredPlugins.Table(sceneNames: [["S0"]], names: ["P0"]) }) { _, _ in }
        #expect(wrong.description(of: "S0") == nil)
        #expect(wrong.sceneCount == 0)
    }
}
