/// One compiled gettext catalog (a `.mo` file), read whole, looked up as `dgettext` and
/// `dngettext` look up theirs.
///
/// Armchair reads the catalogs itself instead of asking glibc, because glibc picks a language per
/// domain: with the app's domain consulted first, a dialog could come out half in one language,
/// half in another, and it cannot map a language it has no catalog for to one it has
/// (``LanguageChoice``). The files are the ones `msgfmt` writes, in either byte order.
struct MessageCatalog: Sendable {
    /// The translations by message: one for a simple message, one per plural form for a plural one.
    private let translations: [String: [String]]
    /// The catalog's plural rule.
    let pluralRule: PluralRule

    /// The largest catalog read; Armchair's are about 10 KiB.
    static let sizeLimit = 4 << 20

    /// Reads the catalog at `path`; `nil` when there is none, or it is not a readable `.mo` file.
    init?(path: String) {
        guard case .contents(let bytes)? = try? FileSystem.read(path, limit: Self.sizeLimit) else { return nil }
        self.init(bytes: bytes)
    }

    /// Reads a catalog from its bytes; `nil` when they are not a `.mo` file.
    init?(bytes: [UInt8]) {
        guard bytes.count >= 28 else { return nil }
        let littleEndian: Bool
        switch Self.word(bytes, at: 0, littleEndian: true) {
        case 0x9504_12de: littleEndian = true
        case 0xde12_0495: littleEndian = false
        default: return nil
        }
        func word(_ offset: Int) -> Int? {
            Self.word(bytes, at: offset, littleEndian: littleEndian).map(Int.init)
        }
        guard let count = word(8), let originals = word(12), let translated = word(16), count < 1_000_000 else {
            return nil
        }
        /// The string whose length and offset stand at `entry`, cut into its NUL-separated parts.
        func strings(at entry: Int) -> [String]? {
            guard let length = word(entry), let offset = word(entry + 4), offset <= bytes.count,
                length <= bytes.count - offset
            else { return nil }
            return bytes[offset..<(offset + length)].split(separator: 0, omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
        }
        var translations: [String: [String]] = [:]
        var header = ""
        for index in 0..<count {
            guard let original = strings(at: originals + index * 8),
                let translation = strings(at: translated + index * 8),
                let msgid = original.first
            else { return nil }
            if msgid.isEmpty {
                header = translation.first ?? ""
            } else if !translation.allSatisfy(\.isEmpty) {
                translations[msgid] = translation
            }
        }
        self.translations = translations
        self.pluralRule = PluralRule(header: header)
    }

    /// The translation of `msgid`, or `nil` when the catalog has none.
    func translation(of msgid: String) -> String? {
        translations[msgid]?.first
    }

    /// The translation of a message that depends on `count`, in the form the catalog's rule picks;
    /// `nil` when the catalog has none.
    func translation(of singular: String, count: UInt) -> String? {
        guard let forms = translations[singular] else { return nil }
        let form = pluralRule.form(for: count)
        return form < forms.count && !forms[form].isEmpty ? forms[form] : nil
    }

    private static func word(_ bytes: [UInt8], at offset: Int, littleEndian: Bool) -> UInt32? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        let value = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
        return littleEndian ? value : value.byteSwapped
    }
}
