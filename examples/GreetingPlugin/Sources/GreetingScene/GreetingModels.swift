/// Greeting's use cases, as Clean Swift models.
enum Greeting {
    /// Greet the person whose name the scene holds.
    enum Greet {
        struct Request {}
        struct Response { let greeting: String }
        struct ViewModel { let text: String }
    }
}
