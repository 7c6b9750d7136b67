import Foundation
import Testing
import SceneSDK
@testable import SceneHostCore
@testable import SceneHostNavigation
@testable import SceneHostFrontend
@testable import SceneHostWorkers
@testable import SceneHostGraph

/// Opening links in a scene worker (a crash afterwards restores the linked stack) and through the
/// API the web layer calls (`AppSession.open(link:)`), in a worker and in process.
@Suite("Deep links: sessions")
struct LinkSessionTests {
    private func label(in session: WorkerSession) -> String? {
        guard case .success(let screen) = session.current.screen, case .label(_, let text)? = screen.element(id: "text")
        else { return nil }
        return text
    }

    @Test("a link opened in a worker: the stack and the linked input are in the host's records; a crash restores them")
    func workerCrash() async throws {
        let app = try LinksApp()
        let supervisor = try await app.supervisor()
        let table = try await MainActor.run { try LinksApp.graph().graph.links }
        let session = try await supervisor.openSession()
        try await supervisor.open(try table.resolve("items/7"), in: session)
        #expect(session.current.layers == [["LinkHome", "LinkList", "LinkItem"]])
        #expect(session.current.records.last?.input?.value == .object(["id": .int(7)]))
        try await supervisor.execute([.fill(field: "note", text: "before the crash")], in: session)
        let first = try #require(await supervisor.workerPID)
        kill(first, SIGKILL)
        await #expect(
            throws: WorkerError.workerStopped(
                plugin: "Links", scene: "LinkItem", action: "print", fault: .signal(SIGKILL), restore: .restored)
        ) {
            try await supervisor.execute([.print], in: session)
        }
        #expect(await supervisor.workerPID != first)
        #expect(session.current.layers == [["LinkHome", "LinkList", "LinkItem"]])
        #expect(label(in: session) == "item #7")
        guard case .success(let screen) = session.current.screen else { Issue.record("no screen"); return }
        #expect(screen.element(id: "note") == .textField(id: "note", placeholder: "note", text: "before the crash"))
    }

    @Test("a link whose function throws leaves the worker's session as it was")
    func failedOpening() async throws {
        let app = try LinksApp()
        let supervisor = try await app.supervisor()
        let session = try await supervisor.openSession()
        let opening = LinkOpening(
            link: "items/-1", template: "items/{id}",
            steps: [
                .init(scene: "LinkHome", style: .replace), .init(scene: "LinkList", style: .push),
                .init(scene: "LinkItem", style: .push),
            ], parameters: .object(["id": .int(-1)]))
        await #expect(
            throws: WorkerError.remote(
                RemoteFailure(
                    text:
                        "error: opening link 'items/-1' failed at scene 'LinkItem': no item has a negative id. Nothing changed.",
                    status: 9))
        ) {
            try await supervisor.open(opening, in: session)
        }
        #expect(session.current.layers == [["LinkHome"]])
    }

    @Test("AppSession.open(link:) on a pooled session and on an in-process navigator; a bad link changes nothing")
    @MainActor
    func webSessions() async throws {
        let app = try LinksApp()
        let (container, graph) = try LinksApp.graph()
        let links = graph.links
        let pool = WorkerPool(supervisors: [try await app.supervisor()], waitLimit: .seconds(10), links: links)
        let pooled = try await pool.openSession()
        let navigator = Navigator(container: container, segues: [])
        navigator.links = links
        try navigator.start(at: "LinkHome")
        let sessions: [any AppSession] = [pooled, InProcessSession(navigator: navigator)]
        for session in sessions {
            try await session.open(link: "/items/3")
            let (screen, layers, titles) = try await session.view()
            #expect(layers == [["LinkHome", "LinkList", "LinkItem"]])
            // Each screen's own title, those on the way never shown included (this fixture's
            // titles are its scene names).
            #expect(titles == ["LinkHome", "LinkList", "LinkItem"])
            #expect(screen.element(id: "text") == .label(id: "text", text: "item #3"))
            do {
                try await session.open(link: "items/x")
                Issue.record("a bad link opened")
            } catch {
                #expect(
                    error as? LinkError
                        == .parameterInvalid(
                            link: "items/x", template: "items/{id: Int}", parameter: "id", expected: .int, given: "x"))
            }
            do {
                try await session.open(link: "items/-1")
                Issue.record("a link whose function throws opened")
            } catch {
                #expect(
                    ErrorMessage.render(error)
                        == "error: opening link 'items/-1' failed at scene 'LinkItem': no item has a negative id. Nothing changed."
                )
            }
            let after = try await session.view()
            #expect(after.layers == [["LinkHome", "LinkList", "LinkItem"]])
            #expect(after.screen.element(id: "text") == .label(id: "text", text: "item #3"))
            await session.close()
        }
    }
}
