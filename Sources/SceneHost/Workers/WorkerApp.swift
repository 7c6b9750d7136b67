/// What a scene worker runs: its container, the initial scene and the config's segues.
@MainActor
public struct WorkerApp {
    public let container: SceneContainer
    public let initial: String
    /// The segues, decoded from the start-up cache when a session first looks one up.
    let segueTable: SegueTable

    init(container: SceneContainer, initial: String, segues: SegueTable) {
        self.container = container
        self.initial = initial
        segueTable = segues
    }
}
