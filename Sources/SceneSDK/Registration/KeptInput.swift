/// The input a scene was shown with, as the host keeps it to build the scene again after its
/// worker died. Host-only (SPI).
@_spi(SceneHost)
public enum KeptInput {
    /// Shown without input (the initial scene, or a route that passes nothing).
    case none
    /// The checked payload it was given.
    case payload(ScenePayload)
    /// The value a route's typed fast path handed over as it is; encoded only when the host asks.
    case value(any Encodable)
}
