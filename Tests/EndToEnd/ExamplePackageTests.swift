import Foundation
import Testing
import TestSupport

/// The out-of-tree example (examples/GreetingPlugin) loaded by the real binary next to the demo's
/// Detail. Runs only when the example was built (`swift build --package-path examples/GreetingPlugin`,
/// as CI does); CI runs the same script through the binary in any case.
@Suite("Example package (end to end)", .enabled(if: ExamplePackage.isBuilt, "build examples/GreetingPlugin first"))
struct ExamplePackageTests {
    @Test("check accepts the example's plugins, built against their own copy of the same SDK")
    func checkAcceptsTheExample() throws {
        let result = try HostProcess.run(
            ["check", "--config", "examples/GreetingPlugin/greeting.conf"], in: BuildProducts.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("3 plugins (GreetingScene 1.0.0, NameScene 1.0.0, DetailScene 1.0.0), 3 scenes"))
    }

    @Test("Greeting takes a name back from Name and passes the greeting to Detail")
    func greetingScript() throws {
        let result = try HostProcess.run(
            [
                "run", "--config", "examples/GreetingPlugin/greeting.conf", "--script",
                "examples/GreetingPlugin/greeting.script",
            ],
            in: BuildProducts.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                """
                > tap save
                == Greeting ==  (Greeting)
                label   greeting    Hello, Ada!
                """))
        #expect(
            result.stdout.contains(
                """
                > tap showDetail
                == Detail ==  (Greeting › Detail)
                label   message  Hello, Ada!
                """))
    }
}

/// Where the example package's plugins are built.
enum ExamplePackage {
    static var isBuilt: Bool {
        let build = BuildProducts.packageRoot.appendingPathComponent("examples/GreetingPlugin/.build/debug")
        return ["libGreetingScene.so", "libNameScene.so"].allSatisfy {
            FileManager.default.fileExists(atPath: build.appendingPathComponent($0).path)
        }
    }
}
