import Foundation
import Testing
import HostTestSupport
import TestSupport

/// The form elements through the real binaries and a scene worker (the Form fixture): script
/// commands and what a transcript shows, and the page `serve` writes and the form it reads back.
/// A secret typed into the secure field is never printed, shown or sent back.
@Suite("Form elements: run and serve (end to end)")
struct FormElementsTests {
    static func formApp() throws -> FixtureApp {
        try FixtureApp(initial: "LoanForm", plugin: "Form", library: "FixtureForm")
    }

    @Test(
        "a script toggles, chooses by text and by number, fills a text area and a secret; the transcript never holds the secret"
    )
    func script() throws {
        let app = try Self.formApp()
        let result = try HostProcess.run(
            ["run", "--config", app.config],
            input: """
                toggle notify
                choose days 14 days
                fill notes "at the door\\nring twice"
                fill pin hunter2
                tap save
                choose days 2
                toggle sending on
                choose days forever

                """)
        #expect(result.status == 1, "\(result.stdout)\n\(result.stderr)")
        #expect(!result.stdout.contains("hunter2") && !result.stderr.contains("hunter2"))
        #expect(result.stdout.contains("> fill pin (hidden)"))
        #expect(
            result.stdout.contains(
                """
                == Loan ==  (LoanForm)
                list    books
                                 0  Dune — due in 3 days
                                 1  Emma
                text    notes    "at the door\\nring twice"  (Notes)
                secret  pin      (filled)  (Library PIN)
                section options  Options
                  toggle  notify   [x] Notify me
                  toggle  sending  [ ] Show progress
                  choice  days     Loan for
                                   0  ( ) 7 days
                                   1  (•) 14 days
                                   2  ( ) 28 days
                label   summary  notify true, 14 days, pin of 7, notes 2 lines
                """), "\(result.stdout)")
        #expect(result.stdout.contains("busy    progress  Sending 50%"), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "error: choice 'days' of scene 'LoanForm' has no option 'forever'; its options: 0 7 days, 1 14 days, 2 28 days. Name one by its text or its number from 0."
            ),
            "\(result.stdout)")
    }

    @MainActor
    @Test(
        "serve writes a checkbox, a select, a text area, a password field without a value and a busy progress bar, and applies a form of them"
    )
    func serve() throws {
        let app = try Self.formApp()
        let server = try ServeCommandTests.Server(["--config", app.config])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        let session = try http.newSession()
        var page = try http.get(cookie: session.cookie).body
        #expect(
            page.contains(
                "<input type=\"hidden\" name=\"shown.toggle\" value=\"notify\"><label class=\"toggle\"><input type=\"checkbox\" id=\"toggle-notify\" name=\"toggle.notify\"><bdi>Notify me</bdi></label>"
            ), "\(page)")
        #expect(
            page.contains(
                "<select id=\"choice-days\" name=\"choice.days\"><option value=\"\" selected>Choose…</option><option value=\"0\">7 days</option>"
            ), "\(page)")
        #expect(
            page.contains(
                "<textarea dir=\"auto\" rows=\"4\" id=\"area-notes\" name=\"area.notes\" maxlength=\"16384\">\n</textarea>"
            ), "\(page)")
        #expect(
            page.contains(
                "<input type=\"password\" autocomplete=\"off\" id=\"secret-pin\" name=\"secret.pin\" maxlength=\"4096\">"
            ), "\(page)")
        #expect(
            page.contains(
                "<section class=\"group\" id=\"section-options\" aria-labelledby=\"heading-options\"><h2 id=\"heading-options\"><bdi>Options</bdi></h2>"
            ))
        #expect(page.contains("<bdi>Dune</bdi><small dir=\"auto\">due in 3 days</small>"))
        #expect(page.contains("<main>\n"))

        let posted = try http.act(
            cookie: session.cookie, token: session.token,
            "shown.toggle=notify&shown.toggle=sending&toggle.notify=on&toggle.sending=on&choice.days=2&area.notes=a%0D%0Ab&secret.pin=hunter2&action=tap%3Asave"
        )
        #expect(posted.status == 303, "\(posted.status) \(posted.body.prefix(300))")
        page = try http.get(cookie: session.cookie).body
        #expect(page.contains("notify true, 28 days, pin of 7, notes 2 lines"), "\(page)")
        #expect(
            page.contains("name=\"toggle.notify\" checked>")
                && page.contains("<option value=\"2\" selected>28 days</option>"))
        #expect(page.contains("name=\"area.notes\" maxlength=\"16384\">\na\nb</textarea>"), "\(page)")
        #expect(
            page.contains("<main aria-busy=\"true\">")
                && page.contains(
                    "aria-label=\"Sending\" role=\"progressbar\" aria-busy=\"true\" max=\"100\" value=\"50\""),
            "\(page)")
        #expect(page.contains("placeholder=\"(entered; type again to change)\""))
        #expect(!page.contains("hunter2"))

        // A toggle shown and not sent is off; an option the page never offered is refused, and nothing changes.
        _ = try http.act(
            cookie: session.cookie, token: session.token,
            "shown.toggle=notify&shown.toggle=sending&toggle.sending=on&action=tap%3Asave")
        page = try http.get(cookie: session.cookie).body
        #expect(page.contains("notify false, 28 days, pin of 7, notes 2 lines"), "\(page)")
        _ = try http.act(cookie: session.cookie, token: session.token, "choice.days=9&action=tap%3Asave")
        page = try http.get(cookie: session.cookie).body
        #expect(
            page.contains("notify false, 28 days") && page.contains("<option value=\"2\" selected>28 days</option>"),
            "\(page)")
    }
}
