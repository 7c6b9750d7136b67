import SceneHostConfig
/// The segues of the config, by source scene and button id.
///
/// Indexed when needed: a start shows one scene, and a config of a thousand plugins declares a
/// thousand segues, so the first few scenes asked for find theirs by one pass over the list; the
/// whole index is made when more scenes are asked for (a session that navigates).
package struct SegueTable {
    private let source: RecordedSegues
    private var index: [String: [String: SegueDeclaration]]?
    private var scansLeft = SegueTable.scansBeforeIndex

    /// Scenes looked up by a pass over the list before the index is made.
    static let scansBeforeIndex = 4

    package init(_ declarations: [SegueDeclaration]) {
        source = RecordedSegues(declarations)
    }

    /// The segues of a start-up cache file, decoded when first looked up (a scene worker's).
    package init(_ source: RecordedSegues) {
        self.source = source
    }

    /// The segues from `scene`, by button id (nil: none); a navigator keeps the top scene's.
    /// Throws only for segues recorded in a start-up cache that turn out unreadable.
    package mutating func segues(from scene: String) throws -> [String: SegueDeclaration]? {
        if let index { return index[scene] }
        let declarations = try source.declarations()
        guard scansLeft > 0 else {
            var table: [String: [String: SegueDeclaration]] = [:]
            for declaration in declarations {
                table[declaration.from.value, default: [:]][declaration.id] = declaration
            }
            index = table
            return table[scene]
        }
        scansLeft -= 1
        var found: [String: SegueDeclaration]?
        for declaration in declarations where declaration.from.value == scene {
            found = found ?? [:]
            found?[declaration.id] = declaration
        }
        return found
    }
}
