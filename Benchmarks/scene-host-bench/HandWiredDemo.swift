import BenchDetailScene
import BenchHomeScene
import SceneSDK

/// The navigation figures' fair baseline: the demo's own Home and Detail classes (their plugin
/// sources, compiled into the benchmark) wired by hand as the seed article wires them, with a
/// navigator of the benchmark's own that shows Detail the way the seed's router does: build its
/// four parts, copy the message into its DataStore, push it.
@MainActor
final class HandWiredDemo: SceneNavigating {
    private var stack: [DetailWiredByHand] = []
    private var home: HomeWiredByHand?

    init(message: String) {
        home = HomeWiredByHand(navigator: self, message: message)
    }

    /// One navigation, as the host's side does it: the "Open detail" tap through Home's
    /// controller and router, Detail's screen, back to Home.
    func navigate() throws {
        guard let home else { throw BenchFailure("the hand-wired Home is gone") }
        try home.tapOpenDetail()
        guard let detail = stack.last else { throw BenchFailure("the hand-wired tap did not show Detail") }
        _ = detail.render()
        stack.removeLast()
    }

    func navigate<Input: Encodable>(
        from source: RouterContext, to destination: String, style: NavigationStyle, passing input: Input
    ) throws {
        guard destination == "Detail", let message = HomeWiredByHand.message(passedIn: input) else {
            throw BenchFailure("the hand-wired Home routed to \(destination) with \(Input.self)")
        }
        stack.append(DetailWiredByHand(message: message))
    }

    func navigate(
        from source: RouterContext, to destination: String, style: NavigationStyle, payload: ScenePayload?
    ) throws {
        throw BenchFailure("the hand-wired Home routed to \(destination) with an encoded payload")
    }

    func leave(from source: RouterContext, to target: BackTarget) throws {
        guard !stack.isEmpty else { throw BenchFailure("nothing to leave") }
        stack.removeLast()
    }

    func navigate(
        from source: RouterContext, to destination: String, inSlot slot: String, style: NavigationStyle,
        payload: ScenePayload?
    ) throws {
        throw BenchFailure(
            "the hand-wired Home routed to \(destination) in the slot \(slot): the demo has no containers")
    }

    func select(from source: RouterContext, slot: String) throws {
        throw BenchFailure("the hand-wired Home selected the slot \(slot): the demo has no containers")
    }
}
