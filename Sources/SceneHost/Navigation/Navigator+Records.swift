@_spi(SceneHost) import SceneSDK

/// The host's memory of a navigator's stacks (`SceneRecord`), and building the stacks again from it.
extension Navigator {
    /// Every scene's record, bottom to top over all layers.
    public func records() -> [SceneRecord] {
        memories.flatMap { $0.map(\.encoded) }
    }

    /// The records that changed since the last call: the first `keep` records of the last answer
    /// stand, `changed` replace everything after them. `topScreen` (the screen just rendered)
    /// gives the top scene's field values.
    public func takeRecordChanges(topScreen: Screen?) -> (keep: Int, changed: [SceneRecord]) {
        if let topScreen, !memories.isEmpty, let top = memories[memories.count - 1].indices.last,
           memories[memories.count - 1][top].setFields(SceneRecord.fields(of: topScreen)) {
            markChanged(from: sceneCount - 1)
        }
        let keep = min(firstChanged, sceneCount)
        var changed: [SceneRecord] = []
        var place = 0
        for layer in memories.indices {
            for index in memories[layer].indices {
                if place >= keep {
                    memories[layer][index].settle()
                    changed.append(memories[layer][index].record)
                }
                place += 1
            }
        }
        clearChanges()
        return (keep, changed)
    }

    /// How a restore ended: how many scenes stand again, and the error that stopped it early.
    public struct RestoreOutcome {
        public let restored: Int
        public let failure: (scene: String, error: any Error)?
    }

    /// Builds the stacks of `records` again, bottom to top, replacing whatever is shown: each scene
    /// gets its input, then its results in order, is shown, and gets its fields' texts back as
    /// edits. `progress` hears each place before its scene is built (a crash there is then known).
    ///
    /// A scene that fails stops the restore: the scenes below it stay, it and those above are
    /// dropped, and `failure` says why. With no scene restored the navigator shows nothing.
    public func restore(_ records: [SceneRecord], progress: (Int) -> Void = { _ in }) -> RestoreOutcome {
        closeAll()
        for (place, record) in records.enumerated() {
            progress(place)
            do {
                let scene = try assembler.assemble(record.name, requestedBy: "the restore of the stack", navigator: self)
                try scene.accept(record.input)
                scene.display.viewDidLoad()
                for result in record.results { try scene.acceptResult(result) }
                let style: NavigationStyle = place == 0 ? .replace : record.opensLayer ? .present : .push
                show(scene, style: style, memory: SceneMemory(record))
                let screen = scene.display.render()
                for field in record.fields where SceneRecord.fields(of: screen).first(where: { $0.id == field.id })?.text != field.text {
                    guard screen.element(id: field.id) != nil else { continue }
                    try scene.display.handle(.edit(field: field.id, text: field.text))
                }
            } catch {
                dropFrom(place)
                return RestoreOutcome(restored: place, failure: (record.name, error))
            }
        }
        return RestoreOutcome(restored: records.count, failure: nil)
    }
}
