/// Checks application IDs the way GApplication and AppStream expect them.
///
/// An application ID is a reverse-DNS name such as `org.gnome.Maps`: at least two elements
/// separated by dots, each made of ASCII letters, digits, `_` or `-`, none starting with a digit,
/// at most 255 characters in all. This is GLib's `g_application_id_is_valid()` rule, so an ID that
/// passes here is one a `GtkApplication` accepts and a software centre can look up.
enum ApplicationID {
    /// The longest ID GLib accepts (a D-Bus name limit).
    static let maximumLength = 255

    /// Returns why `candidate` is not a valid application ID, or `nil` when it is.
    static func problem(with candidate: String) -> String? {
        if candidate.isEmpty { return "it is empty" }
        if candidate.utf8.count > maximumLength {
            return "it is longer than \(maximumLength) characters"
        }
        // Checked on the UTF-8 bytes, since every allowed character is ASCII: this runs at every
        // start of an engine, and splitting into characters cost more than the rest of the check.
        let elements = candidate.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        if elements.count < 2 {
            return "it needs at least two dot-separated parts, like org.example.App"
        }
        for element in elements {
            guard let first = element.first else {
                return "it has an empty part (two dots in a row, or a dot at either end)"
            }
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) {
                return "the part \"\(Substring(element))\" starts with a digit"
            }
            if !element.allSatisfy({ $0 < 0x80 && isAllowed(Unicode.Scalar($0)) }),
                let bad = Substring(element).unicodeScalars.first(where: { !isAllowed($0) })
            {
                return "the character \"\(bad.escaped(asASCII: true))\" is not allowed"
                    + " (use letters, digits, _ and -)"
            }
        }
        return nil
    }

    /// A readable name for an app whose display name is not known: the last part of its ID.
    ///
    /// `org.gnome.TextEditor` gives `TextEditor`; `com.example.photo-booth` gives `Photo Booth`.
    static func displayName(from id: String) -> String {
        let last = id.split(separator: ".").last.map(String.init) ?? id
        guard last.contains("-") || last.contains("_") else { return last }
        return last.split(whereSeparator: { $0 == "-" || $0 == "_" })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined(separator: " ")
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-": true
        default: false
        }
    }
}
