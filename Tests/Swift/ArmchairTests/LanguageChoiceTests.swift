import Armchair
import Foundation
import TestProcesses
import Testing

@testable import ArmchairCore
@testable import ArmchairDelivery

/// Which language the dialogs are in: the user's list as gettext reads it, the stand-ins where
/// Armchair has no catalog of a name, and one language for every text of a dialog.
@Suite("Choosing the language")
struct LanguageChoiceTests {
    @Test("the list is LANGUAGE, unless the locale is C; else the locale")
    func preferences() {
        #expect(LanguageChoice.preferences(languageVariable: "de:fr", messagesLocale: "C") == [])
        #expect(LanguageChoice.preferences(languageVariable: "de:fr", messagesLocale: "POSIX") == [])
        #expect(LanguageChoice.preferences(languageVariable: "de::fr", messagesLocale: "C.UTF-8") == ["de", "fr"])
        #expect(LanguageChoice.preferences(languageVariable: nil, messagesLocale: "pt_BR.UTF-8") == ["pt_BR.UTF-8"])
        #expect(LanguageChoice.preferences(languageVariable: "", messagesLocale: "sk_SK.UTF-8") == ["sk_SK.UTF-8"])
        #expect(LanguageChoice.preferences(languageVariable: "de", messagesLocale: nil) == [])
    }

    @Test(
        "each entry is tried from the most specific name to the language, with stand-ins",
        arguments: [
            ("pt_BR.UTF-8", ["pt_BR", "pt"]), ("de_AT", ["de_AT", "de"]),
            ("sr_RS@latin", ["sr_RS@latin", "sr_RS", "sr@latin", "sr"]), ("sr@Latn", ["sr@latin", "sr"]),
            ("zh_HK", ["zh_HK", "zh", "zh_TW"]), ("zh_MO.UTF-8", ["zh_MO", "zh", "zh_TW"]),
            ("zh_SG", ["zh_SG", "zh", "zh_CN"]), ("zh", ["zh", "zh_CN"]), ("zh_TW", ["zh_TW", "zh"]),
            ("nn_NO", ["nn_NO", "nn", "nb"]), ("no", ["no", "nb"]),
        ])
    func candidates(entry: String, names: [String]) {
        #expect(LanguageChoice.candidates(for: entry) == names)
    }

    @Test("English, in any region, ends the search", arguments: ["en", "en_GB", "en_US.UTF-8", "C"])
    func english(entry: String) {
        #expect(LanguageChoice.candidates(for: entry) == nil)
        #expect(LanguageChoice.choose(from: [entry, "de"]) { _ in true } == nil)
    }

    @Test("the first entry that leads to a catalog wins")
    func choice() {
        let catalogs: Set = ["de", "nb", "pt", "pt_BR", "sr", "sr@latin", "zh_CN", "zh_TW"]
        func choose(_ list: [String]) -> String? { LanguageChoice.choose(from: list, hasCatalog: catalogs.contains) }
        #expect(choose(["xx", "de"]) == "de")
        #expect(choose(["pt_PT", "de"]) == "pt")
        #expect(choose(["zh_HK"]) == "zh_TW")
        #expect(choose(["nn"]) == "nb")
        #expect(choose(["sr@latin"]) == "sr@latin")
        #expect(choose(["en_GB", "de"]) == nil)
        #expect(choose(["xx", "yy"]) == nil)
    }

    @Test("plural forms: Armchair's rules pick what glibc's ngettext picks, in every catalog, up to 1000 and beyond")
    func pluralsMatchGlibc() throws {
        let languages = try String(contentsOfFile: packageFolder + "/po/LINGUAS", encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
        #expect(languages.count >= 56)
        for language in languages {
            let output = try TestAppProcess.run(
                "plurals", stateFile: "/nonexistent", language,
                environment: [
                    "LANG": "C.UTF-8"
                ])
            #expect(output == "compared 1012", "\(language): \(output)")
        }
    }

    @Test("a rule that cannot be read falls back to English's; results beyond nplurals take the first form")
    func pluralRuleEdges() {
        let broken = PluralRule(header: "Plural-Forms: nplurals=2; plural=(n != ;\n")
        #expect(broken.form(for: 1) == 0 && broken.form(for: 2) == 1)
        let outOfRange = PluralRule(header: "Plural-Forms: nplurals=2; plural=n*7;\n")
        #expect(outOfRange.form(for: 0) == 0 && outOfRange.form(for: 1) == 0)
        let division = PluralRule(header: "Plural-Forms: nplurals=2; plural=(n/0)+(n%0);\n")
        #expect(division.form(for: 5) == 0)
    }

    @Test("a rule nested a million deep, as a corrupt catalog could hold, is refused instead of overflowing the stack")
    func deeplyNestedRule() {
        let depth = 1_000_000
        for rule in [
            String(repeating: "(", count: depth) + "n" + String(repeating: ")", count: depth),
            String(repeating: "!", count: depth) + "n",
            String(repeating: "n?", count: depth) + "1" + String(repeating: ":0", count: depth),
            Array(repeating: "n", count: depth).joined(separator: "-"),
        ] {
            let nested = PluralRule(header: "Plural-Forms: nplurals=2; plural=\(rule);\n")
            #expect(nested.form(for: 1) == 0 && nested.form(for: 2) == 1, "English's rule instead")
        }
        let deepEnough = String(repeating: "(", count: 30) + "n!=1" + String(repeating: ")", count: 30)
        #expect(PluralRule(header: "Plural-Forms: nplurals=2; plural=!\(deepEnough);\n").form(for: 2) == 0)
    }

    @Test("a file that is not a .mo catalog is no catalog")
    func notACatalog() {
        #expect(MessageCatalog(bytes: Array("msgid \"x\"".utf8)) == nil)
        #expect(MessageCatalog(bytes: [0xde, 0x12, 0x04, 0x95] + [UInt8](repeating: 0xff, count: 40)) == nil)
    }

    private var packageFolder: String { ProjectFolder.path }
}
