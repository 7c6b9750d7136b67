/// Plugins a start knows by their recorded scene names but has not registered yet
/// (`SceneContainer.addDeferred`): a first screen needs one plugin of a thousand, so each is
/// registered the first time one of its scenes is asked for by name, and every one of them when
/// the whole table is (every name, the owners of all scenes, a name that must not collide).
@MainActor
package final class DeferredPlugins {
    /// Each plugin's scene names and config name (where a failed registration is kept, as a
    /// refusal), by position.
    package struct Table {
        let sceneNames: [[String]]
        let names: [String]

        package init(sceneNames: [[String]], names: [String]) {
            self.sceneNames = sceneNames
            self.names = names
        }
    }

    /// Registers plugin `index` into the container (`SceneContainer.addPending`).
    package let register: @MainActor (SceneContainer, Int) throws -> Void
    private var load: (@MainActor () -> Table)?
    private var loaded: Table?
    private var registered: [Bool]
    /// Scenes looked for by a pass over the descriptions before every plugin is registered at once
    /// (a session that asks for many scenes pays for the table once, not a pass per name).
    private var scansLeft = 4
    private var waitingPlugins: Int

    /// What one pass over the waiting plugins' scene names found.
    package enum Scan {
        /// The waiting plugin declaring the scene.
        case found(Int)
        /// No waiting plugin declares it.
        case absent
        /// The passes are used up: the caller registers every plugin.
        case exhausted
    }

    package convenience init(
        sceneNames: [[String]], names: [String], register: @escaping @MainActor (SceneContainer, Int) throws -> Void
    ) {
        let table = Table(sceneNames: sceneNames, names: names)
        self.init(count: sceneNames.count, table: { table }, register: register)
    }

    /// `count` plugins whose table is made by `table` the first time a name is needed (a scene
    /// worker's first screen needs none: its plugin is registered before).
    package init(
        count: Int, table: @escaping @MainActor () -> Table,
        register: @escaping @MainActor (SceneContainer, Int) throws -> Void
    ) {
        load = table
        self.register = register
        registered = Array(repeating: false, count: count)
        waitingPlugins = count
    }

    /// The table, made now if it was not. One of another size than the plugins counted (which
    /// its maker cannot give) counts every plugin as declaring no scene.
    private var table: Table {
        if let loaded { return loaded }
        var table = load?() ?? Table(sceneNames: [], names: [])
        if table.sceneNames.count != registered.count || table.names.count != registered.count {
            table = Table(
                sceneNames: Array(repeating: [], count: registered.count),
                names: Array(repeating: "", count: registered.count))
        }
        loaded = table
        load = nil
        return table
    }

    /// Each plugin's scene names, by position.
    package var sceneNames: [[String]] { table.sceneNames }
    /// The config name of each plugin.
    package var names: [String] { table.names }

    /// How many scenes the plugins not registered yet have.
    var waitingScenes: Int {
        let sceneNames = sceneNames
        var count = 0
        for index in registered.indices where !registered[index] { count += sceneNames[index].count }
        return count
    }

    /// Whether every plugin is registered.
    package var isEmpty: Bool { waitingPlugins == 0 }

    /// The waiting plugin that declares `scene`, by one pass over their names.
    package func scan(for scene: String) -> Scan {
        guard scansLeft > 0 else { return .exhausted }
        scansLeft -= 1
        let sceneNames = sceneNames
        for index in sceneNames.indices where !registered[index] {
            if sceneNames[index].contains(scene) { return .found(index) }
        }
        return .absent
    }

    /// Registers plugin `index` (once); a failure is returned for the container to keep.
    func registerOne(_ index: Int, into container: SceneContainer) -> (any Error)? {
        guard !registered[index] else { return nil }
        registered[index] = true
        waitingPlugins -= 1
        do {
            try register(container, index)
            return nil
        } catch {
            return error
        }
    }

    /// The positions of the plugins still waiting.
    package var waiting: [Int] {
        var positions: [Int] = []
        positions.reserveCapacity(waitingPlugins)
        for index in registered.indices where !registered[index] { positions.append(index) }
        return positions
    }
}
