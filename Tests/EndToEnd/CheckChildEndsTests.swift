import Foundation
import Testing
import TestSupport

/// `check`, `run` and `serve` load the plugins the probes cannot vouch for in a check child
/// (`check --in-process`). A parent killed by SIGKILL can end nothing itself: the child watches
/// it and ends with its whole process group within moments, even while held up in plugin code.
@Suite("The check child ends with its parent")
struct CheckChildEndsTests {
    @Test(
        "SIGKILL to check or run while the check child hangs in a plugin's scene: the child is gone within seconds",
        arguments: [["check"], ["run"]])
    func endsWithParent(_ command: [String]) throws {
        let folder = try TemporaryFolder()
        let config = try folder.write(
            DemoConfig.config(initial: "Stuck", plugins: [("Stuck", BuildProducts.library("FixtureSettingHang"))])
                + "[plugins.Stuck.settings]\nhang = true\n", to: "scenes.conf")
        // A long limit, so the child would hang on for minutes if nothing ended it.
        let host = try BoundedHostProcess(command + ["--config", config, "--probe-timeout", "300"])
        var children: [Int32] = []
        #expect(
            Processes.eventually {
                children = Processes.children(of: host.pid, containing: "--child-start-fd"); return !children.isEmpty
            })
        kill(host.pid, SIGKILL)
        #expect(host.wait(limit: .seconds(30)))
        let gone = Processes.eventually(limit: Slack.scaled(.seconds(5))) {
            children.allSatisfy { !Processes.isAlive($0) }
        }
        for child in children where !gone { kill(child, SIGKILL) }
        #expect(gone, "a check child outlived its SIGKILLed parent")
    }
}
