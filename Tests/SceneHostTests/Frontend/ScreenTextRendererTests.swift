import Testing
@testable import SceneHost
import SceneSDK

@Suite("ScreenTextRenderer")
struct ScreenTextRendererTests {
    @Test("every element kind, aligned by id")
    func rendersAllKinds() {
        let screen = Screen(title: "Orders", elements: [
            .label(id: "total", text: "3 orders"),
            .textField(id: "search", placeholder: "search", text: ""),
            .textField(id: "note", placeholder: "note", text: "fast"),
            .button(id: "add", title: "Add"),
            .list(id: "orders", rows: ["#1 Tea", "#2 Cake"]),
            .list(id: "empty", rows: []),
        ])
        #expect(ScreenTextRenderer.render(screen, path: "Home › Orders") == """
        == Orders ==  (Home › Orders)
        label   total   3 orders
        field   search  ""  (search)
        field   note    "fast"
        button  add     [Add]
        list    orders
                        0  #1 Tea
                        1  #2 Cake
        list    empty   (empty)
        """)
    }
}
