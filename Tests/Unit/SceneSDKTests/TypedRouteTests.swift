import Foundation
import Testing
import TestSupport

/// `Route<Payload>` (issue 20 item 3): a route written once makes a misspelt name and a payload of
/// another type compile errors in the plugin, checked by type-checking plugin code against the
/// SDK module the build made.
@Suite("Typed routes are checked by the compiler")
struct TypedRouteTests {
    static let header = """
        import SceneSDK
        struct DetailInput: Codable { let message: String }
        struct OtherInput: Codable { let id: Int }
        struct BookDetailInput: Codable { let id: Int }
        extension Route where Payload == BookDetailInput { static var bookDetail: Self { Route("BookDetail") } }
        extension Route where Payload == DetailInput { static var detail: Self { Route("Detail") } }
        extension Route where Payload == Void { static var settings: Self { Route("Settings") } }
        final class V: SceneViewController<I, R> {}
        final class I: SceneInteractor<ScenePresenter<V>> {}
        final class R: SceneRouter<V, I> {

        """

    /// The compiler's diagnostics for a router whose body is `body`, and its exit status.
    func typecheck(_ body: String) throws -> (status: Int32, errors: String) {
        let folder = try TemporaryFolder()
        let file = try folder.write(
            Self.header + body + "\n}\n" + """
                @MainActor func define() -> SceneDefinition<V, I, ScenePresenter<V>, R> {
                    SceneDefinition("Home", viewController: V.init, interactor: { _ in I() }, presenter: ScenePresenter<V>.init, router: R.init)
                        .route(.detail, handler: R.go).route(.settings)
                }
                """, to: "Router.swift")
        let build = BuildProducts.directory.path
        // The toolchain's swiftc from PATH (`swift test` runs with it), its module cache in the test's folder.
        let result = try ChildRun.run(
            "/usr/bin/env",
            [
                "swiftc", "-typecheck", "-swift-version", "6", "-module-cache-path", folder.path("cache"), "-I",
                build + "/Modules",
                "-Xcc", "-fmodule-map-file=\(build)/SceneABI.build/module.modulemap", file,
            ],
            input: "", in: nil, environment: ProcessInfo.processInfo.environment, timeLimit: .seconds(120))
        return (result.status, result.stderr)
    }

    @Test("the route's name and payload type, written once, compile in the definition and the router")
    func compiles() throws {
        let result = try typecheck(
            """
            func go(segue: Segue?) throws { try route(to: .detail, segue: segue, passing: DetailInput(message: "hi")) }
            func open() throws { try route(to: .settings, segue: nil, style: .present) }
            """)
        #expect(result.status == 0, "\(result.errors)")
    }

    @Test("a misspelt route is a compile error")
    func misspelt() throws {
        let result = try typecheck(
            "func go(segue: Segue?) throws { try route(to: .detial, segue: segue, passing: DetailInput(message: \"hi\")) }"
        )
        #expect(result.status != 0)
        #expect(result.errors.contains("detial"), "\(result.errors)")
    }

    @Test(
        "a misspelt route's error names the route type, not 'cannot be resolved without a contextual type' (issue 35, 2.4)"
    )
    func misspeltNamesRouteType() throws {
        let passing = try typecheck(
            "func go(segue: Segue?) throws { try route(to: .bookDetial, segue: segue, passing: BookDetailInput(id: 1)) }"
        )
        #expect(passing.status != 0)
        #expect(
            passing.errors.contains("type 'Route<BookDetailInput>' has no member 'bookDetial'"), "\(passing.errors)")
        let nothing = try typecheck("func go(segue: Segue?) throws { try route(to: .setings, segue: segue) }")
        #expect(nothing.errors.contains("type 'Route<Void>' has no member 'setings'"), "\(nothing.errors)")
        // The string forms still compile beside the typed ones.
        let strings = try typecheck(
            "func go(segue: Segue?) throws { try route(to: \"Detail\", segue: segue, passing: DetailInput(message: \"hi\")); try route(to: \"Settings\", segue: nil) }"
        )
        #expect(strings.status == 0, "\(strings.errors)")
    }

    @Test("a payload of another type than the route declares is a compile error")
    func wrongPayload() throws {
        let result = try typecheck(
            "func go(segue: Segue?) throws { try route(to: .detail, segue: segue, passing: OtherInput(id: 1)) }")
        #expect(result.status != 0)
        #expect(
            result.errors.contains("cannot convert value of type 'OtherInput' to expected argument type 'DetailInput'"),
            "\(result.errors)")
    }
}
