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

    /// The element with this id, if the screen has one.
    public func element(id: String) -> ScreenElement? {
        elements.first { $0.id == id }
    }
}
