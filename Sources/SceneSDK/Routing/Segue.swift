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
    public let destinationDataStore: Any?
    /// What the source router passes; applied by the host after the handler returns.
    public internal(set) var payload: ScenePayload?

    public init(identifier: String, source: String, destination: String, style: NavigationStyle, destinationDataStore: Any? = nil) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
        self.style = style
        self.destinationDataStore = destinationDataStore
    }
}
