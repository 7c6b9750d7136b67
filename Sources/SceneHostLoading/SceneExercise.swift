@_spi(SceneHost) import SceneSDK
import SceneHostContainer

/// What the probe child does to every scene of the plugin it loaded, so that a scene that crashes
/// or hangs is found there and not in the host: build it, run its lifecycle, render it, send it
/// every event its screen offers, leave it, render it again; once per sample input the scene
/// declares (a new scene given that input), or once without input when it declares none.
///
/// Before each step it reports the step (`record`), so the parent can name the scene and the step
/// a crash or a hang happened in. Typed errors (a wiring mismatch, an event the scene refuses, a
/// route the refusing navigator does not take) are not crashes: the scene is skipped or the event
/// ignored. What failed to build is returned as `WiringFinding`s, which `check` reports.
@MainActor
struct SceneExercise {
    package let container: SceneContainer
    package let record: (ProbeStep) -> Void

    /// What exercising the scenes found.
    package struct Outcome {
        /// What failed to build, by scene.
        var findings: [String: WiringFinding] = [:]
        /// The destinations each scene's router tried to reach that its definition does not
        /// declare (a name misspelt in a string route), by scene, sorted.
        var undeclaredRoutes: [String: [String]] = [:]
        /// The ids of the buttons each scene's screens showed (its first render and its render
        /// after every event), by scene, sorted; a scene that did not build is not listed.
        var buttons: [String: [String]] = [:]
    }

    /// Exercises every registered scene, by name.
    @discardableResult
    package func run() -> Outcome {
        let assembler = SceneAssembler(container: container)
        let navigator = RefusingNavigator()
        var outcome = Outcome()
        for name in container.sceneNames {
            // A scene with sample inputs is shown with each (a new scene each time), as navigation
            // would show it; one without is shown once, without input.
            let samples = ((try? container.blueprint(named: name))?.sampleInputs ?? []).enumerated().map {
                (number: $0.offset + 1, value: Optional($0.element))
            }
            for (number, value) in samples.isEmpty ? [(0, nil)] : samples {
                let sample = number == 0 ? nil : number
                record(ProbeStep(scene: name, action: .build, sample: sample))
                let scene: AssembledScene
                do {
                    scene = try assembler.assemble(name, requestedBy: "the probe", navigator: navigator)
                } catch {
                    outcome.findings[name] = WiringFinding(error)
                    break
                }
                // Of the declared type by construction (`accepting(_:samples:into:)`).
                if let value { _ = scene.accept(exactly: value) }
                outcome.buttons[name] = Set(outcome.buttons[name, default: []] + exercise(scene, sample: sample))
                    .sorted()
            }
        }
        for (scene, destinations) in navigator.attempts {
            let declared = Set(container.description(of: scene)?.routes.map(\.destination) ?? [])
            let undeclared = destinations.subtracting(declared).sorted()
            if !undeclared.isEmpty { outcome.undeclaredRoutes[scene] = undeclared }
        }
        return outcome
    }

    /// Runs `scene` through its steps; the ids of the buttons its screens showed, sorted.
    private func exercise(_ scene: AssembledScene, sample: Int?) -> [String] {
        let display = scene.display
        let name = scene.name
        record(ProbeStep(scene: name, action: .viewDidLoad, sample: sample))
        display.viewDidLoad()
        record(ProbeStep(scene: name, action: .viewWillAppear, sample: sample))
        display.viewWillAppear()
        record(ProbeStep(scene: name, action: .render, sample: sample))
        let screen = display.render()
        for (event, text) in Self.events(offeredBy: screen) {
            record(ProbeStep(scene: name, action: .handle, event: text, sample: sample))
            try? display.handle(event)
        }
        record(ProbeStep(scene: name, action: .back, sample: sample))
        _ = try? scene.leavingResult()
        record(ProbeStep(scene: name, action: .renderAgain, sample: sample))
        let again = display.render()
        return Set(Self.buttons(on: screen) + Self.buttons(on: again)).sorted()
    }

    /// The ids of `screen`'s buttons, those in sections included.
    package static func buttons(on screen: Screen) -> [String] {
        screen.allElements.compactMap { element in
            if case .button(let id, _) = element { return id }
            return nil
        }
    }

    /// One event per element that takes one, sections' elements included: tap each button, edit
    /// each text input, switch each toggle over, choose the first option of each choice and select
    /// the first row of each list.
    package static func events(offeredBy screen: Screen) -> [(UserEvent, String)] {
        screen.allElements.compactMap { element in
            switch element {
            case .label, .alert, .progress, .section: return nil
            case .button(let id, _): return (.tap(button: id), "tap '\(id)'")
            case .textField(let id, _, _, _, _), .textArea(let id, _, _, _), .secureField(let id, _, _, _):
                return (.edit(field: id, text: "probe"), "edit '\(id)'")
            case .toggle(let id, _, let isOn):
                return (.set(toggle: id, isOn: !isOn), "switch '\(id)' \(isOn ? "off" : "on")")
            case .choice(let id, _, let options, _):
                return options.isEmpty ? nil : (.choose(choice: id, option: 0), "choose option 0 of '\(id)'")
            case .list(let id, let rows):
                return rows.isEmpty ? nil : (.select(list: id, row: 0), "select row 0 of '\(id)'")
            }
        }
    }
}

/// The navigator of scenes built in a probe: they never navigate, but every destination a
/// router asks for is noted, so `check` can name a route taken in code and never declared.
@MainActor
final class RefusingNavigator: SceneNavigating {
    /// Destinations asked for, by the asking scene.
    private(set) var attempts: [String: Set<String>] = [:]

    package func navigate(
        from source: RouterContext, to destination: String, style: NavigationStyle, payload: ScenePayload?
    ) throws {
        // A plugin could ask for endless names: a scene keeps at most 64.
        if attempts[source.sceneName, default: []].count < 64 {
            attempts[source.sceneName, default: []].insert(destination)
        }
        throw ContainerError.noScene
    }

    package func leave(from source: RouterContext, to target: BackTarget) throws {
        throw ContainerError.noScene
    }

    package func navigate(
        from source: RouterContext, to destination: String, inSlot slot: String, style: NavigationStyle,
        payload: ScenePayload?
    ) throws {
        try navigate(from: source, to: destination, style: style, payload: payload)
    }

    package func select(from source: RouterContext, slot: String) throws {
        throw ContainerError.noScene
    }
}
