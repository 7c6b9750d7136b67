import SceneSDK
import SceneHostCore
import SceneHostNative
import SceneHostContainer
import SceneHostConfig

/// What the host keeps of one scene on a stack so it can build the scene again after its worker
/// died: the data it was given, never its objects (the authoring guide, SceneSDK.docc/Authoring.md, "What survives a crash").
///
/// `input` is the payload the scene was shown with (nil for the initial scene), `results` every
/// result a scene above it handed back, in order, and `fields` the text fields of its last
/// rendered screen. `opensLayer` marks the root of a modal stack.
package struct SceneRecord: Equatable, Sendable {
    package var name: String
    package var opensLayer: Bool
    package var input: ScenePayload?
    package var results: [ScenePayload]
    /// `(field id, text)` in screen order.
    package var fields: [FieldText]

    package struct FieldText: Equatable, Sendable {
        package let id: String
        package let text: String

        package init(id: String, text: String) {
            self.id = id
            self.text = text
        }
    }

    package init(name: String, opensLayer: Bool, input: ScenePayload?, results: [ScenePayload] = [], fields: [FieldText] = []) {
        self.name = name
        self.opensLayer = opensLayer
        self.input = input
        self.results = results
        self.fields = fields
    }

    /// The text fields of `screen`, as a record keeps them.
    package static func fields(of screen: Screen) -> [FieldText] {
        screen.elements.compactMap { element in
            guard case .textField(let id, _, let text, _, _) = element else { return nil }
            return FieldText(id: id, text: text)
        }
    }

    /// `records` as the stacks they describe: a new stack starts at each `opensLayer`.
    package static func layers(_ records: [SceneRecord]) -> [[SceneRecord]] {
        var layers: [[SceneRecord]] = []
        for record in records {
            if record.opensLayer || layers.isEmpty { layers.append([record]) } else { layers[layers.count - 1].append(record) }
        }
        return layers
    }
}
