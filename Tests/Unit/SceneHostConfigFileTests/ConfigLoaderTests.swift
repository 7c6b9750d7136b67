import Testing
import SceneSDK
@testable import SceneHostCore
@testable import SceneHostConfig
@testable import SceneHostConfigFile
import TestSupport

@Suite("ConfigLoader")
struct ConfigLoaderTests {
    private func parse(_ text: String) throws -> SceneConfig {
        try ConfigLoader().parse(text: text, file: "scenes.conf", baseDirectory: "/apps/demo")
    }

    /// The rendered message of the error that parsing `text` throws.
    private func message(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return ErrorMessage.render(error)
        }
    }

    @Test("a full config: initial, plugins in file order with resolved paths, segues with styles")
    func goodConfig() throws {
        let config = try parse(
            """
            initial = "Home"

            [plugins.Zeta]
            path = "plugins/libZeta.so"
            sha256 = "ABCDEF0123456789abcdef0123456789abcdef0123456789abcdef0123456789"

            [plugins.Alpha]
            path = "/opt/libAlpha.so"

            [[segues]]
            from = "Home"
            id = "showDetail"
            to = "Detail"

            [[segues]]
            from = "Detail"
            id = "edit"
            to = "Edit"
            style = "present"
            """)
        #expect(config.initial.value == "Home")
        #expect(config.initial.location == SourceLocation(file: "scenes.conf", line: 1, column: 11))
        #expect(config.plugins.map(\.name) == ["Zeta", "Alpha"])
        #expect(config.plugins.map(\.resolvedPath) == ["/apps/demo/plugins/libZeta.so", "/opt/libAlpha.so"])
        #expect(config.plugins[0].sha256 == "abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789")
        #expect(config.plugins[0].location == SourceLocation(file: "scenes.conf", line: 3, column: 1))
        #expect(config.plugins[1].pathLocation == SourceLocation(file: "scenes.conf", line: 8, column: 8))
        #expect(config.segues.map(\.id) == ["showDetail", "edit"])
        #expect(config.segues.map(\.style) == [.push, .present])
        #expect(config.segues[1].location == SourceLocation(file: "scenes.conf", line: 15, column: 1))
    }

    @Test("paths resolve against the config's folder, never the current directory")
    func relativePaths() throws {
        let config = try parse("initial = \"A\"\n[plugins.P]\npath = \"../lib/./libP.so\"\n")
        #expect(config.plugins[0].resolvedPath == "/apps/lib/libP.so")
    }

    @Test("a TOML syntax error is located at line and column")
    func syntaxError() {
        #expect(
            message("initial = \"Home\"\n[plugins.Home\npath = \"x\"\n")
                == "scenes.conf:2:14: error: TOML syntax: Error while parsing table header: expected ']', saw '\\n'. Fix this line, then run 'scene-host check'."
        )
    }

    @Test("an unknown top-level key names the key and the allowed ones")
    func unknownTopLevelKey() {
        #expect(
            message("initial = \"Home\"\ninitail = \"x\"\n")
                == "scenes.conf:2:1: error: unknown key 'initail' in the top level. Did you mean 'initial'? Allowed keys: initial, plugins, segues, host."
        )
    }

    @Test("an unknown key in a plugin table")
    func unknownPluginKey() {
        #expect(
            message("initial = \"Home\"\n\n[plugins.Home]\n  pth = \"x\"\n")
                == "scenes.conf:4:3: error: unknown key 'pth' in [plugins.Home]. Did you mean 'path'? Allowed keys: path, sha256, settings, grant."
        )
    }

    @Test("an unknown key in a segue")
    func unknownSegueKey() {
        #expect(
            message(
                "initial = \"Home\"\n[[segues]]\nfrom = \"A\"\nid = \"b\"\nto = \"C\"\n[[segues]]\nfrom = \"A\"\nid = \"c\"\nto = \"C\"\nkind = \"push\"\n"
            )
                == "scenes.conf:10:1: error: unknown key 'kind' in [[segues]] entry 2. Allowed keys: from, id, to, style."
        )
        #expect(
            message("initial = \"Home\"\n[[segues]]\nfrom = \"A\"\nid = \"b\"\nto = \"C\"\nstlye = \"push\"\n")
                == "scenes.conf:6:1: error: unknown key 'stlye' in [[segues]] entry 1. Did you mean 'style'? Allowed keys: from, id, to, style."
        )
    }

    @Test("an unknown table at the top level is located at its header")
    func unknownTable() {
        #expect(
            message("initial = \"Home\"\n\n[plugin.Home]\npath = \"x\"\n")
                == "scenes.conf:3:1: error: unknown key 'plugin' in the top level. Did you mean 'plugins'? Allowed keys: initial, plugins, segues, host."
        )
    }

    @Test("a missing required key")
    func missingKeys() {
        #expect(
            message("[plugins.Home]\npath = \"x\"\n")
                == "scenes.conf:1:1: error: the top level has no 'initial'. Add it: initial = \"...\".")
        #expect(
            message("initial = \"Home\"\n[plugins.Home]\nsha256 = \"\(String(repeating: "a", count: 64))\"\n")
                == "scenes.conf:2:1: error: [plugins.Home] has no 'path'. Add it: path = \"...\".")
    }

    @Test(
        "a redefinition quotes the key exactly as the file writes it, quoted parts and all (issue 19, item 9)",
        arguments: [
            (
                "initial = \"A\"\n[\"plugins\".P]\npath = \"x\"\n[\"plugins\".P]\npath = \"y\"\n",
                "scenes.conf:4:1: error: TOML syntax: Error while parsing table header: cannot redefine existing table '\"plugins\".P'. Fix this line, then run 'scene-host check'."
            ),
            (
                "initial = \"A\"\n\"plugins\".P.path = \"x\"\n\"plugins\".P.path = \"y\"\n",
                "scenes.conf:3:20: error: TOML syntax: Error while parsing key-value pair: cannot redefine existing string '\"plugins\".P.path'. Fix this line, then run 'scene-host check'."
            ),
            (
                "initial = \"A\"\n[ 'plugins' . \"P\" ]\npath = \"x\"\n[ 'plugins' . \"P\" ]\n",
                "scenes.conf:4:1: error: TOML syntax: Error while parsing table header: cannot redefine existing table ''plugins' . \"P\"'. Fix this line, then run 'scene-host check'."
            ),
            (
                "initial = \"A\"\n[plugins.P]\npath = \"x\"\npath = \"y\"\n",
                "scenes.conf:4:8: error: TOML syntax: Error while parsing key-value pair: cannot redefine existing string 'path'. Fix this line, then run 'scene-host check'."
            ),
        ])
    func redefinitionQuotesTheFile(text: String, expected: String) {
        #expect(message(text) == expected)
    }

    @Test(
        "a plugin table written only as [plugins.NAME.settings] has no 'path', reported at that header (issue 19, item 9)"
    )
    func missingPathUnderSettings() {
        #expect(
            message("initial = \"Home\"\n\n  [plugins.Nope.settings]\nkey = 1\n")
                == "scenes.conf:3:3: error: [plugins.Nope] has no 'path'. Add it: path = \"...\".")
    }

    @Test("dotted keys are located at their own place, never hiding an earlier unknown key (issue 19, item 9)")
    func dottedKeys() {
        #expect(
            message("initial = \"Home\"\n[plugins.P]\npath = \"x\"\n  sub.key = 2\n")
                == "scenes.conf:4:3: error: unknown key 'sub' in [plugins.P]. Allowed keys: path, sha256, settings, grant."
        )
        #expect(
            message("initial = \"Home\"\n[plugins.P]\npath = \"x\"\nbogus = 1\nsub.key = 2\n")
                == "scenes.conf:4:1: error: unknown key 'bogus' in [plugins.P]. Allowed keys: path, sha256, settings, grant.\n"
                + "scenes.conf:5:1: error: unknown key 'sub' in [plugins.P]. Allowed keys: path, sha256, settings, grant."
        )
        #expect(
            message("initial = \"Home\"\n[plugins.P]\npath = \"x\"\n[plugins.P.settings]\nname = \"a\"\n  a.b = 1\n")
                == "scenes.conf:6:3: error: 'a' must be a string, number or boolean, not a table.")
        #expect(
            message("initial = \"Home\"\nplugins.P.path = \"x\"\nplugins.P.bogus = 1\n")
                == "scenes.conf:3:1: error: unknown key 'bogus' in [plugins.P]. Allowed keys: path, sha256, settings, grant."
        )
    }

    @Test("every unknown key of a table is listed, in file order, each at its place (issue 19, item 9)")
    func everyUnknownKey() {
        #expect(
            message("initial = \"Home\"\n[plugins.P]\npath = \"x\"\nbogus = 1\nsub.key = 2\n  pth = \"y\"\n") == """
                scenes.conf:4:1: error: unknown key 'bogus' in [plugins.P]. Allowed keys: path, sha256, settings, grant.
                scenes.conf:5:1: error: unknown key 'sub' in [plugins.P]. Allowed keys: path, sha256, settings, grant.
                scenes.conf:6:3: error: unknown key 'pth' in [plugins.P]. Did you mean 'path'? Allowed keys: path, sha256, settings, grant.
                """)
    }

    @Test("a value of the wrong type")
    func wrongType() {
        #expect(message("initial = 3\n") == "scenes.conf:1:11: error: 'initial' must be a string, not an integer.")
        #expect(
            message("initial = \"A\"\nplugins = [\"x\"]\n")
                == "scenes.conf:2:11: error: 'plugins' must be a table of plugin tables ([plugins.NAME]), not an array."
        )
    }

    @Test("invalid values: style, sha256, empty strings")
    func invalidValues() {
        #expect(
            message("initial = \"A\"\n[[segues]]\nfrom = \"A\"\nid = \"b\"\nto = \"C\"\nstyle = \"slide\"\n")
                == "scenes.conf:6:9: error: 'style' is \"slide\"; expected one of push, present, replace.")
        #expect(
            message("initial = \"A\"\n[plugins.P]\npath = \"x\"\nsha256 = \"abc\"\n")
                == "scenes.conf:4:10: error: 'sha256' is \"abc\"; expected 64 hexadecimal digits (the output of 'sha256sum FILE')."
        )
        #expect(
            message("initial = \"\"\n") == "scenes.conf:1:11: error: 'initial' is \"\"; expected a non-empty string.")
    }

    @Test("the same segue id twice on one scene")
    func duplicateSegue() {
        let segue = "[[segues]]\nfrom = \"A\"\nid = \"b\"\nto = \"C\"\n"
        #expect(
            message("initial = \"A\"\n" + segue + segue)
                == "scenes.conf:6:1: error: scene 'A' has two segues with id 'b' (the first at scenes.conf:2:1). Give each button one segue."
        )
    }

    @Test("a missing config file")
    func missingFile() {
        #expect(throws: ConfigError.configNotFound(path: "/no/such/scenes.conf")) {
            try ConfigLoader().load(path: "/no/such/scenes.conf")
        }
        #expect(
            ErrorMessage.render(ConfigError.configNotFound(path: "x.conf"))
                == "error: config file 'x.conf' not found. Pass --config FILE, or run from the folder that holds scenes.conf."
        )
    }

    @Test("a config file that is not UTF-8 is refused at the first bad byte")
    func notUTF8() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(bytes: Array("initial = \"A\"\n# caf".utf8) + [0xC3, 0x28], to: "bad.conf")
        #expect(throws: ConfigError.configInvalidEncoding(SourceLocation(file: path, line: 2, column: 6), byte: 0xC3)) {
            try ConfigLoader().load(path: path)
        }
        #expect(
            ErrorMessage.render(
                ConfigError.configInvalidEncoding(SourceLocation(file: "x.conf", line: 2, column: 6), byte: 0xC3))
                == "x.conf:2:6: error: the config is not valid UTF-8 (byte 0xC3). Save it as UTF-8.")
    }

    @Test("very large and very deep configs are refused, located")
    func limits() {
        #expect(
            message(
                "initial = \"A\"\nx = " + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "\n")
                == "scenes.conf:2:37: error: arrays or inline tables nest deeper than 32 levels here; scenes.conf never needs more than one."
        )
        // Brackets in strings and comments do not nest: this fails only for its unknown keys.
        let brackets = String(repeating: "[", count: 40)
        #expect(
            message("initial = \"A\"\ns = \"\(brackets)\" # \(brackets)\nt = \'\'\'\n\(brackets)\'\'\'\n")
                == "scenes.conf:2:1: error: unknown key 's' in the top level. Allowed keys: initial, plugins, segues, host.\n"
                + "scenes.conf:3:1: error: unknown key 't' in the top level. Allowed keys: initial, plugins, segues, host."
        )
        let big = "# " + String(repeating: "x", count: ConfigPrecheck.maximumSize) + "\n"
        #expect(
            message(big)
                == "scenes.conf:1:1048577: error: the config is 1048579 bytes; configs larger than 1048576 bytes are refused. Is this the right file?"
        )
    }

    @Test("table headers that would trip the TOML parser are refused as syntax errors")
    func headerStart() {
        let expected =
            "error: TOML syntax: a table header must start with a key: a letter, digit, '_', '-' or a quote. Fix this line, then run 'scene-host check'."
        #expect(message("initial = \"A\"\n[\n") == "scenes.conf:2:2: " + expected)
        #expect(message("initial = \"A\"\r\n[[ é]]\r\n") == "scenes.conf:2:4: " + expected)
        #expect(message("x = [\n  [1, 2],\n]\n")?.hasPrefix("scenes.conf:1:1: error: unknown key 'x'") == true)
    }

    @Test(
        "inputs that trip the TOML parser's assertions are refused, located (found by the fuzz tests)",
        arguments: [
            (
                "x = [}",
                "scenes.conf:1:6: error: TOML syntax: '}' closes the '[' opened before it; expected ']'. Fix this line, then run 'scene-host check'."
            ),
            (
                "x = [1,\n # c\n }",
                "scenes.conf:3:2: error: TOML syntax: '}' closes the '[' opened before it; expected ']'. Fix this line, then run 'scene-host check'."
            ),
            (
                "x = {a = [}]}",
                "scenes.conf:1:11: error: TOML syntax: '}' closes the '[' opened before it; expected ']'. Fix this line, then run 'scene-host check'."
            ),
            (
                "x = [\u{2028}]",
                "scenes.conf:1:6: error: TOML syntax: the Unicode line separator U+2028 is allowed only inside strings. Fix this line, then run 'scene-host check'."
            ),
            (
                "x = [1, \u{85}]",
                "scenes.conf:1:9: error: TOML syntax: the Unicode line separator U+85 is allowed only inside strings. Fix this line, then run 'scene-host check'."
            ),
        ])
    func parserAssertions(text: String, expected: String) {
        #expect(message(text) == expected)
    }

    @Test("brackets and separators inside strings and comments are not checked")
    func insideStrings() {
        // In a path: scene names may not hold spaces or separators at all.
        #expect(message("initial = \"A\"\n[plugins.P]\npath = \"[} \u{2028}\" # [} \u{2028}\n") == nil)
    }

    @Test("CRLF line ends are lines too")
    func crlf() throws {
        let config = try parse("initial = \"Home\"\r\n\r\n[plugins.Home]\r\npath = \"libHome.so\"\r\n")
        #expect(config.plugins.first?.location == SourceLocation(file: "scenes.conf", line: 3, column: 1))
        #expect(
            message("initial = \"Home\"\r\n[plugins.Home]\r\npth = \"x\"\r\n")?.hasPrefix(
                "scenes.conf:3:1: error: unknown key 'pth'") == true)
    }

    @Test(
        "did you mean: the closest key within a small edit distance",
        arguments: [
            ("pth", "path"), ("sha265", "sha256"), ("Path", "path"), ("initail", "initial"), ("stlye", "style"),
        ])
    func suggestions(typo: String, key: String) {
        #expect(Suggestion.closest(to: typo, in: ["path", "sha256", "initial", "style", "from", "to", "id"]) == key)
    }

    @Test("no suggestion when nothing is close")
    func noSuggestion() {
        #expect(Suggestion.closest(to: "optional", in: ["path", "sha256"]) == nil)
    }

    @Test("the same plugin file twice")
    func samePathTwice() {
        #expect(
            message(
                "initial = \"A\"\n[plugins.One]\npath = \"lib/libP.so\"\n[plugins.Two]\npath = \"./lib/../lib/libP.so\"\n"
            )
                == "scenes.conf:4:1: error: [plugins.Two] loads the same file as [plugins.One] (scenes.conf:2:1): /apps/demo/lib/libP.so. List each plugin once."
        )
    }
}
