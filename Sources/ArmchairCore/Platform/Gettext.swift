import CLibintl
import Glibc
import Logging
import Synchronization

/// Armchair's translations: gettext catalogs of the text domain `armchair`, from the first
/// folder that ``CatalogSearch`` finds, read by ``MessageCatalog``.
///
/// The language follows the user's languages as gettext reads them (`LANGUAGE`, `LC_ALL`,
/// `LC_MESSAGES`, `LANG`), chosen by ``LanguageChoice`` once for all texts, the app's own catalogs
/// (``Configuration/translationDomain``) included; a language without a catalog falls back to
/// English, and so do missing catalogs, with one warning in the log. Armchair never calls
/// `textdomain()`: the app's own default domain is untouched.
package enum Gettext {
    static let domain = "armchair"

    /// The app's own text domain, consulted first when the app opts in
    /// (``Configuration/translationDomain``).
    static let appDomain = Mutex<String?>(nil)

    /// Whether the texts keep to the app's own languages
    /// (``Configuration/usesAllAvailableLanguages`` `false`).
    static let keepsToAppLanguages = Mutex(false)

    /// The languages the app's AppStream metadata lists (`<languages>`), for
    /// ``keepsToAppLanguages`` when the app's own catalogs say nothing.
    private static let declaredAppLanguages = Mutex<[String]>([])

    /// Keeps the languages the app's AppStream metadata lists (`<languages>`, such as `de` or
    /// `pt_BR`): whatever reads the metadata calls it, as the GTK bindings do when they attach.
    package static func declareAppLanguages(_ languages: [String]) {
        declaredAppLanguages.withLock { $0 = languages }
    }

    /// Whether the log said that the app's languages are unknown.
    private static let hasWarnedOfUnknownLanguages = Mutex(false)

    /// Where the last search found Armchair's catalogs, and the app's folder it started with.
    private struct Search {
        var folder: String?
        var localeDirectory: String?
    }

    private static let state = Mutex<(search: Search?, hasWarned: Bool)>((nil, false))

    /// A search an engine asked for (``requestCatalogs(localeDirectory:environment:logger:)``).
    private struct Request: Sendable {
        var localeDirectory: String?
        var environment: [String: String]
        var logger: Logger
    }

    private static let request = Mutex<Request?>(nil)

    /// Asks for Armchair's catalogs to be found (``findCatalogs(localeDirectory:environment:logger:)``)
    /// when a text is first translated, rather than now: making an engine, at an app's start-up,
    /// then never waits for the file system, and an app that never shows a prompt never searches.
    static func requestCatalogs(localeDirectory: String?, environment: [String: String], logger: Logger) {
        request.withLock { $0 = Request(localeDirectory: localeDirectory, environment: environment, logger: logger) }
    }

    /// Finds Armchair's catalogs, unless that was done already for the same `localeDirectory`; a
    /// new folder from the app searches again.
    ///
    /// With no catalogs anywhere, logs one warning per process and leaves the texts in English.
    ///
    /// - Parameters:
    ///   - localeDirectory: The app's folder of catalogs (``Configuration/localeDirectory``), tried first.
    ///   - environment: Where `XDG_DATA_DIRS` is read; default: this process's.
    ///   - logger: Where the warning goes.
    /// - Returns: The folder of the catalogs in use, or `nil` when no folder holds one.
    @discardableResult
    static func findCatalogs(
        localeDirectory: String?, environment: [String: String]? = nil, logger: Logger = Logger(label: "armchair")
    ) -> String? {
        request.withLock { $0 = nil }  // this search supersedes one asked for earlier
        return state.withLock { state in
            if let search = state.search, localeDirectory == nil || localeDirectory == search.localeDirectory {
                return search.folder
            }
            let places = CatalogSearch.places(
                localeDirectory: localeDirectory, executable: RunningExecutable.path, library: SharedLibrary.path,
                environment: environment ?? ProcessEnvironment.current)
            let found = places.first { CatalogSearch.holdsCatalogs($0.folder) }
            // A folder found before stays in use when a new search finds nothing.
            let folder = found?.folder ?? state.search?.folder
            state.search = Search(folder: folder, localeDirectory: localeDirectory)
            if let localeDirectory, found?.origin != .configured {
                let fallback = found.map { "using \($0.folder) instead" } ?? "none were found elsewhere either"
                logger.warning(
                    "Armchair's translations are not in the localeDirectory \(localeDirectory) (it has no <language>/LC_MESSAGES/\(domain).mo); \(fallback)."
                )
            }
            if folder == nil, !state.hasWarned {
                state.hasWarned = true
                let searched = places.map(\.folder).joined(separator: ", ")
                logger.warning(
                    "Armchair's translations were not found, so its dialogs are in English. Looked in: \(searched). Install them with `armchair install-data --prefix <prefix>` (see Shipping Your App)."
                )
            }
            return folder
        }
    }

    /// The folder of the catalogs in use, searching for them on first use: as an engine asked, if
    /// one did.
    static var catalogFolder: String? {
        if let asked = request.withLock({ $0 }) {
            return findCatalogs(
                localeDirectory: asked.localeDirectory, environment: asked.environment, logger: asked.logger)
        }
        return findCatalogs(localeDirectory: nil)
    }

    /// The translation of `english`: the app's catalog first, then Armchair's, both in the one
    /// language ``LanguageChoice`` picks; else `english`.
    static func translate(_ english: String) -> String {
        let catalogs = currentCatalogs()
        return catalogs.app?.translation(of: english) ?? catalogs.armchair?.translation(of: english) ?? english
    }

    /// The translation of a text that depends on `count`, with the language's plural rules.
    static func translate(_ singular: String, _ plural: String, count: Int) -> String {
        let number = UInt(clamping: count)
        let catalogs = currentCatalogs()
        return catalogs.app?.translation(of: singular, count: number)
            ?? catalogs.armchair?.translation(of: singular, count: number) ?? (number == 1 ? singular : plural)
    }

    /// The language the texts are in now: a catalog name such as `de` or `pt_BR`, or `nil` for
    /// English.
    static var language: String? { currentCatalogs().language }

    // MARK: Choosing the catalogs

    /// The catalogs of one language, and what they were chosen for.
    private struct Choice: Sendable {
        var key: [String?]
        var language: String?
        var app: MessageCatalog?
        var armchair: MessageCatalog?
    }

    private static let choice = Mutex<Choice?>(nil)

    /// The catalogs for the user's languages now; chosen again only when `LANGUAGE`, the message
    /// locale, the catalog folder or the app's domain changed.
    private static func currentCatalogs() -> Choice {
        let folder = catalogFolder
        let domain = appDomain.withLock { $0 }
        let languageVariable = getenv("LANGUAGE").map { String(cString: $0) }
        let messagesLocale = setlocale(LC_MESSAGES, nil).map { String(cString: $0) }
        let keepsToApp = keepsToAppLanguages.withLock { $0 }
        let declared = declaredAppLanguages.withLock { $0 }
        let key = [folder, domain, languageVariable, messagesLocale, "\(keepsToApp)"] + declared
        if let cached = choice.withLock({ $0 }), cached.key == key { return cached }

        // The app's catalogs are where it bound its domain (glibc's default place otherwise).
        let appFolder = domain.flatMap { bindtextdomain($0, nil) }.map { String(cString: $0) }
        func path(_ folder: String?, _ language: String, _ domain: String?) -> String? {
            guard let folder, let domain else { return nil }
            return "\(folder)/\(language)/LC_MESSAGES/\(domain).mo"
        }
        let appLanguages = keepsToApp ? AppLanguages(catalogFolder: appFolder, domain: domain, declared: declared) : nil
        if appLanguages?.origin == .unknown { warnOnceOfUnknownLanguages() }
        let preferences = LanguageChoice.preferences(languageVariable: languageVariable, messagesLocale: messagesLocale)
        let language = LanguageChoice.choose(from: preferences) { name in
            guard appLanguages?.contains(name) ?? true else { return false }
            return [path(folder, name, Self.domain), path(appFolder, name, domain)].contains {
                $0.map(FileSystem.exists) ?? false
            }
        }
        let chosen = Choice(
            key: key, language: language,
            app: language.flatMap { path(appFolder, $0, domain) }.flatMap(MessageCatalog.init(path:)),
            armchair: language.flatMap { path(folder, $0, Self.domain) }.flatMap(MessageCatalog.init(path:)))
        choice.withLock { $0 = chosen }
        return chosen
    }

    /// Says once per process that the prompt keeps to the app's languages but knows none.
    private static func warnOnceOfUnknownLanguages() {
        let hasWarned = hasWarnedOfUnknownLanguages.withLock { hasWarned in
            defer { hasWarned = true }
            return hasWarned
        }
        guard !hasWarned else { return }
        Logger(label: "armchair").warning(
            "usesAllAvailableLanguages is off, but the app's languages are unknown: it has no catalogs of its translationDomain and its AppStream metadata lists no <languages>. Armchair's dialogs are in English."
        )
    }
}
