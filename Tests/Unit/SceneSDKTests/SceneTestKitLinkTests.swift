import SceneSDK
import SceneTesting
import Testing
import SceneTestSupport

struct ProbeLink: Codable { var id: Int }
struct LinkRefused: Error {}

/// The testing kit opens a scene the way its deep link does: through the link's function.
@MainActor
@Suite struct SceneTestKitLinkTests {
    private var linked: SceneDefinition<ProbeViewController, ProbeInteractor, ProbePresenter, ProbeRouter> {
        ProbeScenes.definition("B", accepting: true).link("b/{id}", parameters: ProbeLink.self) { link in
            guard link.id >= 0 else { throw LinkRefused() }
            return ProbeInput(value: link.id * 2)
        }
    }

    @Test func aSceneStartsFromItsLinkThroughTheLinkFunction() throws {
        let kit = SceneTestKit()
        try kit.load(linked)
        try kit.start("B", link: ProbeLink(id: 21))
        #expect(try kit.text("value") == "42")
    }

    @Test func aLinkFunctionThatThrowsShowsNothing() throws {
        let kit = SceneTestKit()
        try kit.load(linked)
        #expect(throws: LinkRefused.self) { try kit.start("B", link: ProbeLink(id: -1)) }
        #expect(throws: (any Error).self) { try kit.screen() }
    }
}
