import Foundation
import Testing
@testable import SceneHostWebModel
import SceneHostSessions

/// What a posted text keeps: a text area its line breaks and tabs, every field its text when it is
/// refused (offered back intact), and the limits the page's `maxlength` shares with the server.
@Suite("Web: texts kept as typed")
struct WebTextKeepingTests {
    @Test("a text area's line breaks and tabs are its text: no problem, and offered back as they were")
    func areaKeepsLineBreaksAndTabs() throws {
        let form = try WebForm(body: Array("area.notes=one%0D%0Atwo%09three&field.name=a%09b&action=tap:save".utf8))
        #expect(WebFieldCheck.problem(inFormField: "area.notes", value: "one\r\ntwo\tthree") == nil)
        let problems = WebController.textProblems(in: form, on: nil)
        #expect(problems.map(\.field) == ["name"], "a line's TAB is still refused: \(problems)")
        let offered = WebController.typed(in: form)
        #expect(offered.first { $0.field == "notes" }?.text == "one\r\ntwo\tthree")
        #expect(offered.first { $0.field == "name" }?.text == "a\u{FFFD}b")
    }

    @Test("a text over its field's limit is a problem at the field, and offered back whole")
    func overLimitOfferedBack() throws {
        let text = String(repeating: "line\n", count: WebForm.maximumAreaLength / 5 + 1)
        let encoded = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let form = try WebForm(body: Array("area.notes=\(encoded)&action=tap:save".utf8))
        let problems = WebController.textProblems(in: form, on: nil)
        #expect(
            problems.map(\.text) == [
                "This text is \(text.count) characters long, and this field takes at most \(WebForm.maximumAreaLength). Shorten it and try again."
            ])
        #expect(WebController.typed(in: form).first?.text == text)
        let notice = "error: Nothing was changed: the text of “notes” cannot be kept as typed."
        #expect(WebController.unkeepableNotice(problems) == notice)
    }
}
