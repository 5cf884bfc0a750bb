import Foundation
import Testing

@testable import Armchair

/// The prompt's texts come from the gettext catalogs compiled into the package, in the language
/// the locale asks for, as gettext chooses it.
@Suite("Translations at run time")
struct TranslationTests {
    /// The rating prompt's texts (title, message, three buttons) as a process in `environment` shows them.
    func promptTexts(_ environment: [String: String]) throws -> [String] {
        let folder = try TemporaryFolder()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestAppProcess.path)
        process.arguments = ["texts", folder.path + "/armchair.ini", "-"]
        var base = ProcessInfo.processInfo.environment.filter {
            !["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"].contains($0.key)
        }
        base.merge(environment) { $1 }
        process.environment = base
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("A text without a translation comes back intact (gettext returns the very pointer it was given)")
    func untranslatedTextsSurvive() {
        for index in 0..<2_000 {
            let english =
                "An untranslated text number \(index), long enough to live on the heap: \(String(repeating: "x", count: index % 64))"
            #expect(Gettext.translate(english) == english)
            #expect(Gettext.translate(english, english + "s", count: index) == (index == 1 ? english : english + "s"))
        }
    }

    @Test("Without a translation the prompt is in English")
    func english() throws {
        let texts = try promptTexts(["LANG": "C.UTF-8"])
        #expect(texts == ["Rate Notes", texts[1], "_No, Thanks", "Remind Me _Later", "_Rate"])
        #expect(texts[1].hasPrefix("Has Notes been useful to you?"))
    }

    @Test("LANGUAGE picks the catalog, with the app name filled in")
    func slovak() throws {
        let texts = try promptTexts(["LANG": "C.UTF-8", "LANGUAGE": "sk"])
        #expect(texts.count == 5)
        #expect(texts[0].contains("Notes"))
        #expect(texts[4] != "_Rate")
        #expect(texts[4].contains("_"))
    }

    @Test("A language with no catalog falls back through LANGUAGE, then to English")
    func fallback() throws {
        #expect(
            try promptTexts(["LANG": "C.UTF-8", "LANGUAGE": "xx:sk"])
                == promptTexts(["LANG": "C.UTF-8", "LANGUAGE": "sk"]))
        #expect(try promptTexts(["LANG": "C.UTF-8", "LANGUAGE": "xx"]).last == "_Rate")
    }

    @Test("The app's own domain is consulted first; configuration overrides win over both")
    func appDomainFirst() throws {
        let folder = try TemporaryFolder()
        let source = folder.path + "/de.po"
        try source.write(
            "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\n"
                + "msgid \"_Rate\"\nmsgstr \"_Jetzt bewerten\"\n")
        try FileManager.default.createDirectory(
            atPath: folder.path + "/de/LC_MESSAGES", withIntermediateDirectories: true)
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
        compile.arguments = ["-o", folder.path + "/de/LC_MESSAGES/testapp.mo", source]
        try compile.run()
        compile.waitUntilExit()
        #expect(compile.terminationStatus == 0)

        let armchairOnly = try promptTexts(["LANG": "C.UTF-8", "LANGUAGE": "de"])
        let withApp = try promptTexts(["LANG": "C.UTF-8", "LANGUAGE": "de", "TESTAPP_LOCALE_DIR": folder.path])
        #expect(withApp[4] == "_Jetzt bewerten")
        #expect(armchairOnly[4] != "_Jetzt bewerten")
        #expect(withApp[0] == armchairOnly[0], "texts the app does not translate still come from Armchair")
        let overridden = try promptTexts([
            "LANG": "C.UTF-8", "LANGUAGE": "de", "TESTAPP_LOCALE_DIR": folder.path,
            "TESTAPP_CANCEL_OVERRIDE": "Lieber nicht",
        ])
        #expect(overridden[2] == "Lieber nicht")
    }

    @Test("A region falls back to its language; Chinese regions choose their script")
    func regions() throws {
        #expect(
            try promptTexts(["LANG": "C.UTF-8", "LANGUAGE": "sk_SK"])
                == promptTexts(["LANG": "C.UTF-8", "LANGUAGE": "sk"]))
        let simplified = try promptTexts(["LANG": "C.UTF-8", "LANGUAGE": "zh_CN"])
        let traditional = try promptTexts(["LANG": "C.UTF-8", "LANGUAGE": "zh_TW"])
        #expect(simplified.last != "_Rate" && traditional.last != "_Rate")
        #expect(simplified != traditional)
    }
}
