import Testing
import SceneSDK
@testable import SceneHostWebModel

/// A session built again from its store: what its user last saw is compared with what the scene
/// shows now, so a page that differs is said to (issue 47), and one that does not is shown with no notice.
@Suite("Rebuilt page")
struct WebRebuiltPageTests {
    private let shown = Screen(
        title: "Loan",
        elements: [
            .label(id: "summary", text: "notify true, 28 days"),
            .secureField(id: "pin", label: "PIN", isFilled: true),
            .section(
                id: "options", title: "Options",
                elements: [
                    .toggle(id: "notify", title: "Notify", isOn: true),
                    .choice(id: "days", label: "Days", options: ["7", "28"], selected: 1),
                ]),
            .list(id: "books", rows: ["Dune"]),
            .progress(id: "p", label: "Sending", value: 0.5),
            .button(id: "save", title: "Save"),
        ])

    @Test("the same texts, a secret no longer filled, other rows or progress: alike")
    func alike() {
        let rebuilt = Screen(
            title: "Loan",
            elements: [
                .label(id: "summary", text: "notify true, 28 days"),
                .secureField(id: "pin", label: "PIN", isFilled: false),
                .section(
                    id: "options", title: "Options",
                    elements: [
                        .toggle(id: "notify", title: "Notify", isOn: true),
                        .choice(id: "days", label: "Days", options: ["7", "28"], selected: 1),
                    ]),
                .list(id: "books", rows: ["Dune", "Emma"]),
                .progress(id: "p", label: "Sending", value: 0.75),
                .button(id: "save", title: "Save"),
            ])
        #expect(WebSessionStore.showsAlike(shown, rebuilt))
    }

    @Test("a label, a toggle, a choice or the title that differs, or no screen at all: not alike")
    func unlike() {
        var summary = shown
        summary.elements[0] = .label(id: "summary", text: "nothing saved")
        #expect(!WebSessionStore.showsAlike(shown, summary))
        var toggle = shown
        toggle.elements[2] = .section(
            id: "options", title: "Options",
            elements: [
                .toggle(id: "notify", title: "Notify", isOn: false),
                .choice(id: "days", label: "Days", options: ["7", "28"], selected: 1),
            ])
        #expect(!WebSessionStore.showsAlike(shown, toggle))
        var title = shown
        title.title = "Loan (2)"
        #expect(!WebSessionStore.showsAlike(shown, title))
        #expect(!WebSessionStore.showsAlike(shown, nil))
        #expect(
            WebError.pageNotAsShown(title: "Loan").message
                == "notice: Your session was read back after the server restarted or moved, but “Loan” does not show all it showed you before: check it, and do your last step again if something is missing."
        )
    }
}
