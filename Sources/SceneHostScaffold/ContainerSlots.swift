/// The slots of a container scene `new scene` makes (`--tabs` or `--panes`): each a name and the scene
/// it shows first, as the user wrote them (`orders:ListOrders,settings:Settings`).
///
/// Pure: it checks the text and names, and gives what the templates need.
package struct ContainerSlots: Equatable, Sendable {
    /// Tabs (one shown at a time) or panes (shown together).
    package enum Kind: String, Equatable, Sendable {
        case tabs
        case panes

        /// The option that gives slots of this kind.
        package var option: String { "--\(rawValue)" }
        /// The `SceneDefinition` method that declares one (`tab`, `pane`).
        var method: String {
            switch self {
            case .tabs: return "tab"
            case .panes: return "pane"
            }
        }
    }

    /// One slot: its name (routers, `tab NAME` and URLs name it), the scene it shows first and its title.
    package struct Slot: Equatable, Sendable {
        package let name: String
        package let scene: String

        /// What the tab bar or the pane's heading shows: the name with an upper-case first letter,
        /// `-` and `_` as spaces (`order-list` is "Order list").
        package var title: String {
            let spaced = name.map { $0 == "-" || $0 == "_" ? " " : String($0) }.joined()
            return spaced.prefix(1).uppercased() + spaced.dropFirst()
        }
    }

    package let kind: Kind
    package let slots: [Slot]

    /// The slots `--tabs` or `--panes` give, or nil when neither is given; throws
    /// `ScaffoldError.containerKindsBoth` for both, and `slotInvalid` naming the item that is wrong.
    package static func from(tabs: String?, panes: String?, container: String) throws -> ContainerSlots? {
        switch (tabs, panes) {
        case (nil, nil): return nil
        case (let tabs?, nil): return try parse(tabs, kind: .tabs, container: container)
        case (nil, let panes?): return try parse(panes, kind: .panes, container: container)
        case (.some, .some): throw ScaffoldError.containerKindsBoth
        }
    }

    /// `text` as `NAME:SCENE` items separated by commas.
    package static func parse(_ text: String, kind: Kind, container: String) throws -> ContainerSlots {
        var slots: [Slot] = []
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        for (index, item) in items.enumerated() {
            func refuse(_ problem: ScaffoldError.SlotProblem) -> ScaffoldError {
                .slotInvalid(option: kind.option, item: index + 1, text: item, problem)
            }
            let parts = item.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard !item.isEmpty else { throw refuse(.empty) }
            guard parts.count == 2 else { throw refuse(parts.count < 2 ? .noScene : .tooManyColons) }
            let (name, scene) = (parts[0], parts[1])
            if let problem = slotNameProblem(name) { throw refuse(problem) }
            if let problem = SwiftIdentifier.problem(with: scene) { throw refuse(.scene(scene, problem)) }
            guard scene != container else { throw refuse(.showsItself(container: container)) }
            if let first = slots.firstIndex(where: { $0.name == name }) {
                throw refuse(.slotTwice(name: name, firstItem: first + 1))
            }
            slots.append(Slot(name: name, scene: scene))
        }
        return ContainerSlots(kind: kind, slots: slots)
    }

    /// A slot name becomes part of element ids (`@NAME`, `NAME/ID`) and URLs: an ASCII letter, then
    /// ASCII letters, digits, `-` and `_`.
    static func slotNameProblem(_ name: String) -> ScaffoldError.SlotProblem? {
        guard let first = name.first else { return .slotNameEmpty }
        guard first.isASCII, first.isLetter else { return .slotNameStart(first) }
        if let bad = name.first(where: { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_")) }) {
            return .slotNameCharacter(bad)
        }
        return nil
    }

    /// The initial scenes, each once, in the order first named.
    var scenes: [String] {
        var seen: Set<String> = []
        return slots.map(\.scene).filter { seen.insert($0).inserted }
    }

    /// The name of the `Route<Void>` static member for `scene`: its name with a lower-case first
    /// letter (`ListOrders` is `listOrders`), in backticks when that is a Swift keyword.
    static func routeMember(_ scene: String) -> String {
        let member = scene.prefix(1).lowercased() + scene.dropFirst()
        return lowerCaseKeywords.contains(member) ? "`\(member)`" : member
    }

    /// Swift's keywords a scene name with a lower-case first letter could be.
    static let lowerCaseKeywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "as", "false", "is", "nil", "self", "super", "throws", "true", "try", "await", "any", "some",
    ]
}
