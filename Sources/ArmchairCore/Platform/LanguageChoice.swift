/// Which language Armchair's dialogs are shown in: the first of the user's languages that a
/// catalog has, the same for every text of a dialog.
///
/// The user's languages are read as gettext reads them: the `LANGUAGE` list, unless the
/// program's message locale is `C` or `POSIX` (then English); else that locale (`LC_ALL`,
/// `LC_MESSAGES`, `LANG`, as `setlocale` chose it). Each entry is tried from the most specific
/// name to the language alone (`pt_BR.UTF-8` → `pt_BR`, `pt`), with a few sensible stand-ins where
/// Armchair has no catalog of that name:
///
/// - Chinese: Hong Kong and Macau read Traditional Chinese (`zh_TW`); Singapore, and Chinese with
///   no region, Simplified (`zh_CN`).
/// - Norwegian Nynorsk (`nn`) and plain Norwegian (`no`) read Bokmål (`nb`).
///
/// An English entry (`en`, `en_GB`) ends the search with English, so `LANGUAGE=en_GB:de` shows
/// English, not German, to someone who put English first.
enum LanguageChoice {
    /// The user's languages, most wanted first, as gettext reads them.
    ///
    /// - Parameters:
    ///   - languageVariable: `LANGUAGE`, if set.
    ///   - messagesLocale: The program's `LC_MESSAGES` locale, such as `de_DE.UTF-8` or `C`.
    static func preferences(languageVariable: String?, messagesLocale: String?) -> [String] {
        guard let locale = messagesLocale, !locale.isEmpty, locale != "C", locale != "POSIX" else { return [] }
        if let list = languageVariable, !list.isEmpty {
            return list.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        }
        return [locale]
    }

    /// The catalog names to try for one entry of the user's list, most specific first, or `nil`
    /// for English.
    static func candidates(for entry: String) -> [String]? {
        let name = Name(entry)
        guard name.language != "en", name.language != "C", name.language != "POSIX", !name.language.isEmpty else {
            return nil
        }
        var names: [String] = []
        func add(_ candidate: String) { if !names.contains(candidate) { names.append(candidate) } }
        if let territory = name.territory, let modifier = name.modifier {
            add("\(name.language)_\(territory)@\(modifier)")
        }
        if let territory = name.territory { add("\(name.language)_\(territory)") }
        if let modifier = name.modifier { add("\(name.language)@\(modifier)") }
        add(name.language)
        switch name.language {
        case "zh":
            add(["HK", "MO", "TW"].contains(name.territory ?? "") || name.modifier == "hant" ? "zh_TW" : "zh_CN")
        case "nn", "no":
            add("nb")
        default:
            break
        }
        return names
    }

    /// The first name the user's list leads to that `hasCatalog` accepts, or `nil` for English.
    static func choose(from preferences: [String], hasCatalog: (String) -> Bool) -> String? {
        for entry in preferences {
            guard let names = candidates(for: entry) else { return nil }
            if let found = names.first(where: hasCatalog) { return found }
        }
        return nil
    }

    /// A locale name taken apart: `language[_territory][.codeset][@modifier]`.
    private struct Name {
        var language: String
        var territory: String?
        var modifier: String?

        init(_ text: String) {
            var rest = Substring(text)
            if let at = rest.firstIndex(of: "@") {
                let script = rest[rest.index(after: at)...].lowercased()
                modifier = script == "latn" ? "latin" : script  // sr@Latn is sr@latin
                rest = rest[..<at]
            }
            if let dot = rest.firstIndex(of: ".") { rest = rest[..<dot] }
            if let underscore = rest.firstIndex(of: "_") {
                territory = String(rest[rest.index(after: underscore)...])
                rest = rest[..<underscore]
            }
            language = String(rest)
        }
    }
}
