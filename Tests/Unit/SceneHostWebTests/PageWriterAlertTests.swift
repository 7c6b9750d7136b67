import Foundation
import SceneSDK
import Testing
@testable import SceneHostWeb
@testable import SceneHostWebModel

/// What must be noticed at once is announced and focused (issue 49): a scene's alert element is a
/// `role=alert` paragraph that takes the focus unless a field's problem needs it more; the host's
/// error does the same when nothing on the page needs the focus; a notice is only polite.
@Suite("Page writer: alerts and the focus")
struct PageWriterAlertTests {
    static func html(_ elements: [ScreenElement], error: String? = nil) -> String {
        let page = WebPage.start(
            screen: Screen(title: "Edit", elements: elements), scene: "Edit", token: "t", error: error)
        return String(decoding: PageWriter().render(page), as: UTF8.self)
    }

    static let conflict = ScreenElement.alert(id: "message", text: "Order #2 was changed by someone else")

    @Test("a scene's alert is announced and takes the focus")
    func alertFocused() {
        let page = Self.html([.textField(id: "note", placeholder: "", text: "x"), Self.conflict])
        #expect(
            page.contains(
                "<p class=\"alert\" role=\"alert\" tabindex=\"-1\" dir=\"auto\" id=\"message\" autofocus>"
                    + "Order #2 was changed by someone else</p>"), "\(page)")
        #expect(page.components(separatedBy: "autofocus").count == 2, "one element has the focus")
    }

    @Test("a field's problem takes the focus before an alert, which is still announced")
    func problemFirst() {
        let page = Self.html([.textField(id: "note", placeholder: "", text: "x", problem: "Too long"), Self.conflict])
        #expect(page.contains("<p class=\"alert\" role=\"alert\" tabindex=\"-1\" dir=\"auto\" id=\"message\">"))
        #expect(page.components(separatedBy: "autofocus").count == 2)
        let field = page.split(separator: "\n").filter { $0.contains("id=\"field-note\"") }
        #expect(field.count == 1 && field[0].contains("autofocus"), "the field with the problem has the focus: \(page)")
    }

    @Test("the host's error takes the focus when nothing on the page needs it; a notice never does")
    func hostError() {
        let error = Self.html([.textField(id: "note", placeholder: "", text: "x")], error: "Another tab moved on.")
        #expect(
            error.contains("<div class=\"error\" role=\"alert\" id=\"error\" tabindex=\"-1\" autofocus><p>"), "\(error)"
        )
        let notice = Self.html([.label(id: "l", text: "x")], error: "notice: Reloaded.")
        #expect(
            notice.contains("<div class=\"notice\" role=\"status\" id=\"error\"><p>") && !notice.contains("autofocus"))
        let withAlert = Self.html([Self.conflict], error: "Another tab moved on.")
        #expect(
            withAlert.contains("<div class=\"error\" role=\"alert\" id=\"error\"><p>"),
            "the scene's alert has the focus")
    }
}
