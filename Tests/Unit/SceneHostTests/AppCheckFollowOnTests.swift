import Testing
@testable import SceneHostCore
@testable import SceneHostLoading
@testable import SceneHostGraph
@testable import SceneHost

/// `check` puts the unknown scenes a failed plugin explains under that plugin's error.
@MainActor
@Suite("AppCheck: follow-on errors of a failed plugin")
struct AppCheckFollowOnTests {
    static let plugin = PluginReference(
        name: "P", path: "/p/libP.so", location: SourceLocation(file: "s.conf", line: 3, column: 1))
    static let here = SourceLocation(file: "s.conf", line: 1, column: 11)

    @Test("unknown scenes go under the last failed plugin; a close name (a typo) and other errors stay on their own")
    func collapse() {
        let first = PluginLoadError.pluginFileMissing(Self.plugin), second = PluginLoadError.pluginNoEntry(Self.plugin)
        let initial = SceneGraphError.unknownInitialScene(Self.here, scene: "Home", registered: ["Detail"])
        let typo = SceneGraphError.unknownSegueScene(
            Self.here, scene: "Detial", field: "to", segue: "go", registered: ["Detail"])
        let route = SceneGraphError.unknownRouteScene(
            Self.plugin, from: "Detail", to: "Settings", registered: ["Detail"])
        let other = SceneGraphError.initialNeedsInput(Self.here, scene: "Detail", input: "X")
        let problems = AppCheck.collapsingFollowOns(
            [HostProblem(first), HostProblem(second)], graphProblems: [initial, typo, other, route],
            registered: ["Detail"])
        #expect(
            problems == [
                HostProblem(first), .pluginFailedWithFollowOns(second, unknown: [initial, route]), HostProblem(typo),
                HostProblem(other),
            ])
        #expect(problems.first?.exitStatus == .pluginError)
    }

    @Test("without a failed plugin nothing is collapsed")
    func nothingFailed() {
        let initial = SceneGraphError.unknownInitialScene(Self.here, scene: "Home", registered: ["Detail"])
        #expect(
            AppCheck.collapsingFollowOns([], graphProblems: [initial], registered: ["Detail"]) == [HostProblem(initial)]
        )
    }
}
