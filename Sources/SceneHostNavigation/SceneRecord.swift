import SceneSDK

/// What the host keeps of one scene on a stack so it can build the scene again after its worker
/// died: the data it was given, never its objects (the authoring guide, SceneSDK.docc/Authoring.md, "What survives a crash").
///
/// `input` is the payload the scene was shown with (nil for the initial scene), `results` every
/// result a scene above it handed back, in order, and `fields` the values of its last rendered
/// screen's inputs (`fields(of:)`). `opensLayer` marks the root of a modal stack. `state` is what
/// a DataStore that adopts `KeepsState` kept after its last event, and `secrets` the ids of the
/// secure fields its last screen showed filled (their texts are never kept: the user is told to type
/// them again, and only then).
package struct SceneRecord: Equatable, Sendable {
    package var name: String
    package var opensLayer: Bool
    package var input: ScenePayload?
    package var results: [ScenePayload]
    /// `(input id, value)` in screen order.
    package var fields: [FieldText]
    package var state: ScenePayload?
    package var secrets: [String]
    /// Set on the first scene of a container's open slot (with `opensLayer`): the slot's name. The
    /// container is the last scene of the layer below.
    package var slot: String?
    /// A container's focused slot: the tab shown, or the pane acted in last.
    package var focus: String?
    /// A container's slots in declared order, each with its stack as it was left; the open slot's
    /// stack is empty here (its scenes are the records that follow, from the one with `slot`).
    package var slots: [SlotRecord] = []

    /// How deep containers may nest in a record (a container in a slot of a container...).
    package static let maximumNesting = 8

    /// One slot of a container and the records of its kept stack, bottom to top.
    package struct SlotRecord: Equatable, Sendable {
        package let name: String
        package var scenes: [SceneRecord]

        package init(name: String, scenes: [SceneRecord]) {
            self.name = name
            self.scenes = scenes
        }
    }

    /// One input's value as text: a text field's or text area's text, a toggle's `on` or `off`, a
    /// choice's option index. The kind is the element's on the screen built again, so the record
    /// format is the same for every kind.
    package struct FieldText: Equatable, Sendable {
        package let id: String
        package let text: String

        package init(id: String, text: String) {
            self.id = id
            self.text = text
        }
    }

    package init(
        name: String, opensLayer: Bool, input: ScenePayload?, results: [ScenePayload] = [], fields: [FieldText] = [],
        state: ScenePayload? = nil, secrets: [String] = [], slot: String? = nil, focus: String? = nil,
        slots: [SlotRecord] = []
    ) {
        self.slot = slot
        self.focus = focus
        self.slots = slots
        self.name = name
        self.opensLayer = opensLayer
        self.input = input
        self.results = results
        self.fields = fields
        self.state = state
        self.secrets = secrets
    }

    /// The ids of the secure fields `screen` shows filled (sections' included).
    static func filledSecrets(of screen: Screen) -> [String] {
        screen.allElements.compactMap { element in
            guard case .secureField(let id, _, true, _) = element else { return nil }
            return id
        }
    }

    /// The inputs of `screen` (sections' included), as a record keeps them. Never a secure field:
    /// its secret is not on the screen, and a record must not hold one anyway.
    package static func fields(of screen: Screen) -> [FieldText] {
        screen.allElements.compactMap { element in
            switch element {
            case .textField(let id, _, let text, _, _), .textArea(let id, _, let text, _):
                return FieldText(id: id, text: text)
            case .toggle(let id, _, let isOn): return FieldText(id: id, text: isOn ? "on" : "off")
            case .choice(let id, _, _, let selected?): return FieldText(id: id, text: String(selected))
            case .choice, .secureField, .label, .alert, .button, .list, .progress, .section: return nil
            }
        }
    }

    /// The event that gives the input `field.id` of `screen` its recorded value back, or nil when
    /// it has it already, is no longer there, or the value does not fit it (a choice with fewer options).
    package static func event(restoring field: FieldText, on screen: Screen) -> UserEvent? {
        switch screen.element(id: field.id) {
        case .textField(_, _, let text, _, _)?, .textArea(_, _, let text, _)?:
            return text == field.text ? nil : .edit(field: field.id, text: field.text)
        case .toggle(_, _, let isOn)?:
            guard field.text == "on" || field.text == "off", (field.text == "on") != isOn else { return nil }
            return .set(toggle: field.id, isOn: field.text == "on")
        case .choice(_, _, let options, let selected)?:
            guard let index = Int(field.text), options.indices.contains(index), index != selected else { return nil }
            return .choose(choice: field.id, option: index)
        case .secureField?, .label?, .alert?, .button?, .list?, .progress?, .section?, nil:
            return nil
        }
    }

    /// `records` as the stacks they describe: a new stack starts at each `opensLayer`.
    package static func layers(_ records: [SceneRecord]) -> [[SceneRecord]] {
        var layers: [[SceneRecord]] = []
        for record in records {
            if record.opensLayer || layers.isEmpty {
                layers.append([record])
            } else {
                layers[layers.count - 1].append(record)
            }
        }
        return layers
    }
}
