import Foundation
import Testing
import TestSupport

/// `check` reads what building each scene found from the probe verdicts (scanner children build
/// and exercise every scene) instead of loading every plugin into itself.
@Suite("scene-host check from probe verdicts (end to end)")
struct CheckFromProbesTests {
    @Test("a wiring problem found in the probe is reported with the host's text, and a warm check opens no plugin")
    func wiringFromProbe() throws {
        let folder = try TemporaryFolder()
        let cache = folder.path("probes.json")
        let text = DemoConfig.config(
            initial: "Sender",
            plugins: [
                ("Home", BuildProducts.library("HomeScene")), ("Detail", BuildProducts.library("DetailScene")),
                ("Contracts", BuildProducts.library("FixtureContracts")),
            ])
        let config = try folder.write(text, to: "scenes.conf")
        let miswired =
            "\(config):9:1: error: scene 'Miswired' (plugin 'Contracts') cannot be wired: in scene 'Miswired', the Interactor SceneInteractor<()> cannot be used as FixtureViewController.interactor, which expects FixtureInteractor."

        let cold = try HostProcess.run(["check", "--config", config, "--verbose"], probeCache: cache)
        let warm = try HostProcess.run(["check", "--config", config, "--verbose"], probeCache: cache)
        for result in [cold, warm] {
            #expect(result.status == 4)
            #expect(result.stderr.split(separator: "\n").contains { $0 == miswired }, "\(result.stderr)")
            #expect(!result.stderr.contains("check loads the plugin"))
        }
        #expect(warm.stderr.components(separatedBy: "cached=true").count == 4)
        #expect(!warm.stderr.contains("loaded plugin"), "\(warm.stderr)")
        // The same problems, in the same order, whether probed now or read from the cache.
        let problems = { (stderr: String) in stderr.split(separator: "\n").filter { $0.hasPrefix(config) } }
        #expect(problems(cold.stderr) == problems(warm.stderr))
    }

    @Test("plugins that register services are loaded and built in the host, as before")
    func servicesLoadInHost() throws {
        let config = try ExampleConfig.copy("orders-stack.conf", into: TemporaryFolder())
        let result = try HostProcess.run(["check", "--config", config, "--verbose"], in: BuildProducts.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("the plugin's scenes are built to be checked"))
        #expect(result.stderr.contains("loaded plugin"))
    }
}
