import SceneSDK

/// Settings' use cases, as Clean Swift models.
enum Settings {
    /// The user types the signature put under the orders they print.
    enum UpdateSignature {
        struct Request { let text: String }
        struct Response { let signature: String }
        struct ViewModel { let signature: String; let preview: String }
    }
}
