import Armchair
import Foundation
import TestProcesses
import Testing

@testable import ArmchairCore
@testable import ArmchairDelivery

/// The prompt's texts come from the gettext catalogs compiled into the package, in the language
/// the locale asks for, as gettext chooses it.
@Suite("Translations at run time")
struct TranslationTests {
    /// The rating prompt's texts (title, message, three buttons) as a process in `environment` shows them.
    func promptTexts(_ environment: [String: String]) throws -> [String] {
        let folder = try TemporaryFolder()
        var base = ProcessInfo.processInfo.environment.filter {
            !["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"].contains($0.key)
        }
        base.merge(environment) { $1 }
        let result = try ChildProcess.run(
            TestAppProcess.path, ["texts", folder.path + "/armchair.ini", "-"], environment: base)
        return result.output.split(separator: "\n").map(String.init)
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

    /// A folder holding the app's own German catalog (domain `testapp`), which translates only
    /// "_Rate", as "_Jetzt bewerten".
    func appGermanCatalog() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let source = folder.path + "/de.po"
        try source.write(
            "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\n"
                + "msgid \"_Rate\"\nmsgstr \"_Jetzt bewerten\"\n")
        try FileManager.default.createDirectory(
            atPath: folder.path + "/de/LC_MESSAGES", withIntermediateDirectories: true)
        let compile = try ChildProcess.run(
            "/usr/bin/msgfmt", ["-o", folder.path + "/de/LC_MESSAGES/testapp.mo", source])
        #expect(compile.status == 0, "\(compile.errors)")
        return folder
    }

    @Test("The app's own domain is consulted first; configuration overrides win over both")
    func appDomainFirst() throws {
        let folder = try appGermanCatalog()

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

    /// AppStream metadata for the test app that lists `languages` under `<languages>`.
    func metainfo(languages: [String], in folder: TemporaryFolder) throws -> String {
        let path = folder.path + "/org.example.Notes.metainfo.xml"
        let list = languages.map { "<lang percentage=\"100\">\($0)</lang>" }.joined()
        try path.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <component type="desktop-application"><id>org.example.Notes</id><name>Notes</name>
            <languages>\(list)</languages><releases><release version="1.0" date="2026-01-01"/></releases></component>
            """)
        return path
    }

    @Test("usesAllAvailableLanguages false: only a language the app's catalogs have, else English")
    func onlyTheAppsCatalogLanguages() throws {
        let folder = try appGermanCatalog()  // the app is in German only
        let slovak = try promptTexts(["LANG": "C.UTF-8", "LANGUAGE": "sk"])
        let german = try promptTexts(["LANG": "C.UTF-8", "LANGUAGE": "de", "TESTAPP_LOCALE_DIR": folder.path])
        let english = try promptTexts(["LANG": "C.UTF-8"])
        let app = ["LANG": "C.UTF-8", "TESTAPP_LOCALE_DIR": folder.path]

        #expect(try promptTexts(app.merging(["LANGUAGE": "sk:de"]) { $1 }) == slovak, "by default, any language")
        let onlyApp = app.merging(["TESTAPP_ONLY_APP_LANGUAGES": "1"]) { $1 }
        #expect(try promptTexts(onlyApp.merging(["LANGUAGE": "sk:de"]) { $1 }) == german, "Slovak skipped")
        #expect(try promptTexts(onlyApp.merging(["LANGUAGE": "sk"]) { $1 }) == english, "none of the app's")
        #expect(german.last == "_Jetzt bewerten" && german.first != english.first)
    }

    @Test("usesAllAvailableLanguages false: without catalogs the metadata's <languages>; the catalogs win over it")
    func theMetadatasLanguages() throws {
        let folder = try TemporaryFolder()
        let slovak = try promptTexts(["LANG": "C.UTF-8", "LANGUAGE": "sk"])
        let german = try promptTexts(["LANG": "C.UTF-8", "LANGUAGE": "de"])
        let onlyApp = ["LANG": "C.UTF-8", "TESTAPP_ONLY_APP_LANGUAGES": "1", "LANGUAGE": "de:sk"]

        let listsSlovak = try metainfo(languages: ["sk"], in: folder)
        #expect(try promptTexts(onlyApp.merging(["ARMCHAIR_METAINFO": listsSlovak]) { $1 }) == slovak)

        let catalogs = try appGermanCatalog()
        let withCatalogs = onlyApp.merging(["ARMCHAIR_METAINFO": listsSlovak, "TESTAPP_LOCALE_DIR": catalogs.path]) {
            $1
        }
        let fromCatalogs = try promptTexts(withCatalogs)
        #expect(fromCatalogs.first == german.first && fromCatalogs.last == "_Jetzt bewerten", "the catalogs win")
    }

    @Test("usesAllAvailableLanguages false, the app's languages unknown: English, and the log says why")
    func unknownLanguages() throws {
        let folder = try TemporaryFolder()
        let listsNone = try metainfo(languages: [], in: folder)
        let result = try ChildProcess.run(
            TestAppProcess.path, ["texts", folder.path + "/armchair.ini", "-"],
            environment: ProcessInfo.processInfo.environment.filter { !["LC_ALL", "LC_MESSAGES"].contains($0.key) }
                .merging([
                    "LANG": "C.UTF-8", "LANGUAGE": "sk", "TESTAPP_ONLY_APP_LANGUAGES": "1",
                    "ARMCHAIR_METAINFO": listsNone,
                ]) { $1 })
        #expect(result.output.split(separator: "\n").map(String.init) == (try promptTexts(["LANG": "C.UTF-8"])))
        #expect(result.errors.contains("usesAllAvailableLanguages is off, but the app's languages are unknown"))
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

    @Test("Latin Serbian reads Latin; Chinese regions and plain Chinese choose their script; Norwegian reads Bokmål")
    func standIns() throws {
        let latin = try promptTexts(["LANG": "C.UTF-8", "LANGUAGE": "sr@latin"])
        #expect(latin.first == "Ocenite Notes")
        #expect(try promptTexts(["LANG": "C.UTF-8", "LANGUAGE": "sr"]).first != latin.first)
        let traditional = try promptTexts(["LANG": "C.UTF-8", "LANGUAGE": "zh_TW"])
        let simplified = try promptTexts(["LANG": "C.UTF-8", "LANGUAGE": "zh_CN"])
        for region in ["zh_HK", "zh_MO"] {
            #expect(try promptTexts(["LANG": "C.UTF-8", "LANGUAGE": region]) == traditional)
        }
        for region in ["zh_SG", "zh"] {
            #expect(try promptTexts(["LANG": "C.UTF-8", "LANGUAGE": region]) == simplified)
        }
        let bokmal = try promptTexts(["LANG": "C.UTF-8", "LANGUAGE": "nb"])
        #expect(bokmal.last != "_Rate")
        for norwegian in ["nn", "no", "nn_NO"] {
            #expect(try promptTexts(["LANG": "C.UTF-8", "LANGUAGE": norwegian]) == bokmal)
        }
    }

    @Test("English first in the list means English, even with a translated language after it")
    func englishFirst() throws {
        #expect(try promptTexts(["LANG": "C.UTF-8", "LANGUAGE": "en_GB:de"]) == promptTexts(["LANG": "C.UTF-8"]))
        #expect(try promptTexts(["LANG": "en_US.UTF-8", "LANGUAGE": ""]).last == "_Rate")
    }

    @Test("One dialog, one language: the app's German does not mix into a Portuguese dialog")
    func oneLanguage() throws {
        let folder = try appGermanCatalog()
        let portuguese = try promptTexts(["LANG": "C.UTF-8", "LANGUAGE": "pt_BR"])
        let mixedList = try promptTexts(["LANG": "C.UTF-8", "LANGUAGE": "pt_BR:de", "TESTAPP_LOCALE_DIR": folder.path])
        #expect(mixedList == portuguese, "every text in Portuguese, none in the app's German")
        let germanFirst = try promptTexts([
            "LANG": "C.UTF-8", "LANGUAGE": "de:pt_BR", "TESTAPP_LOCALE_DIR": folder.path,
        ])
        #expect(germanFirst.last == "_Jetzt bewerten")
        #expect(germanFirst.first == (try promptTexts(["LANG": "C.UTF-8", "LANGUAGE": "de"])).first)
    }

    @Test("Feedback says the language the user read it in: the dialog's, not the first wish")
    func languageUsed() throws {
        func language(_ environment: [String: String]) throws -> String {
            try TestAppProcess.run("language", stateFile: "/nonexistent", "-", environment: environment)
        }
        #expect(try language(["LANG": "C.UTF-8", "LANGUAGE": "xx:de"]) == "de")
        #expect(try language(["LANG": "C.UTF-8", "LANGUAGE": "xx"]) == "en")
        #expect(try language(["LANG": "C.UTF-8", "LANGUAGE": "pt_BR:de"]) == "pt_BR")
        #expect(try language(["LANG": "C", "LANGUAGE": "de"]) == "en")
    }
}
