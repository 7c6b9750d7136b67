/// Home's use cases, as Clean Swift models.
enum Home {
    /// The user edits the message text field.
    enum UpdateMessage {
        struct Request { let text: String }
        struct Response { let message: String }
        struct ViewModel { let text: String }
    }
}
