import Foundation

/// Fills a template: every `{{KEY}}` becomes the value for KEY.
///
/// Templates are Swift string literals in `Scaffold/Templates`; values are names already checked
/// by `SwiftIdentifier` or paths escaped for a Swift string literal by the caller.
enum TemplateRenderer {
    package static func render(_ template: String, _ values: [String: String]) -> String {
        var text = template
        for (key, value) in values {
            text = text.replacingOccurrences(of: "{{\(key)}}", with: value)
        }
        return text
    }
}
