@_spi(SceneHost) import SceneSDK

/// One screen of a web session's stacks as its pages know it: which scene, whether it opened a
/// modal, the stamp its forms carry, and what it looked like when it was last on top.
package struct WebScreen: Equatable, Sendable {
    package let name: String
    /// The root of a modal stack (shown as a dialog).
    package let opensLayer: Bool
    /// Changes whenever the screen at this place changes (another scene, another state of it):
    /// a form carrying an older stamp applies nothing.
    package internal(set) var stamp: Int
    /// What it showed when it was last on top: its earlier page (the browser's Back) shows this.
    package internal(set) var lastScreen: Screen
    /// The query of its URL: the parameters of the deep link that opens the record it shows
    /// (`id=2`, `WebRecordLink`), or empty.
    package internal(set) var query: String = ""

    /// Its name for people: the title it last showed (the scene's name until it was shown).
    package var title: String { lastScreen.title.isEmpty ? name : lastScreen.title }
}

extension WebScreen {
    /// The URL of the screen at `depth` of `screens` (bottom to top): the scene names to it, and the
    /// query naming its record, if any.
    package static func url(of screens: [WebScreen], at depth: Int) -> String {
        let path = WebPath.url(of: screens.prefix(depth + 1).lazy.map(\.name))
        let query = depth < screens.count ? screens[depth].query : ""
        return query.isEmpty ? path : path + "?" + query
    }
}
