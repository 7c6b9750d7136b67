extension CInterface {
    /// The widest line of the header's declarations; a longer one is wrapped after a parameter.
    static let lineLength = 120
    static let indent = "    "

    /// The header C plugins are built with, Sources/CSceneHost/include/scene_host.h: written from
    /// this table, byte for byte the committed file (a test compares them).
    package static var header: String {
        var lines = comment(contract, indent: "", style: .block)
        lines += [
            "#ifndef SCENE_HOST_H", "#define SCENE_HOST_H", "", "#include <stdint.h>", "", "#ifdef __cplusplus",
            "extern \"C\" {", "#endif", "",
        ]
        for constant in constants {
            lines += comment(constant.doc, indent: "") + ["#define \(constant.name) \(constant.value)"]
        }
        lines.append("")
        for handle in handles {
            lines += comment(handle.doc, indent: "") + ["typedef struct \(handle.name) \(handle.name);"]
        }
        lines.append("")
        lines += comment(apiDoc, indent: "") + ["typedef struct \(api) {"]
        lines += apiFields.flatMap(member)
        for group in CFunctionGroup.allCases {
            lines += ["", indent + "/* \(group.heading) */", ""]
            lines += functions.filter { $0.group == group }.flatMap { member($0.field) }
        }
        lines += ["} \(api);", ""]
        lines += comment(handshakeDoc, indent: "") + ["typedef struct \(handshake) {"]
        lines += handshakeFields.flatMap(member)
        lines += ["} \(handshake);", "", "#ifdef __cplusplus", "}", "#endif", "", "#endif"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A struct's member with its comment, wrapped to `lineLength`.
    static func member(_ field: CField) -> [String] {
        let declaration: [String]
        switch field.kind {
        case .value(let type):
            declaration = [indent + CParameter(type, field.name).declaration + ";"]
        case .function(let returns, let parameters):
            let start = indent + CField.pointerPrefix(returns) + field.name + ")("
            declaration = wrapped(start, parameters.map(\.declaration), end: ");")
        }
        return comment(field.doc, indent: indent) + declaration
    }

    /// `start` followed by `items` separated by ", " and then `end`, on as few lines as fit in
    /// `lineLength`; the lines after the first aligned under the first item.
    static func wrapped(_ start: String, _ items: [String], end: String) -> [String] {
        let continuation = String(repeating: " ", count: start.count)
        var lines: [String] = []
        var line = start
        for (index, item) in items.enumerated() {
            let piece = item + (index == items.count - 1 ? end : ",")
            if line == start || line == continuation {
                line += piece
            } else if line.count + 1 + piece.count <= lineLength {
                line += " " + piece
            } else {
                lines.append(line)
                line = continuation + piece
            }
        }
        if items.isEmpty { line += end }
        return lines + [line]
    }

    enum CommentStyle {
        /// `/* first` and `   next */`: a member's or a macro's comment.
        case aligned
        /// `/* first`, ` * next`, ` */`: the header's opening comment.
        case block
    }

    /// `lines` as a C comment indented by `indent`; nothing for no lines.
    static func comment(_ lines: [String], indent: String, style: CommentStyle = .aligned) -> [String] {
        guard let first = lines.first else { return [] }
        switch style {
        case .aligned:
            let rest = lines.dropFirst().map { indent + "   " + $0 }
            return ([indent + "/* " + first] + rest).enumerated().map {
                $0.offset == lines.count - 1 ? $0.element + " */" : $0.element
            }
        case .block:
            let rest = lines.dropFirst().map { indent + ($0.isEmpty ? " *" : " * " + $0) }
            return [indent + "/* " + first] + rest + [indent + " */"]
        }
    }
}
