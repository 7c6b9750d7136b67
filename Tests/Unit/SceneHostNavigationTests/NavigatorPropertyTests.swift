import PropertyBased
import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostCore
@testable import SceneHostNavigation
import TestSupport
import SceneTestSupport

/// Random sequences of navigation commands, failing ones included, against a simple model of
/// the stack: after every step the real stack and every DataStore equal the model's, a failed
/// command changes nothing, and every scene that left is released.
@MainActor
@Suite("Navigator properties")
struct NavigatorPropertyTests {
    /// One command; made from a random number so the generator stays trivial.
    enum Command: CustomStringConvertible {
        case show(String, NavigationStyle, Payload)
        case back
        case dismiss
        case backTo(String)

        enum Payload { case none, valid(Int), wrong }

        static let scenes = ["A", "B", "C", "Z", "Q"]

        init(_ seed: Int) {
            let scene = Self.scenes[seed % 5]
            switch (seed / 5) % 6 {
            case 0, 1, 2:
                let style = [NavigationStyle.push, .present, .replace][(seed / 30) % 3]
                let payload = [Payload.none, .valid(seed % 97), .wrong][(seed / 90) % 3]
                self = .show(scene, style, payload)
            case 3: self = .back
            case 4: self = .dismiss
            default: self = .backTo(scene)
            }
        }

        var description: String {
            switch self {
            case .show(let scene, let style, let payload): return "\(style) \(scene) \(payload)"
            case .back: return "back"
            case .dismiss: return "dismiss"
            case .backTo(let scene): return "back to \(scene)"
            }
        }
    }

    /// The model: layers of (scene, DataStore value).
    struct Model: Equatable {
        struct Entry: Equatable { var name: String; var value: Int }
        var layers: [[Entry]] = [[Entry(name: "A", value: 0)]]

        /// The model after `command`, or nil when the command must fail.
        func applying(_ command: Command) -> Model? {
            var next = self
            switch command {
            case .show(let scene, let style, let payload):
                let value: Int
                switch (scene, payload) {
                case ("B", .valid(let v)): value = v
                case ("A", .none), ("C", .none): value = 0
                default: return nil
                }
                let entry = Entry(name: scene, value: value)
                switch style {
                case .push: next.layers[next.layers.count - 1].append(entry)
                case .present: next.layers.append([entry])
                case .replace: next.layers = [[entry]]
                }
                return next
            case .back:
                guard let stack = layers.last, stack.count > 1 || layers.count > 1 else { return nil }
                if stack.count > 1 { next.layers[next.layers.count - 1].removeLast() } else { next.layers.removeLast() }
            case .dismiss:
                guard layers.count > 1 else { return nil }
                next.layers.removeLast()
            case .backTo(let scene):
                guard let stack = layers.last, let index = stack.dropLast().lastIndex(where: { $0.name == scene })
                else { return nil }
                next.layers[next.layers.count - 1].removeSubrange((index + 1)...)
            }
            return next.receivingResult(from: layers.last?.last)
        }

        /// B hands its value back; only A takes it.
        private func receivingResult(from leaving: Entry?) -> Model? {
            guard let leaving, leaving.name == "B" else { return self }
            guard layers.last?.last?.name == "A" else { return nil }
            var next = self
            next.layers[next.layers.count - 1][next.layers[next.layers.count - 1].count - 1].value = leaving.value
            return next
        }
    }

    private func observed(_ navigator: Navigator) -> Model {
        Model(
            layers: navigator.layers.map { stack in
                stack.map { Model.Entry(name: $0.name, value: $0.probeValue ?? -1) }
            })
    }

    private func perform(_ command: Command, on navigator: Navigator) throws {
        switch command {
        case .show(let scene, let style, let payload):
            let context = try #require(navigator.top?.context)
            let passed: ScenePayload?
            switch payload {
            case .none: passed = nil
            case .valid(let value): passed = try ScenePayload(ProbeInput(value: value))
            case .wrong: passed = try ScenePayload(WrongProbeInput(value: "x"))
            }
            try navigator.navigate(from: context, to: scene, style: style, payload: passed)
        case .back: try navigator.back()
        case .dismiss: try navigator.leave(to: .dismissModal)
        case .backTo(let scene): try navigator.leave(to: .scene(scene))
        }
    }

    @Test("the navigator equals the model after every command; failures change nothing; leavers are released")
    func matchesModel() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...10_000).array(of: 1...40)) { seeds in
            do {
                let navigator = try ProbeScenes.navigator()
                var model = Model()
                for command in seeds.map(Command.init) {
                    let before = navigator.layers.flatMap { $0 }.map {
                        (context: ObjectIdentifier($0.context), parts: WeakPart.all(of: $0))
                    }
                    let expected = model.applying(command)
                    do {
                        try perform(command, on: navigator)
                        #expect(expected != nil, "\(command) should have failed on \(model.layers)")
                    } catch {
                        #expect(expected == nil, "\(command) failed: \(ErrorMessage.render(error))")
                    }
                    model = expected ?? model
                    #expect(observed(navigator) == model, "after \(command)")
                    let remaining = Set(navigator.layers.flatMap { $0 }.map { ObjectIdentifier($0.context) })
                    for scene in before where !remaining.contains(scene.context) {
                        #expect(
                            scene.parts.allSatisfy { $0.object == nil },
                            "a scene that left after \(command) is still alive")
                    }
                }
            } catch {
                Issue.record("setup failed: \(error)")
            }
        }
    }
}
