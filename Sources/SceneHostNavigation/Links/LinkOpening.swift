import SceneSDK
import SceneHostCore
import SceneHostNative
import SceneHostContainer
import SceneHostConfig

/// A deep link matched and converted by the host (`LinkTable.resolve`): the stack to build and the
/// linked scene's parameters. Plain data: it crosses to the scene worker as it is.
public struct LinkOpening: Equatable, Sendable {
    /// One scene of the new stack and how it is shown (the first replaces everything).
    public struct Step: Equatable, Sendable {
        public let scene: String
        public let style: NavigationStyle

        public init(scene: String, style: NavigationStyle) {
            self.scene = scene
            self.style = style
        }
    }

    /// The path as it was asked for, for messages.
    public let link: String
    /// The template it matched, as declared.
    public let template: String
    /// The initial scene first, the linked scene last.
    public let steps: [Step]
    /// The converted parameters: an object with one field per placeholder.
    public let parameters: PayloadValue

    public init(link: String, template: String, steps: [Step], parameters: PayloadValue) {
        self.link = link
        self.template = template
        self.steps = steps
        self.parameters = parameters
    }

    /// The linked scene.
    public var scene: String { steps.last?.scene ?? "" }
}
