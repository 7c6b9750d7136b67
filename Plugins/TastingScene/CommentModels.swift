/// Comment's use cases, as Clean Swift models.
enum Comment {
    /// The screen asks about the subject it was given.
    enum ShowSubject {
        struct Request {}
        struct Response { let subject: String }
        struct ViewModel { let prompt: String }
    }

    /// The user types the comment.
    enum EditText {
        struct Request { let text: String }
        struct Response { let text: String }
        struct ViewModel { let text: String }
    }

    /// The user saves it: it goes back to the scene below as its result.
    enum SaveComment {
        struct Request {}
    }
}

/// The input Comment declares: any scene of any plugin, in any language (Tea in C, Rating in C++),
/// may pass a value of this shape.
struct CommentInput: Decodable {
    let subject: String
}

/// The result Comment hands back to the scene below it.
struct CommentResult: Codable {
    let text: String
}
