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

    /// The element with this id, if the screen has one (the first, should two share it).
    ///
    /// Every tap and edit is checked through it, so it compares the ids in place instead of
    /// copying each element to ask for its `id`.
    public func element(id: String) -> ScreenElement? {
        for index in elements.indices {
            switch elements[index] {
            case .label(let elementID, _), .textField(let elementID, _, _, _, _), .button(let elementID, _), .list(let elementID, _):
                if elementID == id { return elements[index] }
            }
        }
        return nil
    }
}
