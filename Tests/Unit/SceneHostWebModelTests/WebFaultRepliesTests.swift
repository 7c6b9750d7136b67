import Synchronization
import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostNavigation
@testable import SceneHostFrontend
@testable import SceneHostWorkers
@testable import SceneHostWebModel

/// What `serve` answers when faults are paid for: a session ended by its own action gets the start
/// page with the true reason (never "idle or restarted") and forgets its cookie; a plugin refused
/// for a cooling period is a 503 for a newcomer, and any other failure to start a session stays a 500.
@MainActor
@Suite("Web controller: faults")
struct WebFaultRepliesTests {
    static let context = WebController.PostContext(
        origin: "http://h:1", fetchSite: "same-origin", host: "h:1", client: "10.0.0.1")
    nonisolated static let ended = WorkerError.sessionEndedForFaults(
        plugin: "Fragile", scene: "Home", action: "tap strike", fault: .signal(11), faults: 3)

    /// A session on one screen whose `strike` ends it, as a worker's supervisor does on its last allowed fault.
    final class EndingSession: AppSession {
        private let ended = Mutex<WorkerError?>(nil)
        private let home = Screen(
            title: "Home", elements: [.button(id: "strike", title: "Strike"), .button(id: "stay", title: "Stay")])

        func screen() async throws -> Screen {
            if let ended = ended.withLock({ $0 }) { throw ended }
            return home
        }
        func layers() async -> [[String]] { [["Home"]] }
        func titles() async -> [String] { ["Home"] }
        func breadcrumb() async -> String { "Home" }
        func apply(_ commands: [FrontendCommand]) async throws {
            guard commands.contains(.tap(button: "strike")) else { return }
            ended.withLock { $0 = WebFaultRepliesTests.ended }
            throw WebFaultRepliesTests.ended
        }
        func open(_ link: LinkOpening) async throws {}
        func call(_ function: String, arguments: [String]) async throws -> (lines: [String], result: String) {
            ([], "")
        }
        func takeNotice() async -> (any Error)? { nil }
        func settle(within limit: Duration) async throws -> [any Error] { [] }
        var isBusy: Bool { get async { false } }
        func records() async -> [SceneRecord] { [SceneRecord(name: "Home", opensLayer: false, input: nil)] }
        var links: LinkTable { LinkTable() }
        func close() async {}
    }

    private func store(_ make: @escaping @Sendable () throws -> any AppSession) -> WebSessionStore {
        WebSessionStore(makeSession: { try make() }, restoreSession: { _ in (try make(), .restored) })
    }

    private func firstAction(_ controller: WebController, _ fields: String) async -> WebReply {
        await controller.post(
            path: "/", sessionID: nil,
            body: Array("token=\(await controller.store.startToken)&screen=0&\(fields)".utf8), context: Self.context)
    }

    @Test("the action that ends its session is answered with the start page saying why, and the cookie is cleared")
    func endedSessionToldWhy() async throws {
        let controller = WebController(store: store { EndingSession() })
        let first = await firstAction(controller, "action=tap%3Astay")
        guard case .set(let id) = first.cookie else {
            Issue.record("no session: \(first.status)")
            return
        }
        let page = await controller.get(path: "/s/Home", sessionID: id)
        guard case .page(let shown) = page.body else {
            Issue.record("no page: \(page.status)")
            return
        }
        let reply = await controller.post(
            path: "/s/Home", sessionID: id,
            body: Array("token=\(shown.token)&screen=\(shown.stamp)&action=tap%3Astrike".utf8), context: Self.context)
        #expect(reply.status == 200 && reply.cookie == .clear)
        guard case .page(let start) = reply.body else {
            Issue.record("no page: \(reply.status) \(reply.body)")
            return
        }
        #expect(
            start.error?.hasPrefix("error: " + WebUserText.actionFailed(Self.ended) + " (Reference: r-") == true,
            "\(start.error ?? "none")")
        #expect(start.error?.contains("Your session was ended because your actions stopped the app 3 times.") == true)
        #expect(start.error?.contains("idle") == false)
        #expect(await controller.store.count == 0)
    }

    @Test(
        "a plugin refused for a cooling period: the start page and a newcomer's first action are 503, saying when to try again"
    )
    func refusedIs503() async {
        let refused = WorkerError.pluginRefused(plugin: "Fragile", sources: 3, retryIn: 10)
        let controller = WebController(store: store { throw refused })
        let start = await controller.get(path: "/", sessionID: nil)
        #expect(start.status == 503 && start.retryAfterSeconds == 10)
        if case .refusal(let message) = start.body {
            #expect(
                message.hasPrefix(
                    "error: This part of the app is closed for now because it stopped working for several users; it is tried again within 10 s. Try again then. (Reference: r-"
                ), "\(message)")
        } else {
            Issue.record("not a refusal")
        }
        #expect(await firstAction(controller, "action=tap%3Astay").status == 503)
    }

    @Test("a session that cannot start for any other reason stays a 500")
    func otherFailureIs500() async {
        let controller = WebController(
            store: store { throw WorkerError.remote(RemoteFailure(text: "error: broken", status: 1)) })
        #expect(await controller.get(path: "/", sessionID: nil).status == 500)
        #expect(await firstAction(controller, "action=tap%3Astay").status == 500)
    }
}
