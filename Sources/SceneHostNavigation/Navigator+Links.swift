@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostNative
import SceneHostContainer
import SceneHostConfig

/// Opening a deep link: a new stack from the initial scene to the linked scene.
extension Navigator {
    /// Matches `text` against the app's links (`links`) and opens it; a malformed or unknown link
    /// is a `LinkError`, and nothing changes.
    package func open(link text: String) throws {
        try open(try links.resolve(text))
    }

    /// Replaces every stack with the one `link` describes: the initial scene, the scenes on the
    /// declared route to the linked scene, then the linked scene with the input its link's function
    /// builds from the parameters.
    ///
    /// Every scene is built and given its input before anything is shown, so a failure (the function
    /// throws, a scene cannot be built) is `NavigationError.linkFailed`, a refusal of its function
    /// (`LinkRefusal`) `linkRefused`, and the session is as it was.
    package func open(_ link: LinkOpening) throws {
        guard !link.steps.isEmpty else {
            throw NavigationError.linkFailed(link: link.link, scene: link.scene, reason: "the link leads to no scene")
        }
        var built: [AssembledScene] = []
        for (index, step) in link.steps.enumerated() {
            do {
                let scene = try assembler.assemble(step.scene, requestedBy: "the link '\(link.link)'", navigator: self)
                if index == link.steps.count - 1 {
                    try scene.acceptLink(link.parameters, services: assembler.container)
                } else {
                    try scene.accept(nil)
                }
                built.append(scene)
            } catch let refusal as LinkRefusal {
                throw NavigationError.linkRefused(link: link.link, scene: step.scene, message: refusal.message)
            } catch {
                throw NavigationError.linkFailed(link: link.link, scene: step.scene, reason: FailureCause(error))
            }
        }
        closeAll()
        for (index, scene) in built.enumerated() {
            scene.display.viewDidLoad()
            show(scene, style: index == 0 ? .replace : link.steps[index].style)
        }
    }
}
