@_spi(SceneHost) import SceneSDK
import Testing
import SceneHostCInterface
@testable import SceneHostCScenes
import SceneHostNative

/// How a declared role's signature is held against the interface's (`CRoleBinding.mismatch`), and
/// which roles a scene may declare (`CRoleBinding.expectedRoles`).
@Suite("CRoleBinding")
@MainActor
struct CRoleBindingTests {
    static func role(_ name: String) -> CRole {
        CRole.catalogue.first { $0.name == name }!
    }

    static func mismatch(_ signature: String, _ role: CRole) throws -> String? {
        CRoleBinding.mismatch(try NativeSignature(parsing: signature), with: role)
    }

    @Test(
        "a signature taking the first N parameters of the role, with their types and its return type, fits",
        arguments: [
            ("void(pointer, string)", "ViewController_handleTap"),
            ("void(pointer)", "ViewController_handleTap"),
            ("void()", "ViewController_handleTap"),
            ("pointer(pointer)", "Interactor_create"),
            ("pointer()", "Interactor_create"),
            ("int32(pointer, pointer)", "Router_produceResult"),
            ("void(pointer, string, int64)", "ViewController_handleSelect"),
            ("void(pointer, string, bool)", "ViewController_handleSet"),
        ])
    func fits(signature: String, role: String) throws {
        #expect(try Self.mismatch(signature, Self.role(role)) == nil)
    }

    @Test(
        "a signature that does not fit says how",
        arguments: [
            ("int32(pointer)", "Interactor_create", "it returns int32, the role returns pointer"),
            ("void(pointer)", "Interactor_create", "it returns void, the role returns pointer"),
            ("pointer(pointer, pointer)", "ViewController_render", "it returns pointer, the role returns void"),
            (
                "void(pointer, pointer, pointer)", "ViewController_render",
                "it takes 3 parameters, the role has 2"
            ),
            (
                "void(pointer, int64)", "ViewController_handleTap",
                "parameter 2 is int64, the role passes string (button)"
            ),
            ("void(string)", "ViewController_handleTap", "parameter 1 is string, the role passes pointer (store)"),
            (
                "void(pointer, string, int32)", "ViewController_handleSelect",
                "parameter 3 is int32, the role passes int64 (row)"
            ),
            (
                "void(callback(void()))", "Interactor_destroy",
                "parameter 1 is callback(void()), the role passes pointer (store)"
            ),
        ])
    func mismatches(signature: String, role: String, reason: String) throws {
        #expect(try Self.mismatch(signature, Self.role(role)) == reason)
    }

    @Test("an input's fields are parameters of its acceptInput, checked like the others")
    func inputFields() throws {
        let role = Self.role("DataStore_acceptInput").withFields(try CFieldList.parse("message: String, count: Int"))
        #expect(try Self.mismatch("void(pointer, string, int64)", role) == nil)
        #expect(try Self.mismatch("void(pointer, string)", role) == nil)
        #expect(
            try Self.mismatch("void(pointer, int64)", role) == "parameter 2 is int64, the role passes string (message)")
        #expect(
            try Self.mismatch("void(pointer, string, int64, int64)", role) == "it takes 4 parameters, the role has 3")
    }

    @Test("the roles a scene may declare: the catalogue, its contracts' fields, and a handler per declared route")
    func expectedRoles() throws {
        var scene = CRegistration.Scene(name: "Detail")
        scene.input = try CRegistration.contract(typeName: "DetailInput", fields: "message: String")
        scene.acceptedResult = try CRegistration.contract(typeName: "Picked", fields: "row: Int, note: String?")
        scene.routes = [CRegistration.Route(destination: "Home", style: nil, payload: nil)]
        let roles = CRoleBinding.expectedRoles(of: scene)
        #expect(roles.count == CRole.catalogue.count + 1)
        #expect(roles.first { $0.name == "DataStore_acceptInput" }?.fullSignature == "void(pointer, string)")
        #expect(roles.first { $0.name == "DataStore_acceptResult" }?.fullSignature == "void(pointer, int64, string)")
        #expect(roles.last?.name == "Router_routeToHomeWithSegue")
        // Without a contract, acceptInput takes the store alone.
        let bare = CRoleBinding.expectedRoles(of: CRegistration.Scene(name: "Bare"))
        #expect(bare.first { $0.name == "DataStore_acceptInput" }?.fullSignature == "void(pointer)")
        #expect(bare.map(\.name) == CRole.catalogue.map(\.name))
    }
}
