/// A native function a plugin declares in its table: its C symbol name and its signature.
package struct NativeDeclaration: Equatable, Sendable {
    package let name: String
    /// The signature as the plugin wrote it (parsed again when the function is resolved).
    package let signatureText: String

    package init(name: String, signatureText: String) {
        self.name = name
        self.signatureText = signatureText
    }
}
