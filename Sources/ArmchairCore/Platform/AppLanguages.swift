/// The languages an app is translated into, which the prompt keeps to when
/// ``Configuration/usesAllAvailableLanguages`` is `false`: those of the app's own catalogs, else
/// those its AppStream metadata lists.
///
/// The catalogs win: they are what the app shows now, while the metadata's list was written when
/// it was built, and may count a language translated too little for the app to use it.
struct AppLanguages: Equatable {
    /// Where the languages came from.
    enum Origin: Equatable {
        /// `<folder>/<ll>/LC_MESSAGES/<domain>.mo` of the app's translation domain.
        case catalogs
        /// The `<languages>` of its AppStream metadata.
        case metainfo
        /// Neither: the prompt is in English.
        case unknown
    }

    /// The catalog names, such as `de` or `pt_BR`.
    let names: Set<String>
    let origin: Origin

    /// The app's languages.
    ///
    /// - Parameters:
    ///   - catalogFolder: Where the app bound its translation domain.
    ///   - domain: The app's translation domain.
    ///   - declared: The languages of its AppStream metadata, such as `de` or `pt-BR`.
    init(catalogFolder: String?, domain: String?, declared: [String]) {
        if let catalogFolder, let domain {
            let found = FileSystem.entries(of: catalogFolder).filter {
                FileSystem.exists("\(catalogFolder)/\($0)/LC_MESSAGES/\(domain).mo")
            }
            if !found.isEmpty {
                (names, origin) = (Set(found), .catalogs)
                return
            }
        }
        // Not `replacing(_:with:)`: it is _StringProcessing's, and brings its regex engine along.
        let listed = declared.map { $0.replacingAll("-", with: "_") }.filter { !$0.isEmpty }
        (names, origin) = listed.isEmpty ? ([], .unknown) : (Set(listed), .metainfo)
    }

    /// Whether the app is translated into the catalog `name`.
    func contains(_ name: String) -> Bool { names.contains(name) }
}
