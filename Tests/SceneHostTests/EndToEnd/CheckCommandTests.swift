import Foundation
import Testing

@Suite("scene-host check (end to end)")
struct CheckCommandTests {
    @Test("the demo config checks clean with exit 0")
    func demoIsClean() throws {
        let result = try HostProcess.run(["check"], in: BuildProducts.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "check: ok: scenes.conf: 2 plugins (HomeScene 1.0.0, DetailScene 1.0.0), 2 scenes, 1 segue\n")
    }

    @Test("check lists every problem it finds, not only the first")
    func listsAllProblems() throws {
        let folder = try TemporaryFolder()
        let text = DemoConfig.config(initial: "Nowhere", plugins: [("Missing", folder.path("libMissing.so")), ("HomeScene", BuildProducts.library("HomeScene"))])
        let config = try folder.write(text, to: "scenes.conf")
        let result = try HostProcess.run(["check", "--config", config])
        #expect(result.status == 3)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines.first?.hasPrefix("\(config):3:1: error: plugin 'Missing': file not found") == true)
        #expect(lines.dropFirst().first == "\(config):1:11: error: initial scene 'Nowhere' is not registered by any plugin. Registered scenes: Home.")
        #expect(lines.dropFirst(2).first == "\(config):6:1: error: route from 'Home' to 'Detail' (declared by plugin 'HomeScene'): no plugin registers a scene named 'Detail'. Registered scenes: Home.")
        #expect(lines.last == "check: 3 problems in \(config)")
    }

    @Test("a usage error exits 64")
    func usageError() throws {
        let result = try HostProcess.run(["check", "--nope"])
        #expect(result.status == 64)
    }
}
