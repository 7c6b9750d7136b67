import Foundation
import Testing
import TestSupport

/// Host-only SDK declarations are SPI (`@_spi(SceneHost)`), and what the testing kit needs besides
/// is `@_spi(SceneTesting)`: plugin authors see neither, nor the C descriptor; the host and the kit
/// import theirs explicitly. Type-checks small clients against the built SceneSDK module.
@Suite("SDK surface: host-only declarations are SPI")
struct SDKSurfaceTests {
    /// The compiler next to the one on PATH, if any (the tests run under `swift test`).
    static let swiftc: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "")
        .split(separator: ":").map { "\($0)/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Uses each host-only declaration once.
    static let hostOnly = """
        @MainActor func use(_ s: AssembledScene, _ r: PluginRegistration, _ b: SceneBlueprint, _ n: any SceneNavigating,
                            _ c: ContractInfo, _ d: DeclaredRoute, _ schema: PayloadSchema, _ part: ScenePart, _ e: SceneDescription) throws {
            _ = s.router
            _ = b.factories
            _ = try b.assemble(viewController: s, interactor: s, presenter: s, router: s, navigator: n)
        }
        """

    /// Uses what the testing kit needs from the SDK beyond its public API, once each.
    static let kitNeeds = """
        @MainActor func use(_ s: AssembledScene, _ b: SceneBlueprint, _ n: any SceneNavigating, _ screen: Screen) throws {
            _ = b.name
            _ = b.factories[ScenePart.router]
            _ = try b.assemble(viewController: s.viewController, interactor: s.interactor, presenter: s.presenter, router: s.router, navigator: n)
            _ = s.declaredDestinations
            if case .noSuchElement? = screen.mismatch(for: .tap(button: "x")) {}
            _ = try PayloadDecoder().decode(Int.self, from: .int(1))
        }
        """

    /// Uses what only the host may: the C descriptor aside, it stays out of the kit's reach.
    static let hostNotKit = """
        @MainActor func use(_ s: AssembledScene, _ r: PluginRegistration) throws {
            _ = s.keptInput
            _ = try PayloadEncoder().encode(1)
        }
        """

    /// Type-checks `source` against the built SDK; the compiler's errors, or nil when it compiles.
    static func typeCheck(_ source: String) throws -> String? {
        let folder = try TemporaryFolder()
        let file = try folder.write(source, to: "client.swift")
        let build = BuildProducts.directory
        // posix_spawn and a time limit (ChildRun), not Foundation's Process: its waitUntilExit was seen
        // to wait forever for a child that had ended, under a full test run's load.
        let result = try ChildRun.run(
            try #require(swiftc),
            [
                "-typecheck", "-swift-version", "6", "-I", build.appendingPathComponent("Modules").path,
                "-Xcc", "-fmodule-map-file=" + build.appendingPathComponent("SceneABI.build/module.modulemap").path,
                file,
            ],
            input: "", in: nil, environment: ProcessInfo.processInfo.environment, timeLimit: .seconds(600))
        return result.status == 0 ? nil : result.stdout + result.stderr
    }

    @Test("a plugin's plain import does not see the host's declarations", .enabled(if: swiftc != nil))
    func hiddenFromAuthors() throws {
        let errors = try #require(try Self.typeCheck("import SceneSDK\n" + Self.hostOnly))
        // The schema types too: the wiring plugins inline no longer names them (docs/decisions.md, "The SDK's surface").
        for name in [
            "PluginRegistration", "ContractInfo", "DeclaredRoute", "PayloadSchema", "ScenePart", "SceneDescription",
        ] {
            #expect(errors.contains("cannot find type '\(name)' in scope"), "\(errors)")
        }
        // The scene the host builds is a public class only because the wiring plugins inline makes
        // it; every member is host-only.
        #expect(errors.contains("'router' is inaccessible due to '@_spi' protection level"), "\(errors)")
        #expect(errors.contains("'factories' is inaccessible due to '@_spi' protection level"), "\(errors)")
    }

    @Test("a plugin's plain import gets neither the C descriptor nor the payload coders", .enabled(if: swiftc != nil))
    func noCDescriptorNorCoders() throws {
        let source = """
            import SceneSDK
            func use(_ d: scene_plugin_descriptor) throws {
                _ = SCENE_PLUGIN_MAGIC
                _ = try PayloadEncoder().encode(1)
                _ = try PayloadDecoder().decode(Int.self, from: .int(1))
            }
            """
        let errors = try #require(try Self.typeCheck(source))
        for name in ["scene_plugin_descriptor", "SCENE_PLUGIN_MAGIC", "PayloadEncoder", "PayloadDecoder"] {
            #expect(
                errors.contains("cannot find type '\(name)' in scope")
                    || errors.contains("cannot find '\(name)' in scope"), "\(errors)")
        }
    }

    @Test(
        "the kit's SPI import sees what the kit needs, and not what only the host may use", .enabled(if: swiftc != nil))
    func kitSeesItsOwn() throws {
        #expect(try Self.typeCheck("@_spi(SceneTesting) import SceneSDK\n" + Self.kitNeeds) == nil)
        let errors = try #require(try Self.typeCheck("@_spi(SceneTesting) import SceneSDK\n" + Self.hostNotKit))
        #expect(errors.contains("cannot find type 'PluginRegistration' in scope"), "\(errors)")
        #expect(errors.contains("'keptInput' is inaccessible due to '@_spi' protection level"), "\(errors)")
        #expect(errors.contains("cannot find 'PayloadEncoder' in scope"), "\(errors)")
    }

    @Test("the testing kit imports its own SPI, never the host's")
    func kitUsesItsOwnSPI() throws {
        let root = BuildProducts.packageRoot.appendingPathComponent("Sources/SceneSDK/SceneTesting/Sources")
        let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        for case let url as URL in files where url.pathExtension == "swift" {
            #expect(
                !(try String(contentsOf: url, encoding: .utf8)).contains("@_spi(SceneHost)"),
                "\(url.path) uses the host's SPI")
        }
    }

    @Test("the host's SPI import sees them", .enabled(if: swiftc != nil))
    func visibleToTheHost() throws {
        #expect(try Self.typeCheck("@_spi(SceneHost) import SceneSDK\n" + Self.hostOnly) == nil)
    }

    @Test("plugins and fixtures are written without the SPI")
    func pluginsDoNotImportIt() throws {
        for folder in ["Plugins", "Tests/Fixtures", "examples"] {
            let root = BuildProducts.packageRoot.appendingPathComponent(folder)
            let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
            for case let url as URL in files where url.pathExtension == "swift" {
                #expect(
                    !(try String(contentsOf: url, encoding: .utf8)).contains("@_spi"), "\(url.path) uses the host's SPI"
                )
            }
        }
    }
}
