/// What a scene shows: a title and elements with stable ids, drawn by whichever frontend runs the app.
///
/// A scene never draws itself; its ViewController returns a `Screen` from `render()` and the host's
/// frontend (terminal, script, ...) turns it into pixels or text. Ids must be unique within a screen:
/// events and segues refer to elements by id.
public struct Screen: Equatable, Sendable {
    public var title: String
    public var elements: [ScreenElement]

    public init(title: String, elements: [ScreenElement] = []) {
        self.title = title
        self.elements = elements
    }

    /// The element with this id, if the screen has one (the first, should two share it), looked
    /// for inside sections too.
    ///
    /// Every tap and edit is checked through it, so it compares the ids in place instead of
    /// copying each element to ask for its `id`.
    public func element(id: String) -> ScreenElement? {
        Self.element(id: id, in: elements)
    }

    /// Every element, each section followed by its own elements, in screen order.
    public var allElements: [ScreenElement] {
        var all: [ScreenElement] = []
        func add(_ elements: [ScreenElement]) {
            for element in elements {
                all.append(element)
                if case .section(_, _, let inner) = element { add(inner) }
            }
        }
        add(elements)
        return all
    }

    private static func element(id: String, in elements: [ScreenElement]) -> ScreenElement? {
        for index in elements.indices {
            switch elements[index] {
            case .label(let elementID, _), .alert(let elementID, _), .textField(let elementID, _, _, _, _),
                 .textArea(let elementID, _, _, _),
                 .secureField(let elementID, _, _, _), .toggle(let elementID, _, _), .choice(let elementID, _, _, _),
                 .button(let elementID, _), .list(let elementID, _), .progress(let elementID, _, _):
                if elementID == id { return elements[index] }
            case .section(let elementID, _, let inner):
                if elementID == id { return elements[index] }
                if let found = element(id: id, in: inner) { return found }
            }
        }
        return nil
    }
}
