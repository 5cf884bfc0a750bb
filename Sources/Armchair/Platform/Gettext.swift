import CLibintl
import Synchronization

import class Foundation.Bundle

/// Armchair's translations through glibc's gettext, in the text domain `armchair`, bound to the
/// catalogs compiled into the package's resources.
///
/// The language follows the process's locale exactly as gettext does (`LANGUAGE`, `LC_ALL`,
/// `LC_MESSAGES`, `LANG`); a missing language falls back to English. Armchair never calls
/// `textdomain()`: the app's own default domain is untouched.
enum Gettext {
    static let domain = "armchair"

    /// The app's own text domain, consulted first when the app opts in
    /// (``Configuration/translationDomain``).
    static let appDomain = Mutex<String?>(nil)

    /// The folder of the compiled catalogs, bound once.
    static let catalogFolder: String? = {
        guard let folder = Bundle.module.url(forResource: "locale", withExtension: nil)?.path else { return nil }
        bindtextdomain(domain, folder)
        bind_textdomain_codeset(domain, "UTF-8")
        return folder
    }()

    /// The translation of `english`: the app's domain first, then Armchair's, else `english`.
    static func translate(_ english: String) -> String {
        _ = catalogFolder
        // gettext returns the msgid pointer itself when there is no translation, so the C string
        // must stay alive until the result is copied: no temporary bridged pointers here.
        return english.withCString { msgid in
            if let appDomain = appDomain.withLock({ $0 }) {
                let translated = dgettext(appDomain, msgid)!
                if translated != UnsafeMutablePointer(mutating: msgid) { return String(cString: translated) }
            }
            return String(cString: dgettext(domain, msgid))
        }
    }

    /// The translation of a text that depends on `count`, with the language's plural rules.
    static func translate(_ singular: String, _ plural: String, count: Int) -> String {
        _ = catalogFolder
        let number = UInt(clamping: count)
        return singular.withCString { one in
            plural.withCString { many in
                if let appDomain = appDomain.withLock({ $0 }) {
                    let translated = dngettext(appDomain, one, many, number)!
                    let untranslated = [UnsafeMutablePointer(mutating: one), UnsafeMutablePointer(mutating: many)]
                    if !untranslated.contains(translated) { return String(cString: translated) }
                }
                return String(cString: dngettext(domain, one, many, number))
            }
        }
    }
}
