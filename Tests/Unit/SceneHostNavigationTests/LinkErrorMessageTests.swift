import Testing
@testable import SceneHostCore
@testable import SceneHostNavigation
@testable import SceneHostContainer

/// The exact texts and exit codes of links that cannot be opened.
@Suite("Link error messages")
struct LinkErrorMessageTests {
    @Test(
        "each LinkError, one line, exit 9",
        arguments: [
            (
                LinkError.empty,
                "error: the link is empty. Give a path that matches a declared link, such as 'orders/2' ('scene-host list' shows the app's links)."
            ),
            (.tooLong(bytes: 2000, limit: 1024), "error: the link is 2000 bytes long; a link has at most 1024."),
            (
                .malformed(link: "orders//2", .emptySegment(position: 2)),
                "error: link 'orders//2' is malformed: segment 2 is empty (two slashes, or a slash at the end)."
            ),
            (
                .malformed(link: "orders/%zz", .badEscape("%zz")),
                "error: link 'orders/%zz' is malformed: '%zz' is not a percent escape ('%' and two hexadecimal digits)."
            ),
            (
                .malformed(link: "orders/%FF", .notUTF8),
                "error: link 'orders/%FF' is malformed: its percent escapes do not decode to UTF-8 text."
            ),
            (
                .malformed(link: "orders/%0A", .controlCharacter),
                "error: link 'orders/%0A' is malformed: it holds a control character."
            ),
            (
                .malformed(link: "../x", .dotSegment("..")),
                "error: link '../x' is malformed: '..' is not a segment a link may have."
            ),
            (
                .unknownLink(
                    link: "order/2", declared: ["orders/{id: Int}", "orders/new"], suggestion: "orders/{id: Int}"),
                "error: no link matches 'order/2'. Did you mean 'orders/{id: Int}'? The app's links: orders/{id: Int}, orders/new."
            ),
            (
                .unknownLink(link: "basket", declared: ["orders/{id: Int}"], suggestion: nil),
                "error: no link matches 'basket'. The app's links: orders/{id: Int}."
            ),
            (
                .unknownLink(link: "basket", declared: [], suggestion: nil),
                "error: no link matches 'basket': the app declares no links."
            ),
            (
                .parameterInvalid(
                    link: "orders/abc", template: "orders/{id: Int}", parameter: "id", expected: .int, given: "abc"),
                "error: link 'orders/abc' (orders/{id: Int}): parameter 'id' expects an Int (a whole number from -9223372036854775808 to 9223372036854775807), given \"abc\"."
            ),
            (
                .parameterInvalid(
                    link: "s/maybe", template: "s/{exact: Bool}", parameter: "exact", expected: .bool, given: "maybe"),
                "error: link 's/maybe' (s/{exact: Bool}): parameter 'exact' expects a Bool (true or false), given \"maybe\"."
            ),
        ])
    func linkErrors(error: LinkError, message: String) {
        #expect(ErrorMessage.render(error) == message)
        #expect(ExitStatus(for: error) == .linkError)
        #expect(ExitStatus.linkError.rawValue == 9)
    }

    @Test("a control character in a link prints escaped")
    func escaped() {
        #expect(
            ErrorMessage.render(LinkError.unknownLink(link: "a\u{1B}[2J", declared: [], suggestion: nil))
                == "error: no link matches 'a\\u{1B}[2J': the app declares no links.")
    }

    @Test("a link whose scene fails: the scene and the reason, nothing changed, exit 9")
    func linkFailed() {
        let error = NavigationError.linkFailed(link: "items/-1", scene: "LinkItem", reason: "no item has a negative id")
        #expect(
            ErrorMessage.render(error)
                == "error: opening link 'items/-1' failed at scene 'LinkItem': no item has a negative id. Nothing changed."
        )
        #expect(ExitStatus(for: error) == .linkError)
    }

    @Test(
        "a link its function refused (LinkRefusal): the scene and the plugin's sentence, one full stop, nothing changed, exit 9"
    )
    func linkRefused() {
        let error = NavigationError.linkRefused(link: "orders/99", scene: "ShowOrder", message: "There is no order 99.")
        #expect(
            ErrorMessage.render(error)
                == "error: link 'orders/99' was refused by scene 'ShowOrder': There is no order 99. Nothing changed.")
        #expect(
            ErrorMessage.render(
                NavigationError.linkRefused(link: "orders/99", scene: "ShowOrder", message: "There is no order 99"))
                == "error: link 'orders/99' was refused by scene 'ShowOrder': There is no order 99. Nothing changed.")
        #expect(ExitStatus(for: error) == .linkError)
    }
}
