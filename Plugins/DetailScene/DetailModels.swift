/// Detail's use cases, as Clean Swift models.
enum Detail {
    /// The scene shows the message it was given.
    enum ShowMessage {
        struct Request {}
        struct Response { let message: String }
        struct ViewModel { let text: String }
    }
}

/// The input Detail declares: any scene, from any plugin, may pass a value of this shape.
struct DetailInput: Decodable {
    let message: String
}
