/// Where "Rate" leads: the addresses to try, best first.
///
/// Resolved from the configuration and the environment:
/// 1. ``Configuration/reviewURLTemplate``, when set, is the only address;
/// 2. otherwise, inside a snap (`$SNAP_NAME` set), `snap://<name>` for Ubuntu's App Center;
/// 3. then `appstream://<appID>`, which GNOME Software, KDE Discover and elementary AppCenter open
///    on the app's page, where the user can write a review;
/// 4. last, `https://flathub.org/apps/<appID>`, an information page for systems without a
///    software centre.
public struct ReviewDestination: Sendable, Hashable {
    /// The addresses to try, in order; never empty.
    public var addresses: [String]

    /// The best address.
    public var primary: String { addresses.first ?? "" }

    /// Creates a destination from explicit addresses, best first; `nil` when there is none.
    public init?(addresses: [String]) {
        guard !addresses.isEmpty else { return nil }
        self.addresses = addresses
    }

    private init(resolved addresses: [String]) { self.addresses = addresses }

    /// The destination for `configuration` in `environment`.
    ///
    /// - Parameters:
    ///   - configuration: A validated configuration.
    ///   - environment: The process environment; only `SNAP_NAME` is read.
    package static func resolve(_ configuration: Configuration, environment: [String: String]) -> ReviewDestination {
        if let template = configuration.reviewURLTemplate {
            return ReviewDestination(resolved: [
                ReviewURLTemplate.fill(template, appID: configuration.appID, campaign: configuration.campaignCode)
            ])
        }
        var addresses: [String] = []
        if let snap = environment["SNAP_NAME"], isSnapName(snap) {
            addresses.append("snap://\(snap)")
        }
        addresses.append("appstream://\(configuration.appID)")
        addresses.append("https://flathub.org/apps/\(configuration.appID)")
        return ReviewDestination(resolved: addresses)
    }

    /// Snap names: lowercase letters, digits and single hyphens, at most 40 characters.
    private static func isSnapName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 40 && !name.hasPrefix("-") && !name.hasSuffix("-")
            && !name.containsText("--")
            && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}

/// A developer's review URL template with `{appID}` and `{campaign}` placeholders.
enum ReviewURLTemplate {
    static let placeholders = ["{appID}", "{campaign}"]

    /// Returns why `template` is not a usable URL template, or `nil` when it is.
    static func problem(with template: String) -> String? {
        var rest = template
        for placeholder in placeholders { rest = rest.replacingAll(placeholder, with: "x") }
        if let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            return "unknown placeholder \(rest[open...close]); use {appID} or {campaign}"
        }
        guard let colon = rest.firstIndex(of: ":"), colon != rest.startIndex else {
            return "\"\(template)\" is not an absolute URL (it needs a scheme, like https:)"
        }
        let scheme = rest[..<colon]
        guard URICharacter.isScheme(scheme.unicodeScalars) else { return "\"\(scheme)\" is not a URL scheme" }
        if rest[rest.index(after: colon)...].isEmpty { return "the URL has nothing after \(scheme):" }
        if let bad = rest.unicodeScalars.first(where: { $0.value <= 0x20 || $0.value == 0x7F }) {
            return
                "the URL contains the character U+\(String(bad.value, radix: 16, uppercase: true)); percent-encode it"
        }
        return nil
    }

    /// The template with its placeholders replaced by percent-encoded values.
    static func fill(_ template: String, appID: String, campaign: String) -> String {
        template
            .replacingAll("{appID}", with: percentEncoded(appID))
            .replacingAll("{campaign}", with: percentEncoded(campaign))
    }

    /// `text` with every byte outside RFC 3986's unreserved set percent-encoded.
    static func percentEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }
}
