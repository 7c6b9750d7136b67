@_spi(SceneHost) import SceneSDK

/// One screen of a web session's stacks as its pages know it: which scene, whether it opened a
/// modal, the stamp its forms carry, and what it looked like when it was last on top.
package struct WebScreen: Equatable, Sendable {
    package let name: String
    /// The first scene of a layer: a modal stack's root (shown as a dialog), or, with `slot`, the
    /// first scene of a container's open slot (shown in its container's page).
    package let opensLayer: Bool
    /// The slot of its container this scene is the first of (`SceneRecord.slot`): its URL segment
    /// is `SLOT:Scene`; nil for every other scene.
    package var slot: String? = nil
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

    /// The root of a modal stack: a layer that is no container's slot.
    package var isModal: Bool { opensLayer && slot == nil }

    /// Its part of a URL (`Scene`, or `slot:Scene`).
    package var segment: WebPath.Segment { WebPath.Segment(slot: slot, name: name) }

    package init(
        name: String, opensLayer: Bool, slot: String? = nil, stamp: Int, lastScreen: Screen, query: String = ""
    ) {
        self.name = name
        self.opensLayer = opensLayer
        self.slot = slot
        self.stamp = stamp
        self.lastScreen = lastScreen
        self.query = query
    }
}

extension WebScreen {
    /// The URL of the screen at `depth` of `screens` (bottom to top): the scene names to it, and the
    /// query naming its record, if any.
    package static func url(of screens: [WebScreen], at depth: Int) -> String {
        let path = WebPath.url(of: screens.prefix(depth + 1).lazy.map(\.segment))
        let query = depth < screens.count ? screens[depth].query : ""
        return query.isEmpty ? path : path + "?" + query
    }

    /// Whether the screen at `depth` of `screens` is a container shown with its open slot above
    /// it: a page of its own never shows it (its page is the one of the screen shown in its slot).
    package static func isContainer(_ screens: [WebScreen], at depth: Int) -> Bool {
        depth + 1 < screens.count && screens[depth + 1].slot != nil
    }

    /// The screen a container's page is (`isContainer`): the top of its open slot's stack, or of
    /// the slot open in that, inner container by inner container. Any other depth is its own.
    package static func shownDepth(_ screens: [WebScreen], for depth: Int) -> Int {
        var shown = depth
        while isContainer(screens, at: shown) {
            shown += 1
            while shown + 1 < screens.count, !screens[shown + 1].opensLayer { shown += 1 }
        }
        return shown
    }
}
