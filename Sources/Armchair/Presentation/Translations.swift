/// The languages of Armchair's own catalogs, and where they were found.
///
/// Armchair looks for its compiled catalogs in the folder the app configures
/// (``Configuration/localeDirectory``), then where the program is installed
/// (`<prefix>/share/locale`), then in each `locale` folder of `$XDG_DATA_DIRS`, then in the
/// resource bundle of a SwiftPM build. Without catalogs, its texts are in English.
public enum Translations {
    /// The languages Armchair is translated into besides English, its source language, as gettext
    /// names them (`de`, `pt_BR`, `zh_TW`), sorted; empty when no catalogs were found.
    public static var languages: [String] {
        guard let folder = catalogFolder else { return [] }
        return CatalogSearch.languages(in: folder)
    }

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
        Gettext.bindCatalogs(localeDirectory: folder)
    }

    /// The languages `folder` holds one of Armchair's catalogs for, sorted.
    package static func languages(in folder: String) -> [String] {
        CatalogSearch.languages(in: folder)
    }
}
