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

    func segue(from scene: String, id: String) -> SegueDeclaration? {
        segues[scene]?[id]
    }
}
