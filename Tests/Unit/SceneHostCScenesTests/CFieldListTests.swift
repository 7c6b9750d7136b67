@_spi(SceneHost) import SceneSDK
import Testing
@testable import SceneHostCInterface

/// The C interface as data (Sources/SceneHostCInterface): the field types a C scene can pass, the
/// field lists it declares its contracts with, and the roles the host calls.
@Suite("CFieldType, CFieldList and CRole")
struct CFieldListTests {
    // MARK: CFieldType

    @Test(
        "each field type: its schema, the C type a role receives it as, and its payload setter",
        arguments: [
            (CFieldType.string, PayloadSchema.string, "string", "payload_set_string"),
            (.int, .int, "int64", "payload_set_int"),
            (.double, .double, "double", "payload_set_double"),
            (.bool, .bool, "bool", "payload_set_bool"),
            (.optionalString, .optional(.string), "string", "payload_set_string"),
        ])
    func fieldType(type: CFieldType, schema: PayloadSchema, signatureType: String, setter: String) {
        #expect(type.schema == schema)
        #expect(type.signatureType == signatureType)
        #expect(type.setter == setter)
        #expect(CFieldType(schema) == type)
        #expect(CFieldType.signatureType(of: schema) == signatureType)
    }

    @Test(
        "a schema a C scene cannot take has no field type",
        arguments: [
            PayloadSchema.optional(.int), .array(.string), .object(type: "Inner", fields: []), .opaque(type: "Date"),
        ])
    func noFieldType(schema: PayloadSchema) {
        #expect(CFieldType(schema) == nil)
        #expect(CFieldType.signatureType(of: schema) == nil)
    }

    // MARK: CFieldList.parse

    @Test("the empty list, or spaces alone, is no field")
    func empty() throws {
        #expect(try CFieldList.parse("").isEmpty)
        #expect(try CFieldList.parse("   ").isEmpty)
    }

    @Test("every type, in order, with or without spaces")
    func parses() throws {
        let fields = try CFieldList.parse(
            "name: String, count: Int,price:Double ,  paid : Bool, note: String?, _x1: Int")
        #expect(
            fields == [
                PayloadSchema.Field(name: "name", schema: .string), PayloadSchema.Field(name: "count", schema: .int),
                PayloadSchema.Field(name: "price", schema: .double), PayloadSchema.Field(name: "paid", schema: .bool),
                PayloadSchema.Field(name: "note", schema: .optional(.string)),
                PayloadSchema.Field(name: "_x1", schema: .int),
            ])
    }

    static let types = "String, Int, Double, Bool, String?"

    @Test(
        "refuses with the 1-based column of what is wrong and the exact reason",
        arguments: [
            ("message String", 1, "'message String' is not NAME: TYPE"),
            ("a: Int, b Int", 9, "'b Int' is not NAME: TYPE"),
            ("a: Int,", 8, "'' is not NAME: TYPE"),
            ("a: Int,,b: Int", 8, "'' is not NAME: TYPE"),
            ("1a: Int", 1, "'1a' is not a field name (a letter or _, then letters, digits or _)"),
            ("a: Int,  my-name: Int", 10, "'my-name' is not a field name (a letter or _, then letters, digits or _)"),
            ("é: Int", 1, "'é' is not a field name (a letter or _, then letters, digits or _)"),
            (": Int", 1, "'' is not a field name (a letter or _, then letters, digits or _)"),
            ("a: Int, a: String", 9, "the field 'a' is named twice"),
            ("name: Strin", 7, "'Strin' is not a type a C scene can pass (\(types))"),
            ("a: Int, b:  [Int]", 13, "'[Int]' is not a type a C scene can pass (\(types))"),
            ("a: b: Int", 4, "'b: Int' is not a type a C scene can pass (\(types))"),
            ("count: Int?", 8, "'Int?' is not a type a C scene can pass (\(types))"),
            ("note:", 6, "'' is not a type a C scene can pass (\(types))"),
        ])
    func refuses(text: String, column: Int, reason: String) {
        #expect(throws: CFieldList.Problem(column: column, reason: reason)) { try CFieldList.parse(text) }
    }

    @Test("a C identifier: ASCII letters, digits and _, not first a digit, at most 128 bytes")
    func identifiers() {
        #expect(CFieldList.isCIdentifier("Detail"))
        #expect(CFieldList.isCIdentifier("_private9"))
        #expect(CFieldList.isCIdentifier(String(repeating: "a", count: 128)))
        #expect(!CFieldList.isCIdentifier(String(repeating: "a", count: 129)))
        #expect(!CFieldList.isCIdentifier(""))
        #expect(!CFieldList.isCIdentifier("9lives"))
        #expect(!CFieldList.isCIdentifier("Détail"))
        #expect(!CFieldList.isCIdentifier("Order Input"))
    }

    // MARK: CRole

    @Test("the catalogue: every role a scene may have, in the interface's order, with its signature and requirement")
    func catalogue() {
        let roles = CRole.catalogue.map { "\($0.name) \($0.fullSignature) \($0.requirement.rawValue)" }
        #expect(
            roles == [
                "Interactor_create pointer(pointer) always",
                "Interactor_destroy void(pointer) always",
                "DataStore_acceptInput void(pointer) with an input",
                "DataStore_acceptResult void(pointer) with an accepted result",
                "Router_produceResult int32(pointer, pointer) with a returned result",
                "ViewController_viewDidLoad void(pointer) optional",
                "ViewController_viewWillAppear void(pointer) optional",
                "ViewController_render void(pointer, pointer) always",
                "ViewController_handleEdit void(pointer, string, string) optional",
                "ViewController_handleTap void(pointer, string) optional",
                "ViewController_handleSelect void(pointer, string, int64) optional",
                "ViewController_handleSet void(pointer, string, bool) optional",
                "ViewController_handleChoose void(pointer, string, int64) optional",
            ])
        #expect(Set(CRole.catalogue.map(\.name)).count == CRole.catalogue.count, "role names are unique")
    }

    @Test("a role's function is <Scene><Role>")
    func symbol() throws {
        let render = try #require(CRole.catalogue.first { $0.name == "ViewController_render" })
        #expect(render.symbol(scene: "Detail") == "DetailViewController_render")
    }

    @Test("the handler of segues toward a destination")
    func routeHandler() {
        let role = CRole.routeHandler(toward: "Home")
        #expect(role.name == "Router_routeToHomeWithSegue")
        #expect(role.fullSignature == "void(pointer, string)")
        #expect(role.requirement == .optional)
        #expect(role.symbol(scene: "Detail") == "DetailRouter_routeToHomeWithSegue")
    }

    @Test("an input's or a result's fields follow the store, one parameter each, as the role receives them")
    func withFields() throws {
        let accept = try #require(CRole.catalogue.first { $0.name == "DataStore_acceptInput" })
        let fields = try CFieldList.parse("message: String, count: Int, price: Double, paid: Bool, note: String?")
        let role = accept.withFields(fields)
        #expect(role.fullSignature == "void(pointer, string, int64, double, bool, string)")
        #expect(role.parameters.map(\.name) == ["store", "message", "count", "price", "paid", "note"])
        #expect(role.name == accept.name && role.requirement == accept.requirement)
    }

    @Test("each kind of event has its handler role")
    func eventRoles() {
        #expect(
            UserEvent.everyKind.map { UserEvent.cRole(for: $0).name } == [
                "ViewController_handleEdit", "ViewController_handleTap", "ViewController_handleSelect",
                "ViewController_handleSet", "ViewController_handleChoose",
            ])
        #expect(UserEvent.cRole(for: .tap(button: "done")).name == "ViewController_handleTap")
        #expect(
            UserEvent.cRole(for: .select(list: "l", row: 3)).parameters.map(\.type) == ["pointer", "string", "int64"])
    }
}
