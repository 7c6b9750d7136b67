import Testing
@_spi(SceneHost) @testable import SceneHost
@_spi(SceneHost) import SceneSDK
@testable import SceneHostCore
@testable import SceneHostContainer
@testable import SceneHostLoading
@testable import SceneHost
import HostTestSupport
import SceneTestSupport

/// `check`'s wiring problems read from what a probe found must read exactly as building the
/// scene in the host does.
@MainActor
@Suite("WiringCheck")
struct WiringCheckTests {
    struct OwnFailure: Error, CustomStringConvertible { var description: String { "the database is closed" } }
    protocol Clock {}

    /// Each problem as `check` prints it.
    func texts(_ problems: [HostProblem]) -> [String] { problems.map { ErrorMessage.render($0) } }

    /// What the probe finds (`SceneExercise`), then the problems read from it without building anything here.
    func fromProbe(_ container: SceneContainer) -> (findings: [String: WiringFinding], problems: [HostProblem]) {
        let findings = SceneExercise(container: container) { _ in }.run().findings
        return (findings, WiringCheck.problems(container: container, findings: findings, building: []))
    }

    @Test("a wiring mismatch found in the probe reads as building the scene in the host")
    func wiringMismatch() throws {
        let container = try ProbeScenes.container()
        container.replacePart(.interactor, of: "C") { _ in StrayInteractor() }
        let (findings, problems) = fromProbe(container)
        #expect(
            findings == [
                "C": .wiringMismatch(
                    part: "Interactor", partType: "StrayInteractor", property: "factory result",
                    expected: "ProbeInteractor")
            ])
        #expect(texts(problems) == texts(WiringCheck.problems(container: container)))
        #expect(
            texts(problems) == [
                "probe.conf:3:1: error: scene 'C' (plugin 'ProbePlugin') cannot be wired: in scene 'C', the Interactor StrayInteractor cannot be used as factory result, which expects ProbeInteractor."
            ])
    }

    @Test("an error of the scene's own, thrown by a factory in the probe, reads as in the host")
    func ownError() throws {
        let container = try ProbeScenes.container()
        container.replacePart(.presenter, of: "A") { _ in throw OwnFailure() }
        let (findings, problems) = fromProbe(container)
        #expect(findings == ["A": .failed(description: "the database is closed")])
        #expect(texts(problems).count == 1)
        #expect(texts(problems) == texts(WiringCheck.problems(container: container)))
    }

    @Test("a service the probe lacked is left to the host, which builds that scene itself")
    func missingService() throws {
        let container = try ProbeScenes.container()
        container.replacePart(.interactor, of: "B") { resolver in
            _ = try resolver.resolve((any Clock).self); return ProbeInteractor()
        }
        let (findings, problems) = fromProbe(container)
        #expect(findings == ["B": .needsHost])
        #expect(texts(problems).count == 1)
        #expect(texts(problems) == texts(WiringCheck.problems(container: container)))
    }

    @Test("scenes that built in the probe have no finding and no problem")
    func clean() throws {
        let container = try ProbeScenes.container()
        let (findings, problems) = fromProbe(container)
        #expect(findings.isEmpty)
        #expect(problems.isEmpty)
    }
}
