import Foundation
import Testing
import SceneHostCInterface
import SceneSDK

/// The JSON description of the C interface: it parses, and it describes what the header declares.
@Suite("C interface: the JSON description")
struct CDescriptionTests {
    static func description() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(CInterface.descriptionJSON.utf8))
        return try #require(object as? [String: Any])
    }

    static func list(_ key: String) throws -> [[String: Any]] {
        try #require(try description()[key] as? [[String: Any]], "\(key)")
    }

    static func names(_ key: String, field: String = "name") throws -> [String] {
        try list(key).compactMap { $0[field] as? String }
    }

    /// The function members of `scene_host_api`, read from the committed header's text.
    static func headerFunctions() throws -> [String] {
        let header = try CHeaderTests.committed()
        let start = try #require(header.range(of: "typedef struct scene_host_api {")).upperBound
        let end = try #require(header.range(of: "} scene_host_api;")).lowerBound
        return header[start..<end].matches(of: /\(\*(\w+)\)\(/).map { String($0.1) }
    }

    @Test("it is JSON with the keys in their order, indented by two spaces, ending in a newline")
    func shape() throws {
        let text = CInterface.descriptionJSON
        #expect(text.hasPrefix("{\n  \"interface\": \"scene-host C scenes\",\n  \"version\": 1,\n"))
        #expect(text.hasSuffix("\n}\n"))
        let keys = text.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map {
            String($0.dropFirst(3).prefix { $0 != "\"" })
        }
        #expect(
            keys == [
                "interface", "version", "magic", "header", "handshake", "api", "constants", "handles", "groups",
                "functions", "roles", "elements", "events", "fieldTypes", "unsupportedSchemas",
            ])
        let description = try Self.description()
        #expect(description["version"] as? Int == Int(CInterface.version))
        #expect(description["magic"] as? Int == 0x434E_4353)
        #expect(CInterface.descriptionJSON == text, "the same text every time")
    }

    @Test("it names every function of scene_host_api the committed header declares, in order, with its parameters")
    func functions() throws {
        let header = try Self.headerFunctions()
        #expect(header.count == 28, "\(header)")
        #expect(try Self.names("functions") == header)
        for function in try Self.list("functions") {
            let name = function["name"] as? String ?? ""
            let parameters = try #require(function["parameters"] as? [[String: String]], "\(name)")
            #expect(!parameters.isEmpty && parameters.allSatisfy { $0["name"] != nil && $0["type"] != nil }, "\(name)")
            #expect(
                ["registration", "screens", "payloads", "navigation", "errors"].contains(function["group"] as? String),
                "\(name)")
            #expect((function["summary"] as? String)?.isEmpty == false, "\(name)")
        }
    }

    @Test("it names the handshake, its symbol and its fields")
    func handshake() throws {
        let handshake = try #require(try Self.description()["handshake"] as? [String: Any])
        #expect(handshake["symbol"] as? String == "scene_host_plugin")
        let fields = try #require(handshake["fields"] as? [[String: String]])
        #expect(fields.map { $0["name"] } == ["magic", "interface_version", "name", "version", "register_scenes"])
        #expect(
            fields.last?["type"]
                == "int32_t (*)(const scene_host_api *api, scene_host_registration *registration)")
        #expect(
            try Self.names("constants") == [
                "SCENE_HOST_C_MAGIC", "SCENE_HOST_C_INTERFACE_VERSION", "SCENE_HOST_MAXIMUM_TEXT", "SCENE_HOST_OK",
                "SCENE_HOST_REFUSED", "SCENE_HOST_EXPORT",
            ])
        #expect(
            try Self.names("handles") == [
                "scene_host_registration", "scene_host_scene", "scene_host_screen", "scene_host_payload",
            ])
    }

    @Test("it names every role of the catalogue, with its parameters, and the route handler's pattern")
    func roles() throws {
        let roles = try Self.list("roles")
        let names = roles.compactMap { $0["name"] as? String }
        #expect(names == CRole.catalogue.map(\.name) + ["Router_routeTo<Destination>WithSegue"])
        for (role, described) in zip(CRole.catalogue, roles) {
            #expect(described["symbolPattern"] as? String == "<Scene>" + role.name)
            #expect(described["returns"] as? String == role.returns)
            #expect(described["requirement"] as? String == role.requirement.rawValue)
            let parameters = try #require(described["parameters"] as? [[String: String]])
            #expect(parameters.map { $0["name"] } == role.parameters.map(\.name), "\(role.name)")
            #expect(parameters.map { $0["type"] } == role.parameters.map(\.type), "\(role.name)")
        }
        let takingFields = roles.filter { $0["fieldsFollow"] as? Bool == true }.compactMap { $0["name"] as? String }
        #expect(takingFields == ["DataStore_acceptInput", "DataStore_acceptResult"])
    }

    @Test("it names every kind of screen element, event and field type, and what C cannot carry")
    func kinds() throws {
        #expect(
            try Self.names("elements", field: "kind") == [
                "label", "alert", "textField", "textArea", "secureField", "toggle", "choice", "button", "list",
                "progress", "section",
            ])
        #expect(try Self.names("elements", field: "kind") == CElementKind.allCases.map(\.rawValue))
        let functions = Set(try Self.names("functions"))
        for element in try Self.list("elements") {
            #expect(functions.contains(element["function"] as? String ?? ""), "\(element)")
        }
        let section = try #require(try Self.list("elements").last)
        #expect(section["function"] as? String == "begin_section" && section["endFunction"] as? String == "end_section")
        #expect(try Self.list("elements").first?["endFunction"] is NSNull)
        #expect(try Self.names("events", field: "kind") == ["edit", "tap", "select", "set", "choose"])
        #expect(
            try Self.names("events", field: "role") == UserEvent.everyKind.map { UserEvent.cRole(for: $0).name },
            "each event's role is the one the runtime calls")
        #expect(try Self.names("fieldTypes") == ["String", "Int", "Double", "Bool", "String?"])
        #expect(
            try Self.names("fieldTypes", field: "cType") == [
                "const char *", "int64_t", "double", "bool", "const char *",
            ])
        #expect(try Self.names("unsupportedSchemas", field: "schema") == ["optional", "array", "object", "opaque"])
    }

    @Test(
        "strings are escaped as JSON: quotes, backslashes and control characters",
        arguments: [
            ("plain", "\"plain\""), ("a \"b\" c", "\"a \\\"b\\\" c\""), ("back\\slash", "\"back\\\\slash\""),
            ("line\nnext\ttab\r", "\"line\\nnext\\ttab\\r\""), ("\u{01}\u{1F}", "\"\\u0001\\u001F\""),
            ("é ✓", "\"é ✓\""),
        ])
    func escaping(text: String, quoted: String) throws {
        #expect(JSONText.quoted(text) == quoted)
        let parsed = try JSONSerialization.jsonObject(with: Data(quoted.utf8), options: .fragmentsAllowed)
        #expect(parsed as? String == text)
    }

    @Test("the export macro's quotes survive the description")
    func exportMacro() throws {
        let export = try Self.list("constants").first { $0["name"] as? String == "SCENE_HOST_EXPORT" }
        #expect(export?["value"] as? String == "__attribute__((visibility(\"default\")))")
    }
}
