import SceneSDK

/// The screen a C scene's render fills through `set_title`, `add_*` and sections.
///
/// Elements go into the innermost open section; a section left open when the render returns is
/// closed there. Sections nest at most `maximumDepth` deep and a screen holds at most
/// `maximumElements`, so a render that loops cannot make the host hold without bound.
///
/// An id a screen already holds is refused (the header's "Ids are unique within a screen"): events
/// name an element by its id and find the first, so a button sharing a label's id could never be
/// tapped, and the refusal of the tap would name the very id the user typed.
@MainActor
final class CScreenBuilder {
    static let maximumElements = 4096
    static let maximumDepth = 8

    var title: String
    private var count = 0
    /// Every id added so far, sections' and their elements' included.
    private var ids: Set<String> = []
    /// The elements of the screen, then of each open section (with its id and title).
    private var levels: [(id: String, title: String, elements: [ScreenElement])] = [("", "", [])]

    init(title: String) {
        self.title = title
    }

    /// Adds `element`; the reason when refused.
    func add(_ element: ScreenElement) -> String? {
        guard count < Self.maximumElements else { return "the screen already holds \(Self.maximumElements) elements" }
        if let reason = claim(element.id) { return reason }
        count += 1
        levels[levels.count - 1].elements.append(element)
        return nil
    }

    func beginSection(id: String, title: String) -> String? {
        guard levels.count <= Self.maximumDepth else { return "sections nest at most \(Self.maximumDepth) deep" }
        if let reason = claim(id) { return reason }
        levels.append((id, title, []))
        return nil
    }

    /// Takes `id` for one element; the reason when the screen already holds it.
    private func claim(_ id: String) -> String? {
        guard ids.insert(id).inserted else {
            return
                "its argument 'id' is \"\(id)\", which an element of this screen already has (ids are unique within a screen: events name an element by its id)"
        }
        return nil
    }

    func endSection() -> String? {
        guard levels.count > 1 else { return "no section is open" }
        close()
        return nil
    }

    private func close() {
        let section = levels.removeLast()
        levels[levels.count - 1].elements.append(
            .section(id: section.id, title: section.title, elements: section.elements))
    }

    /// The screen, every open section closed.
    func screen() -> Screen {
        while levels.count > 1 { close() }
        return Screen(title: title, elements: levels[0].elements)
    }
}
