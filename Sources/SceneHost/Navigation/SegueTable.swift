/// The segues of the config, by source scene and button id.
struct SegueTable {
    private let segues: [String: [String: SegueDeclaration]]

    init(_ declarations: [SegueDeclaration]) {
        var table: [String: [String: SegueDeclaration]] = [:]
        for declaration in declarations {
            table[declaration.from.value, default: [:]][declaration.id] = declaration
        }
        segues = table
    }

    /// The segues from `scene`, by button id (nil: none); a navigator keeps the top scene's.
    func segues(from scene: String) -> [String: SegueDeclaration]? {
        segues[scene]
    }
}
