import SceneHostWebModel

/// The HTML of a page, written directly from a `WebPage` (no template engine, no reflection).
///
/// Every value goes through `HTMLText.text`, so no text from a scene, a config or a user is ever
/// inserted unescaped, and every text of a scene is bidi-isolated (`<bdi>`, `dir="auto"`), so a
/// right-to-left or override character in one value cannot turn the text around it. One small
/// static script (`/s/page.js`, allowed by the CSP; the pages work without it) reloads a page the
/// browser restores from its back/forward cache. Accessibility: every field has a `<label>`; a
/// field's problem is a `role=alert` message tied to it (`aria-describedby`, `aria-invalid`) and the
/// field takes the focus; errors are `role=alert`, notices `role=status`; a modal is a `dialog`
/// that takes the focus and keeps it (everything outside it is `inert`); the breadcrumb is a list
/// of links with `aria-current` on the page shown; every page has one `<main>`.
///
/// A container's screen (composed by the host) is drawn as what it is: its tab bar (a choice
/// `@tabs`, `@tabs-2`...) as a `<nav>` named by the container's title whose tabs are buttons of the
/// page's form (`choose:@tabs:INDEX`: it works without JavaScript, as every control does), the
/// tab shown marked `aria-current="page"`; its panes (consecutive sections `@NAME`) side by side in
/// one wrapper, each a region with its heading, stacked one above the other on a narrow screen.
struct PageWriter: Sendable {
    static let style: StaticString = """
        *,*::before,*::after{box-sizing:border-box}\
        .live-news{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}\
        body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5}\
        nav ol{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.25rem}\
        nav li+li::before{content:"›";margin-right:.25rem;color:#555}\
        .modal{border:2px solid #333;border-radius:.5rem;padding:1rem;box-shadow:0 0 0 100vmax rgba(0,0,0,.08);max-width:100%}\
        .error,.alert{background:#fde8e8;border-left:4px solid #b00;padding:.5rem;white-space:pre-line}\
        .notice{background:#fff6dd;border-left:4px solid #8a6d00;padding:.5rem;white-space:pre-line}\
        .earlier{background:#eef4fd;border-left:4px solid #2a5db0;padding:.5rem}\
        .offered{margin:.25rem 0 0;padding-left:1.25rem} .offered output{white-space:pre-wrap;font-family:ui-monospace,monospace}\
        .problem{color:#b00;margin:.25rem 0 0}\
        label{display:block;font-weight:600;margin-top:.5rem}\
        input[type=text],input[type=password],textarea,select{width:100%;max-width:100%;padding:.4rem;font-size:1rem}\
        input[aria-invalid=true],textarea[aria-invalid=true]{border:2px solid #b00}\
        label.toggle{font-weight:normal} label.toggle input{margin-right:.5rem}\
        progress{width:100%}\
        section.group{border-top:1px solid #ccc;margin-top:1rem}\
        ul.rows{list-style:none;padding:0} ul.rows button{width:100%;text-align:left} ul.rows small{display:block;color:#555}\
        button{font-size:1rem;padding:.4rem .8rem;margin:.25rem .25rem .25rem 0}\
        nav.tabs ul{list-style:none;padding:0;margin:1rem 0 0;display:flex;flex-wrap:wrap;gap:.25rem;border-bottom:2px solid #333}\
        nav.tabs button{margin:0;background:#f2f2f2;border:1px solid #999;border-bottom:none;border-radius:.4rem .4rem 0 0}\
        nav.tabs button[aria-current=page]{background:#333;color:#fff;font-weight:600;border-color:#333}\
        body:has(.panes){max-width:64rem}\
        .panes{display:flex;gap:1.5rem;align-items:flex-start}\
        .panes>section.pane{flex:1 1 0;min-width:0;border-top:1px solid #ccc;margin-top:1rem}\
        @media (max-width:44rem){.panes{flex-direction:column;align-items:stretch;gap:0}}
        """

    /// The one script of the pages, static, and no page needs it (progressive enhancement):
    /// - a page restored from the back/forward cache (Back, Forward) is loaded again from the
    ///   server, so it never shows an earlier state of the app as current;
    /// - a page marked live (`<main data-live>`: its session's work runs) follows its screen:
    ///   Server-Sent Events on its own URL (`WebHandlers.events`) bring the page as it is now, and
    ///   its `<main>`, breadcrumb and title are put in place, keeping the focus, the caret and
    ///   every field the user changed (text, a toggle, a choice). The new page's hidden fields (its
    ///   token, its screen's stamp) are taken, so the form still posts. `end` closes the stream
    ///   (the work ended, or the page became an earlier one: another tab moved on, and this one
    ///   stays as it was, its form refused as stale as before). A form being submitted closes the
    ///   stream first.
    static let script: StaticString = """
        "use strict";
        // scene-host: a page restored from the back/forward cache is asked for again, so it shows the app as it is now.
        addEventListener("pageshow", function (event) { if (event.persisted) { location.reload(); } });
        // A live page follows its screen's changes (Server-Sent Events on its own URL), keeping what the user typed.
        (function () {
          var main = document.querySelector("main[data-live]");
          if (!main || !window.EventSource || !window.DOMParser) { return; }
          // The page's stamp goes with it: the stream follows this state of the screen, and ends at another.
          var stamp = document.querySelector("input[name=screen]");
          var source = new EventSource(location.pathname + (location.search ? location.search + "&" : "?") + "live=" + encodeURIComponent(stamp ? stamp.value : ""));
          source.addEventListener("screen", function (event) { show(event.data); });
          source.addEventListener("end", function () { source.close(); });
          // The screen left by itself (its work routed on or back): the page goes where the app went.
          source.addEventListener("location", function (event) {
            source.close();
            if (event.data.charAt(0) === "/" && event.data.charAt(1) !== "/") { location.replace(event.data); }
          });
          addEventListener("pagehide", function () { source.close(); });
          // The user's own action leads to the next page: nothing may replace the form meanwhile.
          addEventListener("submit", function () { source.close(); }, true);
          function changed(field) {
            if (field.type === "hidden" || !field.name) { return false; }
            if (field.type === "checkbox" || field.type === "radio") { return field.checked !== field.defaultChecked; }
            if (field.tagName === "SELECT") {
              for (var i = 0; i < field.options.length; i++) {
                if (field.options[i].selected !== field.options[i].defaultSelected) { return true; }
              }
              return false;
            }
            return field.value !== field.defaultValue;
          }
          function named(root, name) {
            var fields = root.querySelectorAll("input, textarea, select");
            for (var i = 0; i < fields.length; i++) { if (fields[i].name === name && fields[i].type !== "hidden") { return fields[i]; } }
            return null;
          }
          function show(html) {
            var next = new DOMParser().parseFromString(html, "text/html");
            var fresh = next.querySelector("main");
            var current = document.querySelector("main");
            if (!fresh || !current) { return; }
            var kept = [];
            var fields = current.querySelectorAll("input, textarea, select");
            for (var i = 0; i < fields.length; i++) {
              var field = fields[i];
              if (!changed(field)) { continue; }
              kept.push({ name: field.name, checked: field.checked, value: field.value, index: field.selectedIndex });
            }
            var active = document.activeElement;
            var focus = null;
            if (active && current.contains(active)) {
              focus = { id: active.id, name: active.name, start: null, end: null, direction: null };
              try { focus.start = active.selectionStart; focus.end = active.selectionEnd; focus.direction = active.selectionDirection; } catch (e) {}
            }
            var placed = document.importNode(fresh, true);
            // A message already shown stays the node it was: its live region says it once, not at every change.
            var oldMessage = current.querySelector("#error"), newMessage = placed.querySelector("#error");
            if (oldMessage && newMessage && oldMessage.textContent === newMessage.textContent) { newMessage.replaceWith(oldMessage); }
            var wasBusy = current.getAttribute("aria-busy") === "true";
            current.replaceWith(placed);
            // Work that ended is said politely (what it shows is on the page): "Shelf: ready".
            var news = document.getElementById("live-news");
            if (news && wasBusy && placed.getAttribute("aria-busy") !== "true") { news.textContent = next.title.split(" — ")[0] + ": ready"; }
            for (var k = 0; k < kept.length; k++) {
              var target = named(placed, kept[k].name);
              if (!target) { continue; }
              if (target.type === "checkbox" || target.type === "radio") { target.checked = kept[k].checked; }
              else if (target.tagName === "SELECT") { if (kept[k].index < target.options.length) { target.selectedIndex = kept[k].index; } }
              else { target.value = kept[k].value; }
            }
            if (focus) {
              var again = (focus.id && document.getElementById(focus.id)) || (focus.name && named(placed, focus.name));
              if (again) {
                again.focus({ preventScroll: true });
                if (focus.start !== null) { try { again.setSelectionRange(focus.start, focus.end, focus.direction || "none"); } catch (e) {} }
              }
            }
            var crumbs = next.querySelector("nav[aria-label=Breadcrumb]"), shown = document.querySelector("nav[aria-label=Breadcrumb]");
            if (crumbs && shown) { shown.replaceWith(document.importNode(crumbs, true)); }
            document.title = next.title;
            if (!placed.hasAttribute("data-live")) { source.close(); }
          }
        })();

        """

    /// Where the script is served: under `/s/`, where every other path is a screen's, whose scene
    /// names cannot hold a `.`; so no screen or deep link can be this path.
    static let scriptPath = "/s/page.js"

    func render(_ page: WebPage) -> [UInt8] {
        var html = HTMLText()
        html.markup("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        html.markup("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
        html.text(page.title)
        if page.isEarlier { html.markup(" (earlier page)") }
        html.markup(" — scene-host</title>\n<style>")
        html.markup(Self.style)
        html.markup("</style>\n<script src=\"/s/page.js\" defer></script>\n</head>\n<body>\n")
        breadcrumb(page, into: &html)
        let all = page.elements.flatMap(\.flattened)
        // While work shows its progress, the page says it is busy (assistive technology waits for it).
        html.markup(all.contains { $0.kind == .progress } ? "<main aria-busy=\"true\"" : "<main")
        // Its work runs: the script follows its changes (an earlier page never changes on its own).
        html.markup(page.live && !page.isEarlier ? " data-live>\n" : ">\n")
        if page.isEarlier {
            html.markup(
                page.inModal
                    ? "<p class=\"earlier\" id=\"earlier\" role=\"status\" inert>"
                    : "<p class=\"earlier\" id=\"earlier\" role=\"status\">")
            html.markup("This is an earlier page of the app. Acting here goes back to it; <a href=\"")
            html.text(page.currentURL)
            html.markup("\">the current page</a> is further on.</p>\n")
        }
        html.markup("<form method=\"post\" action=\"")
        html.text(page.formAction)
        html.markup("\">\n<input type=\"hidden\" name=\"token\" value=\"")
        html.text(page.token)
        html.markup("\">\n<input type=\"hidden\" name=\"screen\" value=\"")
        html.number(page.stamp)
        html.markup("\">\n<input type=\"hidden\" name=\"title\" value=\"")
        html.text(page.title)
        html.markup("\">\n")
        // The focus: a field with a problem, else the scene's alert, else the host's error, else (in
        // a modal) its first field, else the dialog itself.
        let inputs = all.filter { [.field, .area, .secret].contains($0.kind) }
        let errorFocused =
            page.error.map { !$0.hasPrefix("notice: ") } == true && !inputs.contains { !$0.problem.isEmpty }
            && !all.contains { $0.kind == .alert }
        let focused =
            inputs.first { !$0.problem.isEmpty }?.id ?? all.first { $0.kind == .alert }?.id
            ?? (page.inModal && !errorFocused ? inputs.first?.id : nil)
        if page.inModal {
            html.markup(
                "<section class=\"modal\" role=\"dialog\" aria-modal=\"true\" aria-labelledby=\"title\" tabindex=\"-1\" id=\"dialog\""
            )
            if focused == nil && !errorFocused { html.markup(" autofocus") }
            html.markup(">\n")
        }
        html.markup("<h1 id=\"title\"><bdi>")
        html.text(page.title)
        html.markup("</bdi></h1>\n")
        if let message = page.error {
            self.message(message, offered: page.offered, focused: errorFocused, into: &html)
        }
        if all.contains(where: { $0.kind == .choice && $0.id.hasPrefix("@tabs") }) {
            // Enter in a field submits the form with its first button, which would be the first tab:
            // this one, first and never shown, only applies what was typed (`WebAction`'s `apply`).
            html.markup("<button type=\"submit\" name=\"action\" value=\"apply\" hidden></button>\n")
        }
        write(page.elements, focused: focused, into: &html)
        wayBack(page.wayBack, into: &html)
        if page.inModal { html.markup("</section>\n") }
        html.markup("</form>\n</main>\n")
        // Where a live page's script says that its work ended (read out politely; not shown).
        if page.live && !page.isEarlier {
            html.markup("<p class=\"live-news\" id=\"live-news\" role=\"status\"></p>\n")
        }
        html.markup("</body>\n</html>\n")
        return html.bytes
    }

    /// A message of the host: an error is announced at once (`alert`), a notice politely (`status`).
    /// What a refused form held follows it, to copy.
    /// `focused`: the error takes the focus (nothing on the page needs it more).
    private func message(_ message: String, offered: [WebPage.Offered], focused: Bool, into html: inout HTMLText) {
        let isNotice = message.hasPrefix("notice: ")
        html.markup(
            isNotice
                ? "<div class=\"notice\" role=\"status\" id=\"error\"><p>"
                : focused
                    ? "<div class=\"error\" role=\"alert\" id=\"error\" tabindex=\"-1\" autofocus><p>"
                    : "<div class=\"error\" role=\"alert\" id=\"error\"><p>")
        html.text(Self.plain(message))
        html.markup("</p>")
        if !offered.isEmpty {
            html.markup("<ul class=\"offered\" id=\"offered\" aria-label=\"What you typed\">")
            for text in offered {
                html.markup("<li><bdi>")
                html.text(text.label)
                html.markup("</bdi>: <output dir=\"auto\">")
                html.text(text.text)
                html.markup("</output></li>")
            }
            html.markup("</ul>")
        }
        html.markup("</div>\n")
    }

    /// A message without the "error: " or "notice: " its kind is shown by instead.
    static func plain(_ message: String) -> String {
        for prefix in ["error: ", "notice: "] where message.hasPrefix(prefix) {
            return String(message.dropFirst(prefix.count))
        }
        return message
    }

    /// The page of a refused request: what happened, in plain words, and the way back into the app.
    func renderRefusal(_ message: String, status: Int = 400) -> [UInt8] {
        var html = HTMLText(capacity: 1024)
        let heading: StaticString =
            switch status {
            case 404: "Page not found"
            case 409: "Changed in the meantime"
            case 413: "Too much text"
            case 421: "Wrong address"
            case 429: "Too many new sessions"
            case 500: "Something went wrong"
            case 503: "Try again in a moment"
            default: "Refused"
            }
        html.markup("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        html.markup("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
        html.markup(heading)
        html.markup(" — scene-host</title>\n<style>")
        html.markup(Self.style)
        html.markup("</style>\n</head>\n<body>\n<main>\n<h1>")
        html.markup(heading)
        html.markup(
            message.hasPrefix("notice: ")
                ? "</h1>\n<div class=\"notice\" role=\"status\"><p>" : "</h1>\n<div class=\"error\" role=\"alert\"><p>")
        html.text(Self.plain(message))
        html.markup("</p></div>\n<p><a href=\"/\">Back to the app</a></p>\n</main>\n</body>\n</html>\n")
        return html.bytes
    }

    private func breadcrumb(_ page: WebPage, into html: inout HTMLText) {
        html.markup(page.inModal ? "<nav aria-label=\"Breadcrumb\" inert><ol>" : "<nav aria-label=\"Breadcrumb\"><ol>")
        for crumb in page.breadcrumb {
            if crumb.isCurrent || crumb.url.isEmpty {
                html.markup(crumb.isCurrent ? "<li aria-current=\"page\"><bdi>" : "<li><bdi>")
                html.text(crumb.name)
                html.markup("</bdi>")
            } else {
                html.markup("<li><a href=\"")
                html.text(crumb.url)
                html.markup("\"><bdi>")
                html.text(crumb.name)
                html.markup("</bdi></a>")
            }
            if crumb.isModal { html.markup(" <small>(dialog)</small>") }
            html.markup("</li>")
        }
        html.markup("</ol></nav>\n")
    }

    /// `elements` in order, each run of a container's panes (sections `@NAME`, side by side) in one wrapper.
    private func write(_ elements: [WebPage.Element], focused: String?, into html: inout HTMLText) {
        var inPanes = false
        for element in elements {
            let isPane = element.kind == .section && element.id.hasPrefix("@")
            if isPane != inPanes {
                html.markup(isPane ? "<div class=\"panes\">\n" : "</div>\n")
                inPanes = isPane
            }
            write(element, focused: focused, into: &html)
        }
        if inPanes { html.markup("</div>\n") }
    }

    /// A container's tab bar (`@tabs`): a navigation landmark named by the container's title, each
    /// tab a button posting `choose:ID:INDEX`, the tab shown `aria-current="page"`.
    private func tabBar(_ element: WebPage.Element, into html: inout HTMLText) {
        html.markup("<nav class=\"tabs\" id=\"")
        html.text(element.id)
        html.markup("\" aria-label=\"")
        html.text(element.fieldLabel.isEmpty || element.fieldLabel == element.id ? "Tabs" : element.fieldLabel)
        html.markup("\"><ul>")
        for (index, option) in element.options.enumerated() {
            html.markup("<li><button type=\"submit\" id=\"tab-")
            html.text(element.id)
            html.markup("-")
            html.number(index)
            html.markup("\" name=\"action\" value=\"choose:")
            html.text(element.id)
            html.markup(":")
            html.number(index)
            html.markup(index == element.selected ? "\" aria-current=\"page\"><bdi>" : "\"><bdi>")
            html.text(option)
            html.markup("</bdi></button></li>")
        }
        html.markup("</ul></nav>\n")
    }

    private func write(_ element: WebPage.Element, focused: String?, into html: inout HTMLText) {
        switch element.kind {
        case .label:
            html.markup("<p dir=\"auto\" id=\"")
            html.text(element.id)
            html.markup("\">")
            html.text(element.text)
            html.markup("</p>\n")
        case .alert:
            // Announced as it appears, and focused when no field's problem is (`focused`): the user
            // is told at once, and the keyboard starts from it.
            html.markup("<p class=\"alert\" role=\"alert\" tabindex=\"-1\" dir=\"auto\" id=\"")
            html.text(element.id)
            html.markup(element.id == focused ? "\" autofocus>" : "\">")
            html.text(element.text)
            html.markup("</p>\n")
        case .field, .area, .secret:
            input(element, focused: element.id == focused, into: &html)
        case .toggle:
            // Unchecked boxes send nothing, so the form says which toggles it showed (`WebAction`).
            html.markup("<input type=\"hidden\" name=\"shown.toggle\" value=\"")
            html.text(element.id)
            html.markup("\"><label class=\"toggle\"><input type=\"checkbox\" id=\"toggle-")
            html.text(element.id)
            html.markup("\" name=\"toggle.")
            html.text(element.id)
            html.markup(element.isOn ? "\" checked><bdi>" : "\"><bdi>")
            html.text(element.text)
            html.markup("</bdi></label>\n")
        case .choice where element.id.hasPrefix("@tabs"):
            tabBar(element, into: &html)
        case .choice:
            html.markup("<label for=\"choice-")
            html.text(element.id)
            html.markup("\"><bdi>")
            html.text(element.fieldLabel)
            html.markup("</bdi></label><select id=\"choice-")
            html.text(element.id)
            html.markup("\" name=\"choice.")
            html.text(element.id)
            html.markup("\">")
            if element.selected == nil { html.markup("<option value=\"\" selected>Choose…</option>") }
            for (index, option) in element.options.enumerated() {
                html.markup("<option value=\"")
                html.number(index)
                html.markup(index == element.selected ? "\" selected>" : "\">")
                html.text(option)
                html.markup("</option>")
            }
            html.markup("</select>\n")
        case .button:
            html.markup("<button type=\"submit\" id=\"button-")
            html.text(element.id)
            html.markup("\" name=\"action\" value=\"")
            html.text(element.action)
            html.markup("\"><bdi>")
            html.text(element.text)
            html.markup("</bdi></button>\n")
        case .list:
            html.markup("<ul class=\"rows\" id=\"")
            html.text(element.id)
            html.markup("\" aria-label=\"")
            html.text(element.id)
            html.markup("\">")
            for row in element.rows {
                html.markup("<li><button type=\"submit\" name=\"action\" value=\"")
                html.text(row.action)
                html.markup("\"><bdi>")
                html.text(row.text)
                html.markup("</bdi>")
                if !row.detail.isEmpty {
                    html.markup("<small dir=\"auto\">")
                    html.text(row.detail)
                    html.markup("</small>")
                }
                html.markup("</button></li>")
            }
            html.markup("</ul>\n")
        case .progress:
            html.markup("<label for=\"progress-")
            html.text(element.id)
            html.markup("\"><bdi>")
            html.text(element.text)
            html.markup("</bdi></label><progress id=\"progress-")
            html.text(element.id)
            // A progressbar is named by aria-label (a <label> does not name it for assistive technology).
            html.markup("\" aria-label=\"")
            html.text(element.text.isEmpty ? element.id : element.text)
            html.markup("\" role=\"progressbar\" aria-busy=\"true\"")
            if let value = element.value {
                // A whole percentage: the page never prints a float's digits.
                let percent = Int((value * 100).rounded(.down))
                html.markup(" max=\"100\" value=\"")
                html.number(percent)
                html.markup("\" aria-valuemin=\"0\" aria-valuemax=\"100\" aria-valuenow=\"")
                html.number(percent)
                html.markup("\"")
            }
            html.markup("></progress>\n")
        case .section:
            html.markup(
                element.id.hasPrefix("@")
                    ? "<section class=\"pane\" id=\"section-" : "<section class=\"group\" id=\"section-")
            html.text(element.id)
            html.markup("\" aria-labelledby=\"heading-")
            html.text(element.id)
            html.markup("\"><h2 id=\"heading-")
            html.text(element.id)
            html.markup("\"><bdi>")
            html.text(element.text)
            html.markup("</bdi></h2>\n")
            write(element.children, focused: focused, into: &html)
            html.markup("</section>\n")
        }
    }

    /// A text field (`field.ID`), a text area (`area.ID`) or a secure field (`secret.ID`, never
    /// filled in: the page does not have the secret), with its label and its problem.
    private func input(_ element: WebPage.Element, focused: Bool, into html: inout HTMLText) {
        let prefix: StaticString =
            switch element.kind {
            case .area: "area"
            case .secret: "secret"
            case .label, .alert, .field, .toggle, .choice, .button, .list, .progress, .section: "field"
            }
        html.markup("<label for=\"")
        html.markup(prefix)
        html.markup("-")
        html.text(element.id)
        html.markup("\"><bdi>")
        html.text(element.fieldLabel)
        html.markup("</bdi></label>")
        switch element.kind {
        case .area: html.markup("<textarea dir=\"auto\" rows=\"4\" id=\"area-")
        case .secret: html.markup("<input type=\"password\" autocomplete=\"off\" id=\"secret-")
        case .label, .alert, .field, .toggle, .choice, .button, .list, .progress, .section:
            html.markup("<input type=\"text\" dir=\"auto\" id=\"field-")
        }
        html.text(element.id)
        html.markup("\" name=\"")
        html.markup(prefix)
        html.markup(".")
        html.text(element.id)
        html.markup("\"")
        if element.kind == .field {
            html.markup(" value=\"")
            html.text(element.text)
            html.markup("\" placeholder=\"")
            html.text(element.placeholder)
            html.markup("\"")
        }
        if element.kind == .secret {
            html.markup(element.isOn ? " placeholder=\"(entered; type again to change)\"" : "")
        }
        // The server's own limits (`WebForm`): what a browser lets a user type, the server takes.
        html.markup(" maxlength=\"")
        html.number(element.kind == .area ? WebForm.maximumAreaLength : WebForm.maximumFieldLength)
        html.markup("\"")
        if !element.problem.isEmpty {
            html.markup(" aria-invalid=\"true\" aria-describedby=\"problem-")
            html.text(element.id)
            html.markup("\"")
        }
        if focused { html.markup(" autofocus") }
        html.markup(">")
        if element.kind == .area {
            // A line break right after the tag is dropped by HTML parsers: this one, never the text's.
            html.markup("\n")
            html.text(element.text)
            html.markup("</textarea>")
        }
        html.markup("<input type=\"hidden\" name=\"label.")
        html.text(element.id)
        html.markup("\" value=\"")
        html.text(element.fieldLabel)
        html.markup("\">\n")
        if !element.problem.isEmpty {
            html.markup("<p class=\"problem\" role=\"alert\" id=\"problem-")
            html.text(element.id)
            html.markup("\">")
            html.text(element.problem)
            html.markup("</p>\n")
        }
    }

    private func wayBack(_ wayBack: WebPage.WayBack, into html: inout HTMLText) {
        switch wayBack {
        case .none:
            return
        case .dismiss:
            html.markup(
                "<p><button type=\"submit\" id=\"dismiss\" name=\"action\" value=\"dismiss\">Dismiss</button></p>\n")
        case .back(let targets):
            html.markup("<p><button type=\"submit\" id=\"back\" name=\"action\" value=\"back\">Back</button>")
            for target in targets {
                html.markup("<button type=\"submit\" name=\"action\" value=\"back:")
                html.text(target.scene)
                html.markup("\">Back to <bdi>")
                html.text(target.title)
                html.markup("</bdi></button>")
            }
            html.markup("</p>\n")
        }
    }
}
