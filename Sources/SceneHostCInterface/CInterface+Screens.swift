extension CInterface {
    static let screen = CParameter("scene_host_screen *", "screen")
    static let id = CParameter("const char *", "id")
    static let label = CParameter("const char *", "label")
    static let title = CParameter("const char *", "title")
    static let text = CParameter("const char *", "text")
    static let problem = CParameter("const char *", "problem")
    static let count = CParameter("int32_t", "count")

    /// The functions that fill a screen, inside `<Scene>ViewController_render`: its title, then one
    /// per kind of element (`CElementKind`), a section begun and ended.
    static let screenFunctions: [CFunction] = [
        CFunction("set_title", [screen, title], doc: ["The screen's title."], group: .screens),
        CFunction("add_label", [screen, id, text], doc: ["Read-only text."], group: .screens),
        CFunction("add_alert", [screen, id, text], doc: ["A message the user must notice at once."], group: .screens),
        CFunction(
            "add_text_field", [screen, id, CParameter("const char *", "placeholder"), text, label, problem],
            doc: ["Editable text on one line; `label` and `problem` may be \"\" (none)."], group: .screens),
        CFunction(
            "add_text_area", [screen, id, label, text, problem], doc: ["Editable text of several lines."],
            group: .screens),
        CFunction(
            "add_secure_field", [screen, id, label, CParameter("int32_t", "is_filled"), problem],
            doc: ["A secret the user types: the screen holds only whether one was typed."], group: .screens),
        CFunction(
            "add_toggle", [screen, id, title, CParameter("int32_t", "is_on")], doc: ["An on/off switch."],
            group: .screens),
        CFunction(
            "add_choice",
            [
                screen, id, label, CParameter("const char *const *", "options"), count,
                CParameter("int32_t", "selected"),
            ],
            doc: ["One of `count` options, `selected` by index (-1: none)."], group: .screens),
        CFunction(
            "add_button", [screen, id, title],
            doc: ["A button: a tap sends <Scene>ViewController_handleTap, or performs the segue of this id."],
            group: .screens),
        CFunction(
            "add_list",
            [
                screen, id, CParameter("const char *const *", "titles"), CParameter("const char *const *", "details"),
                count,
            ],
            doc: ["`count` rows, each a title and a detail line (`details` may be NULL: none)."], group: .screens),
        CFunction(
            "add_progress", [screen, id, label, CParameter("double", "value")],
            doc: ["How far work has come, from 0 to 1; a negative value: not known."], group: .screens),
        CFunction(
            "begin_section", [screen, id, title],
            doc: ["Starts a titled section: what is added until `end_section` is in it."], group: .screens),
        CFunction("end_section", [screen], doc: ["Ends the section begun last."], group: .screens),
    ]
}
