import SceneHost

/// The HTML of a page, written directly from a `WebPage` (no template engine, no reflection).
///
/// Every value goes through `HTMLText.text`, so no text from a scene, a config or a user is ever
/// inserted unescaped. No JavaScript: each button is a form post. Accessibility: every field has a
/// `<label>`; a field's problem is a `role=alert` message tied to it (`aria-describedby`,
/// `aria-invalid`) and the field takes the focus (`autofocus`); a modal is a `dialog` holding its
/// own buttons; the breadcrumb is a list of links with `aria-current` on the page shown.
struct PageWriter: Sendable {
    static let style: StaticString = """
        *,*::before,*::after{box-sizing:border-box}\
        body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5}\
        nav ol{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.25rem}\
        nav li+li::before{content:"›";margin-right:.25rem;color:#555}\
        .modal{border:2px solid #333;border-radius:.5rem;padding:1rem;box-shadow:0 0 0 100vmax rgba(0,0,0,.08);max-width:100%}\
        .error{background:#fde8e8;border-left:4px solid #b00;padding:.5rem}\
        .earlier{background:#eef4fd;border-left:4px solid #2a5db0;padding:.5rem}\
        .problem{color:#b00;margin:.25rem 0 0}\
        label{display:block;font-weight:600;margin-top:.5rem}\
        input[type=text]{width:100%;max-width:100%;padding:.4rem;font-size:1rem}\
        input[aria-invalid=true]{border:2px solid #b00}\
        ul.rows{list-style:none;padding:0} ul.rows button{width:100%;text-align:left}\
        button{font-size:1rem;padding:.4rem .8rem;margin:.25rem .25rem .25rem 0}
        """

    func render(_ page: WebPage) -> [UInt8] {
        var html = HTMLText()
        html.markup("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        html.markup("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
        html.text(page.title)
        if page.isEarlier { html.markup(" (earlier page)") }
        html.markup(" — scene-host</title>\n<style>")
        html.markup(Self.style)
        html.markup("</style>\n</head>\n<body>\n")
        breadcrumb(page, into: &html)
        html.markup("<main>\n")
        if page.isEarlier {
            html.markup("<p class=\"earlier\" id=\"earlier\">This is an earlier page of the app. Acting here goes back to it; <a href=\"")
            html.text(page.currentURL)
            html.markup("\">the current page</a> is further on.</p>\n")
        }
        html.markup("<form method=\"post\" action=\"")
        html.text(page.formAction)
        html.markup("\">\n<input type=\"hidden\" name=\"token\" value=\"")
        html.text(page.token)
        html.markup("\">\n<input type=\"hidden\" name=\"screen\" value=\"")
        html.number(page.stamp)
        html.markup("\">\n")
        if page.inModal {
            html.markup("<section class=\"modal\" role=\"dialog\" aria-modal=\"true\" aria-labelledby=\"title\" aria-describedby=\"underneath\">\n")
            html.markup("<p id=\"underneath\"><small>Presented over: ")
            html.text(page.underneath)
            html.markup("</small></p>\n")
        }
        html.markup("<h1 id=\"title\">")
        html.text(page.title)
        html.markup("</h1>\n")
        if let error = page.error {
            html.markup("<p class=\"error\" role=\"alert\" id=\"error\">")
            html.text(error)
            html.markup("</p>\n")
        }
        let focused = page.elements.first { $0.kind == .field && !$0.problem.isEmpty }?.id
        for element in page.elements { write(element, focused: element.id == focused, into: &html) }
        wayBack(page.wayBack, into: &html)
        if page.inModal { html.markup("</section>\n") }
        html.markup("</form>\n</main>\n</body>\n</html>\n")
        return html.bytes
    }

    func renderRefusal(_ message: String) -> [UInt8] {
        var html = HTMLText(capacity: 512)
        html.markup("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Refused — scene-host</title></head>\n")
        html.markup("<body><h1>Refused</h1><p role=\"alert\">")
        html.text(message)
        html.markup("</p><p><a href=\"/\">Back to the app</a></p></body></html>\n")
        return html.bytes
    }

    private func breadcrumb(_ page: WebPage, into html: inout HTMLText) {
        html.markup("<nav aria-label=\"Breadcrumb\"><ol>")
        for crumb in page.breadcrumb {
            if crumb.isCurrent || crumb.url.isEmpty {
                html.markup(crumb.isCurrent ? "<li aria-current=\"page\">" : "<li>")
                html.text(crumb.name)
            } else {
                html.markup("<li><a href=\"")
                html.text(crumb.url)
                html.markup("\">")
                html.text(crumb.name)
                html.markup("</a>")
            }
            if crumb.isModal { html.markup(" <small>(modal)</small>") }
            html.markup("</li>")
        }
        html.markup("</ol></nav>\n")
    }

    private func write(_ element: WebPage.Element, focused: Bool, into html: inout HTMLText) {
        switch element.kind {
        case .label:
            html.markup("<p id=\"")
            html.text(element.id)
            html.markup("\">")
            html.text(element.text)
            html.markup("</p>\n")
        case .field:
            html.markup("<label for=\"field-")
            html.text(element.id)
            html.markup("\">")
            html.text(element.fieldLabel)
            html.markup("</label><input type=\"text\" id=\"field-")
            html.text(element.id)
            html.markup("\" name=\"field.")
            html.text(element.id)
            html.markup("\" value=\"")
            html.text(element.text)
            html.markup("\" placeholder=\"")
            html.text(element.placeholder)
            html.markup("\" maxlength=\"4096\"")
            if !element.problem.isEmpty {
                html.markup(" aria-invalid=\"true\" aria-describedby=\"problem-")
                html.text(element.id)
                html.markup("\"")
            }
            if focused { html.markup(" autofocus") }
            html.markup(">\n")
            if !element.problem.isEmpty {
                html.markup("<p class=\"problem\" role=\"alert\" id=\"problem-")
                html.text(element.id)
                html.markup("\">")
                html.text(element.problem)
                html.markup("</p>\n")
            }
        case .button:
            html.markup("<button type=\"submit\" id=\"button-")
            html.text(element.id)
            html.markup("\" name=\"action\" value=\"")
            html.text(element.action)
            html.markup("\">")
            html.text(element.text)
            html.markup("</button>\n")
        case .list:
            html.markup("<ul class=\"rows\" id=\"")
            html.text(element.id)
            html.markup("\" aria-label=\"")
            html.text(element.id)
            html.markup("\">")
            for row in element.rows {
                html.markup("<li><button type=\"submit\" name=\"action\" value=\"")
                html.text(row.action)
                html.markup("\">")
                html.text(row.text)
                html.markup("</button></li>")
            }
            html.markup("</ul>\n")
        }
    }

    private func wayBack(_ wayBack: WebPage.WayBack, into html: inout HTMLText) {
        switch wayBack {
        case .none:
            return
        case .dismiss:
            html.markup("<p><button type=\"submit\" id=\"dismiss\" name=\"action\" value=\"dismiss\">Dismiss</button></p>\n")
        case .back(let targets):
            html.markup("<p><button type=\"submit\" id=\"back\" name=\"action\" value=\"back\">Back</button>")
            for scene in targets {
                html.markup("<button type=\"submit\" name=\"action\" value=\"back:")
                html.text(scene)
                html.markup("\">Back to ")
                html.text(scene)
                html.markup("</button>")
            }
            html.markup("</p>\n")
        }
    }
}
