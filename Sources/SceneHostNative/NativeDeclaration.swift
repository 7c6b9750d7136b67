import SceneHostCore
/// A native function a plugin declares in its table: its C symbol name and its signature.
public struct NativeDeclaration: Equatable, Sendable {
    public let name: String
    /// The signature as the plugin wrote it (parsed again when the function is resolved).
    public let signatureText: String

    public init(name: String, signatureText: String) {
        self.name = name
        self.signatureText = signatureText
    }
}
