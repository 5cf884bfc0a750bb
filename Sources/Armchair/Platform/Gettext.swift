import CLibintl
import Logging
import Synchronization

/// Armchair's translations through glibc's gettext, in the text domain `armchair`, bound to the
/// first folder of compiled catalogs that ``CatalogSearch`` finds.
///
/// The language follows the process's locale exactly as gettext does (`LANGUAGE`, `LC_ALL`,
/// `LC_MESSAGES`, `LANG`); a missing language falls back to English, and so do missing catalogs,
/// with one warning in the log. Armchair never calls `textdomain()`: the app's own default domain
/// is untouched.
enum Gettext {
    static let domain = "armchair"

    /// The app's own text domain, consulted first when the app opts in
    /// (``Configuration/translationDomain``).
    static let appDomain = Mutex<String?>(nil)

    /// What the search found, once it ran.
    struct Binding: Sendable {
        /// The folder bound, or `nil` when no folder held a catalog.
        var folder: String?
        /// Every folder looked in, in order.
        var searched: [CatalogSearch.Place]
        /// The app's folder the search started with.
        var localeDirectory: String?
    }

    private static let state = Mutex<(binding: Binding?, hasWarned: Bool)>((nil, false))

    /// Finds Armchair's catalogs and binds the text domain to them, unless that was done already
    /// for the same `localeDirectory`; a new folder from the app searches again.
    ///
    /// With no catalogs anywhere, logs one warning per process and leaves the texts in English.
    ///
    /// - Parameters:
    ///   - localeDirectory: The app's folder of catalogs (``Configuration/localeDirectory``), tried first.
    ///   - environment: Where `XDG_DATA_DIRS` is read; default: this process's.
    ///   - logger: Where the warning goes.
    /// - Returns: What the search found.
    @discardableResult
    static func bindCatalogs(
        localeDirectory: String?, environment: [String: String]? = nil, logger: Logger = Logger(label: "armchair")
    ) -> Binding {
        state.withLock { state in
            if let binding = state.binding, localeDirectory == nil || localeDirectory == binding.localeDirectory {
                return binding
            }
            let places = CatalogSearch.places(
                localeDirectory: localeDirectory, executable: RunningExecutable.path,
                environment: environment ?? ProcessEnvironment.current)
            let found = places.first { CatalogSearch.holdsCatalogs($0.folder) }
            // A folder bound before stays bound when a new search finds nothing.
            let binding = Binding(
                folder: found?.folder ?? state.binding?.folder, searched: places, localeDirectory: localeDirectory)
            state.binding = binding
            if let localeDirectory, found?.origin != .configured {
                let fallback = found.map { "using \($0.folder) instead" } ?? "none were found elsewhere either"
                logger.warning(
                    "Armchair's translations are not in the localeDirectory \(localeDirectory) (it has no <language>/LC_MESSAGES/\(domain).mo); \(fallback)."
                )
            }
            if let found {
                bindtextdomain(domain, found.folder)
                bind_textdomain_codeset(domain, "UTF-8")
            } else if binding.folder == nil, !state.hasWarned {
                state.hasWarned = true
                let searched = places.map(\.folder).joined(separator: ", ")
                logger.warning(
                    "Armchair's translations were not found, so its dialogs are in English. Looked in: \(searched). Install them with `armchair install-data --prefix <prefix>` (see Shipping Your App)."
                )
            }
            return binding
        }
    }

    /// The folder of the catalogs in use, searching for them on first use.
    static var catalogFolder: String? { bindCatalogs(localeDirectory: nil).folder }

    /// The translation of `english`: the app's domain first, then Armchair's, else `english`.
    static func translate(_ english: String) -> String {
        _ = catalogFolder
        // gettext returns the msgid pointer itself when there is no translation, so the C string
        // must stay alive until the result is copied: no temporary bridged pointers here.
        return english.withCString { msgid in
            if let appDomain = appDomain.withLock({ $0 }), let translated = dgettext(appDomain, msgid),
                translated != UnsafeMutablePointer(mutating: msgid)
            {
                return String(cString: translated)
            }
            return dgettext(domain, msgid).map { String(cString: $0) } ?? english
        }
    }

    /// The translation of a text that depends on `count`, with the language's plural rules.
    static func translate(_ singular: String, _ plural: String, count: Int) -> String {
        _ = catalogFolder
        let number = UInt(clamping: count)
        return singular.withCString { one in
            plural.withCString { many in
                let untranslated = [UnsafeMutablePointer(mutating: one), UnsafeMutablePointer(mutating: many)]
                if let appDomain = appDomain.withLock({ $0 }), let translated = dngettext(appDomain, one, many, number),
                    !untranslated.contains(translated)
                {
                    return String(cString: translated)
                }
                return dngettext(domain, one, many, number).map { String(cString: $0) }
                    ?? (number == 1 ? singular : plural)
            }
        }
    }
}
