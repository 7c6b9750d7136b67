/// Name's use cases, as Clean Swift models.
enum Name {
    /// Show the name being edited (also after each keystroke).
    enum Edit {
        struct Request { let name: String }
        struct Response { let name: String }
        struct ViewModel { let text: String }
    }

    /// Keep the edited name: it goes back to the scene below.
    enum Save {
        struct Request {}
    }
}

/// The input Name declares: any scene, from any plugin, may pass a value of this shape.
struct NameInput: Decodable {
    let name: String
}

/// The result Name hands back when the user saves.
struct NameResult: Codable {
    let name: String
}
