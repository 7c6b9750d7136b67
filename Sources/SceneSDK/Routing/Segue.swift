/// A declared route being performed: `scenes.conf`'s `[[segues]]` entry whose button was tapped.
///
/// The host builds the destination, then calls the source router's `routeTo<Destination>` handler
/// with the segue so it can pass data (`route(to:segue:passing:)`), then navigates.
@MainActor
public final class Segue {
    /// The segue's id: the id of the button that fired it.
    public let identifier: String
    /// The source scene's name.
    public let source: String
    /// The destination scene's name.
    public let destination: String
    /// How the destination will be shown.
    public let style: NavigationStyle
    /// The destination's DataStore, for routers whose destination lives in the same plugin and
    /// pass data with typed `passDataTo<Destination>(source:destination: inout)`.
    ///
    /// Read from the destination when asked: most handlers never ask, and wrapping a DataStore
    /// existential in `Any` allocates.
    public var destinationDataStore: Any? { destinationScene?.currentDataStore ?? givenDataStore }
    private let givenDataStore: Any?
    /// Weak: a handler that keeps the segue must not keep the destination's objects alive after it is popped.
    private weak var destinationScene: AssembledScene?
    /// What the source router passes, encoded; applied by the host after the handler returns.
    ///
    /// Nil when the router passes nothing, and also when its value cannot be encoded: the
    /// navigation then fails with `SceneError.payloadNotEncodable`.
    public var payload: ScenePayload? { try? encodedPayload() }

    /// The value the router passed, as it passed it: the host converts it into the destination's
    /// input without encoding a payload when it can (`AssembledScene.accept(converting:)`).
    @_spi(SceneHost) @_spi(SceneTesting) public private(set) var passedValue: (any Encodable)?
    private var encoded: ScenePayload?

    /// What the router passes, encoded once; throws `SceneError.payloadNotEncodable`.
    @_spi(SceneHost) @_spi(SceneTesting) public func encodedPayload() throws -> ScenePayload? {
        if let encoded { return encoded }
        guard let passedValue else { return nil }
        let payload = try ScenePayload(passedValue)
        encoded = payload
        return payload
    }

    /// Throws `segueDestinationMismatch` when the router routes elsewhere than the segue goes.
    func check(destination requested: String) throws {
        guard destination == requested else {
            throw SceneError.segueDestinationMismatch(segue: identifier, source: source, segueDestination: destination, requested: requested)
        }
    }

    /// The router passes `value` (nil: nothing).
    func pass(_ value: (any Encodable)?) {
        passedValue = value
        encoded = nil
    }

    /// The router passes an encoded `payload` (nil: nothing).
    func pass(payload: ScenePayload?) {
        passedValue = nil
        encoded = payload
    }

    public init(identifier: String, source: String, destination: String, style: NavigationStyle, destinationDataStore: Any? = nil) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
        self.style = style
        self.givenDataStore = destinationDataStore
        self.destinationScene = nil
    }

    /// A segue to `destination`, built already: its DataStore is the one handlers see.
    @_spi(SceneHost) @_spi(SceneTesting)
    public init(identifier: String, source: String, destination: AssembledScene, style: NavigationStyle) {
        self.identifier = identifier
        self.source = source
        self.destination = destination.name
        self.style = style
        self.givenDataStore = nil
        self.destinationScene = destination
    }
}
