import Hummingbird
import Testing
@testable import SceneHostWeb
@testable import SceneHostWebModel

/// A session's live streams are counted against `WebHandlers.streamsPerSession` by slots that give
/// themselves back when freed: at the stream's end, and when its response is never sent (its client
/// gone before the answer began), which a count given back by the stream's body alone would leak.
@Suite("Live stream slots")
struct StreamSlotTests {
    struct NoSession: Error {}

    static func box() -> WebControllerBox {
        WebControllerBox(
            WebController(
                store: WebSessionStore(
                    makeSession: { throw NoSession() }, restoreSession: { _ in throw NoSession() })))
    }

    @Test("slots up to the limit, then none; a freed slot is given back, and only under its own key")
    func limitAndRelease() {
        let box = Self.box()
        var held = (0..<3).compactMap { _ in box.admitStream("a", limit: 3) }
        #expect(held.count == 3)
        #expect(box.admitStream("a", limit: 3) == nil)
        let other = box.admitStream("b", limit: 3)
        #expect(other != nil && box.openStreams("b") == 1)
        held.removeLast()
        #expect(box.openStreams("a") == 2)
        #expect(box.admitStream("a", limit: 3) != nil, "a freed slot is admitted again (and freed at once)")
        held = []
        #expect(box.openStreams("a") == 0 && box.openStreams("b") == 1)
        withExtendedLifetime(other) {}
    }

    @Test("a stream's response dropped before its body ran gives its slot back")
    func droppedResponseFreesItsSlot() {
        let box = Self.box()
        var response: Response? = {
            guard let slot = box.admitStream("s", limit: 1) else { return nil }
            return Response(
                status: .ok,
                body: ResponseBody { body in
                    defer { withExtendedLifetime(slot) {} }
                    try await body.finish(nil)
                })
        }()
        #expect(response != nil && box.openStreams("s") == 1 && box.admitStream("s", limit: 1) == nil)
        response = nil
        #expect(box.openStreams("s") == 0, "the unsent response's slot came back")
        #expect(box.admitStream("s", limit: 1) != nil)
    }
}
