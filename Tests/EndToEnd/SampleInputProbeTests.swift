import Foundation
import Testing
import TestSupport

/// A crash behind data (issue 49, point 1): a button shown only when a record is found, whose tap
/// force-unwraps nil. The scene declares sample inputs; the probe shows it with each, taps the
/// button with the one that finds a record, and `check` and `run` refuse the plugin naming the
/// scene, the tap, the sample and the author's own words, from a fresh probe and from the cache.
@Suite("The probe shows a scene with its sample inputs (end to end)")
struct SampleInputProbeTests {
    @Test("check and run refuse the crash behind data, naming the sample; the cached verdict says the same")
    func crashBehindData() throws {
        let folder = try TemporaryFolder()
        let path = BuildProducts.library("FixtureSamples")
        let config = try folder.write(
            DemoConfig.config(initial: "Recipes", plugins: [("Samples", path)]), to: "scenes.conf")
        let cache = folder.path("probes.cache")
        let message = """
            \(config):3:1: error: plugin 'Samples' (\(path)): scene 'Recipe' crashed with SIGILL (a trap: \
            fatalError, a failed precondition or a force unwrap of nil) in its handle(tap 'favourite') with its \
            sample input 2 while being probed (it printed: FixtureSamples/SamplesFixture.swift:69: Fatal error: \
            Unexpectedly found nil while unwrapping an Optional value).
            """
        // Probed, then from the cache, then by run: the same refusal.
        for command in ["check", "check", "run"] {
            let host = try BoundedHostProcess.run(
                [command, "--config", config, "--probe-cache", cache], limit: .seconds(120))
            #expect(!host.signaled)
            #expect(host.status == 3, "\(command): \(host.stderr)")
            #expect(host.stderr.hasPrefix(message), "\(command): \(host.stderr)")
        }
    }
}
