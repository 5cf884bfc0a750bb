/// The languages of Armchair's own catalogs, and where they were found.
///
/// Armchair looks for its compiled catalogs in the folder the app configures
/// (``Configuration/localeDirectory``), then where the program is installed
/// (`<prefix>/share/locale`), then in each `locale` folder of `$XDG_DATA_DIRS`, then in the
/// resource bundle of a SwiftPM build. Without catalogs, its texts are in English.
package enum Translations {
    /// The languages Armchair is translated into besides English, its source language, as gettext
    /// names them (`de`, `pt_BR`, `zh_TW`), sorted; empty when no catalogs were found.
    public static var languages: [String] {
        guard let folder = catalogFolder else { return [] }
        return CatalogSearch.languages(in: folder)
    }

    /// The language Armchair's texts are in now, as its catalog is named (`de`, `pt_BR`,
    /// `sr@latin`), or `nil` for English: the first of the user's languages that Armchair or the
    /// app's own domain has a catalog for (see <doc:Translating>).
    public static var currentLanguage: String? { Gettext.language }

    /// The folder whose catalogs are in use, such as `/usr/share/locale`; `nil` when none was found.
    public static var catalogFolder: String? { Gettext.catalogFolder }

    /// The catalogs this build compiled: in the resource bundle beside the running program, else in
    /// the build folder; `nil` for a program without them (an installed one).
    ///
    /// `armchair install-data` installs these, rather than whatever an earlier installation left.
    package static var catalogFolderOfThisBuild: String? {
        CatalogSearch.places(localeDirectory: nil, executable: RunningExecutable.path, environment: [:])
            .filter { $0.origin == .resourceBundle || $0.origin == .buildFolder }
            .first { CatalogSearch.holdsCatalogs($0.folder) }?.folder
    }

    /// Uses the catalogs in `folder` from now on, as ``Configuration/localeDirectory`` does for an
    /// app; for the `armchair` tool, whose previews show the catalogs it was built with.
    package static func useCatalogs(in folder: String) {
        Gettext.findCatalogs(localeDirectory: folder)
    }

    /// The translation of a message that depends on `count`, in ``currentLanguage``; for the
    /// package's tests, which compare it with glibc's own.
    package static func translate(_ singular: String, _ plural: String, count: Int) -> String {
        Gettext.translate(singular, plural, count: count)
    }

    /// The languages `folder` holds one of Armchair's catalogs for, sorted.
    package static func languages(in folder: String) -> [String] {
        CatalogSearch.languages(in: folder)
    }
}
