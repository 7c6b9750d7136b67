import SceneSDK

/// The screen a C scene's render fills through `set_title`, `add_*` and sections.
///
/// Elements go into the innermost open section; a section left open when the render returns is
/// closed there. Sections nest at most `maximumDepth` deep and a screen holds at most
/// `maximumElements`, so a render that loops cannot make the host hold without bound.
@MainActor
final class CScreenBuilder {
    static let maximumElements = 4096
    static let maximumDepth = 8

    var title: String
    private var count = 0
    /// The elements of the screen, then of each open section (with its id and title).
    private var levels: [(id: String, title: String, elements: [ScreenElement])] = [("", "", [])]

    init(title: String) {
        self.title = title
    }

    /// Adds `element`; the reason when refused.
    func add(_ element: ScreenElement) -> String? {
        guard count < Self.maximumElements else { return "the screen already holds \(Self.maximumElements) elements" }
        count += 1
        levels[levels.count - 1].elements.append(element)
        return nil
    }

    func beginSection(id: String, title: String) -> String? {
        guard levels.count <= Self.maximumDepth else { return "sections nest at most \(Self.maximumDepth) deep" }
        levels.append((id, title, []))
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
