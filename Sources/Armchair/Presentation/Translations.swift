import Glibc

/// The languages of Armchair's own catalogs.
public enum Translations {
    /// The languages Armchair is translated into besides English, its source language, as gettext
    /// names them (`de`, `pt_BR`, `zh_TW`), sorted.
    public static var languages: [String] {
        guard let folder = Gettext.catalogFolder else { return [] }
        return FileSystem.entries(of: folder).filter { name in
            !name.hasPrefix(".") && access("\(folder)/\(name)/LC_MESSAGES/\(Gettext.domain).mo", R_OK) == 0
        }.sorted()
    }
}
