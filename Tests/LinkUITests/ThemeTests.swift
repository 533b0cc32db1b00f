import Foundation
import Testing
@testable import LinkUI

@Suite("Themes")
struct ThemeTests {
    let themesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Themes")

    @Test("the built-in themes are exactly the files in Themes/, and each parses")
    func builtinsMatchFiles() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: themesFolder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files == BuiltinThemes.sources.map { "\($0.name).json" }.sorted())
        for source in BuiltinThemes.sources {
            let text = try String(contentsOf: themesFolder.appendingPathComponent("\(source.name).json"), encoding: .utf8)
            #expect(text == source.json + "\n", "Themes/\(source.name).json differs from the compiled-in copy")
            let theme = try ThemeLoader.load(source.name)
            #expect(theme.name == source.name)
            #expect(try ThemeLoader.load(themesFolder.appendingPathComponent("\(source.name).json").path) == theme)
        }
        #expect(Set(ThemeLoader.builtinNames).isSuperset(of: ["default", "light", "high-contrast", "monochrome"]))
    }

    @Test("the default theme's match colour is one of the 16 system colours (a 5-byte SGR, ESC [93m, not the 11 bytes of ESC [38;5;221m)")
    func defaultMatchIsASystemColour() throws {
        for theme in [try ThemeLoader.load("default"), try ThemeLoader.load(themesFolder.appendingPathComponent("default.json").path)] {
            guard case .indexed(let index) = theme.match else {
                Issue.record("match is \(theme.match), not a palette colour")
                continue
            }
            #expect(index < 16, "match is 256-colour \(index)")
            #expect(theme.match == .indexed(11), "bright-yellow: on a dark terminal it reads as the gold it replaces")
        }
    }

    @Test("a field is a box of grey where the terminal has 256 colours; underlined without colours or with 8 or 16")
    func fieldIsABoxOrAnUnderline() throws {
        let dark = ThemeStyles(theme: try ThemeLoader.load("default"))
        #expect(dark.field == Style(fg: .default, bg: .indexed(236)))
        #expect(dark.focusedField == Style(fg: ThemeLoader.defaultTheme.accent, bg: .indexed(236)))
        // a light theme's box is a grey darker than its page
        let light = ThemeStyles(theme: try ThemeLoader.load("light"))
        #expect(light.field.bg == .indexed(252) && !light.field.underline && !light.focusedField.underline)
        for count in [8, 16] {
            let few = ThemeStyles(theme: try ThemeLoader.load("default"), colorCount: count)
            #expect(few.field == Style(fg: .default, underline: true), "\(count) colours")
            #expect(few.focusedField.underline && few.focusedField.bg == .default, "\(count) colours")
        }
        let mono = ThemeStyles(theme: try ThemeLoader.load("monochrome"))
        #expect(mono.field.underline && mono.focusedField.underline && mono.focusedField.bold)
    }

    @Test("colour values: hex, 0-255, names, default")
    func colours() throws {
        let theme = try ThemeLoader.parse(Data(##"{"colors":{"accent":"#00A3E0","muted":245,"error":"bright-red","border":"default"}}"##.utf8), file: "t.json")
        #expect(theme.accent == .rgb(0, 163, 224))
        #expect(theme.muted == .indexed(245))
        #expect(theme.error == .indexed(9))
        #expect(theme.border == .default)
        #expect(theme.success == ThemeLoader.defaultTheme.success, "a role left out keeps the default theme's colour")
    }

    @Test("every colour name gives its palette index, whatever its case; another word is refused")
    func colourNames() throws {
        let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white", "bright-black", "bright-red",
                     "bright-green", "bright-yellow", "bright-blue", "bright-magenta", "bright-cyan", "bright-white"]
        for (index, name) in names.enumerated() {
            #expect(try ThemeLoader.color(.string(name), file: "t.json", key: "k") == .indexed(UInt8(index)))
            #expect(try ThemeLoader.color(.string(name.uppercased()), file: "t.json", key: "k") == .indexed(UInt8(index)))
        }
        #expect(try ThemeLoader.color(.string("grey"), file: "t.json", key: "k") == .indexed(8))
        #expect(try ThemeLoader.color(.string("Gray"), file: "t.json", key: "k") == .indexed(8))
        for word in ["purple", "bright", "bright-", "red ", "light-red", ""] {
            #expect(throws: ThemeError.self) { try ThemeLoader.color(.string(word), file: "t.json", key: "k") }
        }
    }

    @Test("a bad theme names the file, the key and what was expected", arguments: [
        (##"{"colors":{"accent":"#12"}}"##, ##"theme bad.json: key "colors.accent": expected a colour: "#rrggbb", a number 0-255, a name (red, bright-blue, grey …) or "default"; got "#12""##),
        (##"{"colors":{"accent":300}}"##, ##"theme bad.json: key "colors.accent": expected a colour: "#rrggbb", a number 0-255, a name (red, bright-blue, grey …) or "default"; got 300"##),
        (##"{"colors":{"accent":true}}"##, ##"theme bad.json: key "colors.accent": expected a colour: "#rrggbb", a number 0-255, a name (red, bright-blue, grey …) or "default"; got true"##),
        (##"{"colors":{"acent":"red"}}"##, ##"theme bad.json: key "colors.acent": unknown colour role; roles are background, foreground, muted, accent, selection, selection_text, border, success, warning, error, match, log_event, log_callback, log_time"##),
        (##"{"colours":{}}"##, ##"theme bad.json: key "colours": unknown key; a theme has "name", "description" and "colors""##),
        // a flat theme: the role named, and where it goes
        (##"{"accent":"#ff0000"}"##, ##"theme bad.json: key "accent": a colour role goes inside "colors": {"name": "mine", "colors": {"accent": "#rrggbb"}}"##),
        (##"{"name":"x"}"##, ##"theme bad.json: key "colors": missing; expected an object of colours, e.g. {"accent": "#00a3e0"}"##),
        // the one JSON reader (directory files use it too): where, and what
        (##"{"colors":{"accent":"red","accent":"blue"}}"##, ##"theme bad.json: not valid JSON (at column 11: the key "accent" is given twice in this object)"##),
        ("{\"name\": \"x\",\n \"colors\": {\"accent\": tru}}", ##"theme bad.json: not valid JSON (at line 2, column 23: expected a value, got 't')"##),
        (##"{"colors":[]}"##, ##"theme bad.json: key "colors": expected an object of colours, e.g. {"accent": "#00a3e0"}; got an array"##),
        (##"[1,2]"##, ##"theme bad.json: expected a JSON object {"name": …, "colors": {…}}"##),
        (##"{"name":"","colors":{}}"##, ##"theme bad.json: key "name": expected a short non-empty string; got """##),
        ("{\"colors\":{\"accent\":\"\\u001b[2Jred\"}}", ##"theme bad.json: key "colors.accent": expected a colour: "#rrggbb", a number 0-255, a name (red, bright-blue, grey …) or "default"; got "\u001B[2Jred""##),
    ])
    func badThemes(json: String, message: String) {
        #expect(throws: (any Error).self) { try ThemeLoader.parse(Data(json.utf8), file: "bad.json") }
        do {
            _ = try ThemeLoader.parse(Data(json.utf8), file: "bad.json")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("not JSON, a missing file, an unknown name")
    func unreadable() {
        #expect(throws: ThemeError.self) { try ThemeLoader.parse(Data("{".utf8), file: "x.json") }
        let missing = #expect(throws: ThemeError.self) { try ThemeLoader.load("/nonexistent/theme.json") }
        #expect(missing?.description == "theme /nonexistent/theme.json: no such file")
        let unknown = #expect(throws: ThemeError.self) { try ThemeLoader.load("solarized") }
        #expect(unknown?.description.hasPrefix(
            "theme solarized: no such built-in theme; built-in themes: default, light, high-contrast, monochrome") == true)
    }

    @Test("styles stay distinguishable without colour")
    func monochromeStyles() throws {
        let styles = ThemeStyles(theme: try ThemeLoader.load("monochrome"))
        #expect(styles.selected.reverse)
        #expect(styles.match.underline)
        #expect(styles.title.bold)
        #expect(styles.error.bold)
    }
}
