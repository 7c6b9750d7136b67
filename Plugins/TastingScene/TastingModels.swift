/// Tasting's use cases, as Clean Swift models.
enum Tasting {
    /// The screen shows the tea on offer and the last rating that came back.
    enum ShowTasting {
        struct Request {}
        struct Response {
            let teaName: String
            let rating: RatingResult?
        }
        struct ViewModel {
            let tasteTitle: String
            let ratingText: String
        }
    }
}

/// The result Tasting takes back: what Rating, a C++ scene of another library, hands back as it
/// leaves. `comment` is nil when the rating was given without one (a NULL string on the C side).
struct RatingResult: Decodable {
    let stars: Int
    let comment: String?
}
