import SceneSDK

/// A deep link matched and converted by the host (`LinkTable.resolve`): the stack to build and the
/// linked scene's parameters. Plain data: it crosses to the scene worker as it is.
package struct LinkOpening: Equatable, Sendable {
    /// One scene of the new stack and how it is shown (the first replaces everything).
    package struct Step: Equatable, Sendable {
        package let scene: String
        package let style: NavigationStyle
        /// The container slot the scene is shown in (a tab's or pane's first scene, or a route into a
        /// slot); nil: the stack of the step before.
        package let slot: String?

        package init(scene: String, style: NavigationStyle, slot: String? = nil) {
            self.scene = scene
            self.style = style
            self.slot = slot
        }
    }

    /// The path as it was asked for, for messages.
    package let link: String
    /// The template it matched, as declared.
    package let template: String
    /// The initial scene first, the linked scene last.
    package let steps: [Step]
    /// The converted parameters: an object with one field per placeholder.
    package let parameters: PayloadValue

    package init(link: String, template: String, steps: [Step], parameters: PayloadValue) {
        self.link = link
        self.template = template
        self.steps = steps
        self.parameters = parameters
    }

    /// The linked scene.
    package var scene: String { steps.last?.scene ?? "" }
}
