/// A deep link's function refusing the link it was given: what the path names does not exist (no
/// order 99), or may not be opened.
///
/// Throw it from the function given to `SceneDefinition.link`; `message` is for the app's user,
/// one sentence such as "There is no order 99.". The opening then changes nothing: `serve` answers
/// the link's URL with 404 and the message on the page, `run --open` exits 9 with it on stderr.
/// Any other error the function throws is a failure of the scene, not a refusal.
public struct LinkRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// What the user is told, e.g. "There is no order 99.".
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
