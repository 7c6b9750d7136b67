import SceneSDK
import SceneTesting
import Testing
import SceneTestSupport

struct ProbeLink: Codable { var id: Int }
struct LinkRefused: Error {}
/// The ids a link may name, as a service a link function resolves.
@MainActor final class KnownIDs {
    let ids: Set<Int>
    init(ids: Set<Int>) { self.ids = ids }
}

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

    /// A link function given the scene's services (issue 35, 2.6): it looks the id up and refuses
    /// one that names nothing.
    private var lookingUp: SceneDefinition<ProbeViewController, ProbeInteractor, ProbePresenter, ProbeRouter> {
        ProbeScenes.definition("B", accepting: true).link("b/{id}", parameters: ProbeLink.self) { link, services in
            guard try services.resolve(KnownIDs.self).ids.contains(link.id) else {
                throw LinkRefusal("There is no item \(link.id).")
            }
            return ProbeInput(value: link.id)
        }
    }

    @Test func aLinkFunctionGetsTheScenesServices() throws {
        let kit = SceneTestKit()
        kit.register(KnownIDs.self) { KnownIDs(ids: [7]) }
        try kit.load(lookingUp)
        try kit.start("B", link: ProbeLink(id: 7))
        #expect(try kit.text("value") == "7")
    }

    @Test func aLinkFunctionRefusesWithItsMessageAndShowsNothing() throws {
        let kit = SceneTestKit()
        kit.register(KnownIDs.self) { KnownIDs(ids: [7]) }
        try kit.load(lookingUp)
        #expect(throws: LinkRefusal("There is no item 99.")) { try kit.start("B", link: ProbeLink(id: 99)) }
        #expect(throws: (any Error).self) { try kit.screen() }
    }

    @Test func aLinkFunctionThatThrowsShowsNothing() throws {
        let kit = SceneTestKit()
        try kit.load(linked)
        #expect(throws: LinkRefused.self) { try kit.start("B", link: ProbeLink(id: -1)) }
        #expect(throws: (any Error).self) { try kit.screen() }
    }
}
