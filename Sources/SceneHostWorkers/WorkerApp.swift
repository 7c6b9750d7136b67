import SceneHostContainer
import SceneHostNavigation
/// What a scene worker runs: its container, the initial scene and the config's segues.
@MainActor
package struct WorkerApp {
    package let container: SceneContainer
    package let initial: String
    /// The segues, decoded from the start-up cache when a session first looks one up.
    package let segueTable: SegueTable

    package init(container: SceneContainer, initial: String, segues: SegueTable) {
        self.container = container
        self.initial = initial
        segueTable = segues
    }
}
