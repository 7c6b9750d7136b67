import Mustache
import SceneHost

/// The HTML of a page, from a `WebPage` through a Mustache template.
///
/// Every `{{value}}` is HTML-escaped by the engine; the template has no triple braces, so no
/// text from a scene, a config or a user is ever inserted unescaped. No JavaScript: each
/// button is a form post.
struct PageTemplate: Sendable {
    private let template: MustacheTemplate
    private let refused: MustacheTemplate

    init() throws {
        template = try MustacheTemplate(string: Self.page)
        refused = try MustacheTemplate(string: Self.refusedPage)
    }

    func render(_ page: WebPage) -> String {
        template.render(page)
    }

    func renderRefusal(_ message: String) -> String {
        refused.render(["message": message])
    }

    static let style = """
        body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
        nav ol{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.25rem}
        nav li+li::before{content:"›";margin-right:.25rem;color:#555}
        .modal{border:2px solid #333;border-radius:.5rem;padding:1rem;box-shadow:0 0 0 100vmax rgba(0,0,0,.08)}
        .error{background:#fde8e8;border-left:4px solid #b00;padding:.5rem}
        label{display:block;font-weight:600;margin-top:.5rem}
        input[type=text]{width:100%;padding:.4rem;font-size:1rem}
        ul.rows{list-style:none;padding:0} ul.rows button{width:100%;text-align:left}
        button{font-size:1rem;padding:.4rem .8rem;margin:.25rem .25rem .25rem 0}
        """

    static let page = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{title}} — scene-host</title>
        <style>\(style)</style>
        </head>
        <body>
        <nav aria-label="Breadcrumb"><ol>{{#breadcrumb}}<li{{#isCurrent}} aria-current="page"{{/isCurrent}}>{{name}}{{#isModal}} <small>(modal)</small>{{/isModal}}</li>{{/breadcrumb}}</ol></nav>
        <main>
        <form method="post" action="/act">
        <input type="hidden" name="token" value="{{token}}">
        <input type="hidden" name="screen" value="{{version}}">
        {{#inModal}}<section class="modal" role="dialog" aria-modal="true" aria-labelledby="title" aria-describedby="underneath">
        <p id="underneath"><small>Presented over: {{underneath}}</small></p>{{/inModal}}
        <h1 id="title">{{title}}</h1>
        {{#error}}<p class="error" role="alert" id="error">{{error}}</p>{{/error}}
        {{#elements}}
        {{#isLabel}}<p id="{{id}}">{{text}}</p>{{/isLabel}}
        {{#isField}}<label for="field-{{id}}">{{fieldLabel}}</label><input type="text" id="field-{{id}}" name="field.{{id}}" value="{{text}}" placeholder="{{placeholder}}" maxlength="4096">{{/isField}}
        {{#isButton}}<button type="submit" id="button-{{id}}" name="action" value="{{action}}">{{text}}</button>{{/isButton}}
        {{#isList}}<ul class="rows" id="{{id}}" aria-label="{{id}}">{{#rows}}<li><button type="submit" name="action" value="{{action}}">{{text}}</button></li>{{/rows}}</ul>{{/isList}}
        {{/elements}}
        {{#inModal}}</section>{{/inModal}}
        <p>{{#canGoBack}}<button type="submit" id="back" name="action" value="back">Back</button>{{/canGoBack}}{{#backTargets}}<button type="submit" name="action" value="{{action}}">Back to {{scene}}</button>{{/backTargets}}{{#inModal}}<button type="submit" id="dismiss" name="action" value="dismiss">Dismiss</button>{{/inModal}}</p>
        </form>
        </main>
        </body>
        </html>

        """

    static let refusedPage = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Refused — scene-host</title></head>
        <body><h1>Refused</h1><p role="alert">{{message}}</p><p><a href="/">Back to the app</a></p></body></html>

        """
}
