import Glibc

/// The languages of Armchair's own catalogs.
public enum Translations {
    /// The languages Armchair is translated into besides English, its source language, as gettext
    /// names them (`de`, `pt_BR`, `zh_TW`), sorted.
    public static var languages: [String] {
        guard let folder = Gettext.catalogFolder, let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix("."), access("\(folder)/\(name)/LC_MESSAGES/\(Gettext.domain).mo", R_OK) == 0 {
                names.append(name)
            }
        }
        return names.sorted()
    }
}
