import Foundation
import Testing

@testable import ArmchairCore

/// `ServiceAddress` parses addresses itself, so that the library does not link Foundation's `URL`;
/// these tests hold it to what the check built on `URL(string:)` did.
@Suite("Service addresses")
struct ServiceAddressTests {
    /// A check's verdict: the lower-cased scheme and the host, or the reason of the refusal.
    enum Verdict: Hashable, CustomStringConvertible {
        case accepted(scheme: String, host: String)
        case refused(String)

        var description: String {
            switch self {
            case .accepted(let scheme, let host): "accepted (\(scheme), \(host))"
            case .refused(let reason): "refused: \(reason)"
            }
        }
    }

    /// The check as it was on Foundation's `URL`, word for word: the reference.
    static func foundationVerdict(_ address: String) -> Verdict {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty
        else { return .refused("it is not an absolute URL") }
        switch scheme {
        case "https": return .accepted(scheme: scheme, host: host)
        case "http" where ["127.0.0.1", "::1", "[::1]", "localhost"].contains(host.lowercased()):
            return .accepted(scheme: scheme, host: host)
        case "http": return .refused("it must use https (http only to loopback)")
        default: return .refused("the scheme must be https")
        }
    }

    static func verdict(_ address: String) -> Verdict {
        do {
            let checked = try ServiceAddress.check(address)
            return .accepted(scheme: checked.scheme, host: checked.host)
        } catch {
            #expect(error.address == address)
            return .refused(error.reason)
        }
    }

    /// Addresses on which both checks agree: accepted with the same scheme and host, or refused
    /// for the same reason.
    static let agreed = [
        // Accepted.
        "https://odrs.gnome.org/1.0/reviews/api", "HTTPS://Example.ORG", "https://feedback.example.org/notes?app=a#top",
        "https://ada:secret@example.org:8443/x", "https://a@b@example.org/", "http://127.0.0.1:9/1.0/reviews/api",
        "http://[::1]:8080/feedback", "http://localhost:8080/f", "http://LOCALHOST/", "HTTP://127.0.0.1/",
        "https://[2001:db8::1]/", "https://[::ffff:192.0.2.1]:443/", "https://[1:2:3:4:5:6:7:8]/",
        "https://[v1.fe]/", "https://example.org:/", "https://example.org:0080/x", "https://example.org/a%20b",
        "https://example.org/!$&'()*+,;=:@~-._/", "https://example.org?q=1?2", "https://example.org#f?/",
        "https://xn--bcher-kva.example/", "https://a!$&'()*+,;=~_.example/",
        // Refused for their scheme.
        "ftp://example.org", "h+.-9://example.org/", "http://example.org/feedback", "http://[::2]/",
        "http://127.0.0.2/", "http://localhost.example.org/", "http://[0:0:0:0:0:0:0:1]/",
        // Refused as not absolute.
        "feedback", "", " https://example.org", "https:example.org", "https:/example.org", "https:///x",
        "https://", "https://@/", "https://ada@/", "https://:80/", "https://example.org:port/",
        "https://example.org:8080:9/", "https://example.org:-1/", "http://::1/x", "http://[::1", "https://[::1]x/",
        "https://[]/", "https://exa mple.org/", "https://example.org ", "https://exa`mple.org/",
        "https://exa{mple.org/", "https://exa%zz.org/", "https://example.org:80 /", "1http://example.org",
        "+https://example.org", "mailto:ada@example.org", "file:///etc/passwd",
    ]

    @Test("The built-in review server is a usable address (configurations do not check it again)")
    func builtInReviewServer() throws {
        let address = try ServiceAddress.check(Configuration.gnomeReviewServer)
        #expect(address.scheme == "https" && address.host == "odrs.gnome.org")
        var configuration = Configuration(appID: "org.example.Notes")
        configuration.reviewServer = "http://odrs.gnome.org/1.0/reviews/api"
        #expect(throws: ConfigurationError.self) { try configuration.validate() }
    }

    @Test("It agrees with URL(string:) on the scheme, the host and the verdict", arguments: agreed)
    func agreesWithFoundation(address: String) {
        #expect(Self.verdict(address) == Self.foundationVerdict(address))
    }

    /// Addresses on which the checks differ on purpose: `URL(string:)` percent-encodes what a
    /// path, query, fragment or user information may not hold, and converts an international host
    /// to `xn--…` (Foundation's, with ICU; FoundationEssentials alone, as the library linked it,
    /// percent-encoded such a host instead), so the address sent was not the one given.
    /// `ServiceAddress` sends the text as given, so it refuses them and says which character. It
    /// also refuses what only looks like an IP address in brackets, and ports beyond 65535, which
    /// could never be reached.
    static let differences: [(address: String, reason: String)] = [
        ("https://example.org/a b", "it contains the character U+0020; percent-encode it"),
        ("https://ada lovelace@example.org/", "it contains the character U+0020; percent-encode it"),
        ("https://example.org/\t", "it contains the character U+0009; percent-encode it"),
        ("https://example.org/caf\u{E9}", "it contains the character U+00E9; percent-encode it"),
        ("https://b\u{FC}cher.example/", internationalHost),
        ("https://b%C3%BCcher.example/", internationalHost),
        ("https://example.org/%zz", "it contains the character U+0025; percent-encode it"),
        ("https://example.org/%4", "it contains the character U+0025; percent-encode it"),
        ("https://example.org/{appID}", "it contains the character U+007B; percent-encode it"),
        ("https://example.org/a|b", "it contains the character U+007C; percent-encode it"),
        ("https://example.org/\"", "it contains the character U+0022; percent-encode it"),
        ("https://example.org/<", "it contains the character U+003C; percent-encode it"),
        ("https://example.org/a\\b", "it contains the character U+005C; percent-encode it"),
        ("https://example.org/^", "it contains the character U+005E; percent-encode it"),
        ("https://example.org/`", "it contains the character U+0060; percent-encode it"),
        ("https://example.org/?[x]", "it contains the character U+005B; percent-encode it"),
        ("https://example.org/#a#b", "it contains the character U+0023; percent-encode it"),
        ("https://ada[@example.org/", "it contains the character U+005B; percent-encode it"),
        ("https://[xyz]/", "it is not an absolute URL"),
        ("https://[1::2::3]/", "it is not an absolute URL"),
        ("https://[12345::]/", "it is not an absolute URL"),
        ("https://[1:2:3:4:5:6:7:8:9]/", "it is not an absolute URL"),
        ("https://[::1.2.3]/", "it is not an absolute URL"),
        ("https://[::1%eth0]/", "it is not an absolute URL"),
        ("https://example.org:65536/", "its port is more than 65535"),
        ("https://example.org:99999999999999999999999/", "its port is more than 65535"),
    ]

    @Test("It refuses, with a reason, what URL(string:) repaired or let through", arguments: differences)
    func refusesWhatFoundationRepaired(address: String, reason: String) {
        guard case .accepted = Self.foundationVerdict(address) else {
            Issue.record("URL(string:) now refuses \(address.debugDescription) too: move it to the agreed table")
            return
        }
        #expect(Self.verdict(address) == .refused(reason))
    }

    @Test("A host stays as written, where URL decodes it")
    func hostAsWritten() throws {
        #expect(try ServiceAddress.check("https://%65xample.org/").host == "%65xample.org")
        #expect(URL(string: "https://%65xample.org/")?.host == "example.org")
        #expect(try ServiceAddress.check("https://[fe80::1%25eth0]/").host == "fe80::1%25eth0")
        #expect(URL(string: "https://[fe80::1%25eth0]/")?.host == "fe80::1%eth0")
    }

    @Test("The largest port and a port of leading zeros are allowed")
    func ports() {
        #expect(Self.verdict("https://example.org:65535/") == .accepted(scheme: "https", host: "example.org"))
        #expect(Self.verdict("https://example.org:00000000443/") == .accepted(scheme: "https", host: "example.org"))
    }

    @Test("The text is the address exactly as given")
    func text() throws {
        let address = try ServiceAddress(checking: "HTTPS://Example.ORG:443/api/?a=%20#top")
        #expect(address.text == "HTTPS://Example.ORG:443/api/?a=%20#top")
        #expect(address.description == address.text)
        #expect(address.scheme == "https")
        #expect(address.host == "Example.ORG")
        #expect(try ServiceAddress.check(address.text) == address)
    }

    /// Bases and paths to append, compared with `URL.appendingPathComponent(_:)`.
    static let appended = [
        ("https://odrs.gnome.org/1.0/reviews/api", "submit"), ("https://odrs.gnome.org/1.0/reviews/api/", "submit"),
        ("https://example.org", "submit"), ("https://example.org/", "submit"), ("https://example.org?x=1", "submit"),
        ("https://example.org/api?x=/y#f", "submit"), ("https://example.org/api#f", "submit"),
        ("http://[::1]:8080/api", "submit"), ("https://example.org/api", "/submit"),
        ("https://example.org/api", "a/b"), ("https://example.org/api", "sub mit"),
        ("https://example.org/api", "a%20b"), ("https://example.org/api", "x?y#z"),
        ("https://example.org/api", "caf\u{E9}"), ("https://example.org/api", "a:b@c!$&'()*+,;=~"),
    ]

    @Test("A path is appended as URL.appendingPathComponent appends it", arguments: appended)
    func appendsLikeFoundation(base: String, path: String) throws {
        let address = try ServiceAddress.check(base)
        let appended = address.appendingPathComponent(path)
        let expected = try #require(URL(string: base)).appendingPathComponent(path).absoluteString
        #expect(appended.text == expected)
        #expect(try ServiceAddress.check(appended.text) == appended)
    }

    @Test("The review form's consent names the server's host")
    func consentNamesTheHost() throws {
        var configuration = Configuration(appID: "org.example.Notes")
        let content = PromptContent(configuration: configuration, environment: [:])
        #expect(content.reviewForm(suggestedName: "Ada").consent.contains("odrs.gnome.org/") == false)
        #expect(content.reviewForm(suggestedName: "Ada").consent.contains("odrs.gnome.org"))
        let loopback = try ServiceAddress.check("http://[::1]:8080/1.0/reviews/api")
        #expect(content.reviewForm(suggestedName: "Ada", server: loopback).consent.contains("::1"))
        // A server the check refuses still names its host; a text without one is named whole.
        configuration.reviewServer = "http://reviews.example.org/api"
        let plain = PromptContent(configuration: configuration, environment: [:]).reviewForm(suggestedName: "Ada")
        #expect(plain.consent.contains("reviews.example.org") && !plain.consent.contains("http:"))
        configuration.reviewServer = "reviews"
        #expect(PromptContent(configuration: configuration, environment: [:]).reviewForm().consent.contains("reviews"))
    }

    /// SplitMix64: the same addresses on every run.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    static let internationalHost = "its host must be written in ASCII (an international domain name as xn--…)"

    /// Whether `reason` is one of the deliberate differences, for `address`.
    static func isStricter(_ reason: String, address: String) -> Bool {
        reason.hasPrefix("it contains the character") || reason == internationalHost
            || reason == "its port is more than 65535"
            // Not an IPv6 or IPvFuture literal.
            || (reason == "it is not an absolute URL" && (address.contains("//[") || address.contains("@[")))
    }

    @Test("On addresses pieced together at random, it is only ever stricter than URL(string:)")
    func onlyStricter() {
        var random = SeededGenerator(state: 20_261_124)
        let schemes = ["https", "http", "HTTP", "ftp", "h1", "1h", ""]
        let separators = ["://", ":/", ":", "//", "://", "://"]
        let userInfos = ["", "", "ada@", "ada:pw@", "a@b@", "a b@", "@"]
        let hosts = [
            "example.org", "127.0.0.1", "localhost", "[::1]", "[2001:db8::1]", "[::ffff:1.2.3.4]", "[v1.x]", "",
            "a b", "%41", "ex`ample", "b\u{FC}cher", "[::1", "[xyz]", "[1::2::3]", "[fe80::1%25eth0]", "::1",
        ]
        let ports = ["", "", ":", ":80", ":0080", ":65535", ":65536", ":x", ": 80", "::"]
        let pathCharacters = Array("/az09-._~!$&'()*+,;=:@%?#[]{}|\\^`\" <>\u{E9}\t")
        var refusedDifferently = 0
        for _ in 0..<20000 {
            let path = String(
                (0..<Int.random(in: 0...6, using: &random)).map { _ in pathCharacters.randomElement(using: &random)! })
            let address =
                [schemes, separators, userInfos, hosts, ports].map { $0.randomElement(using: &random)! }
                .joined() + path
            let ours = Self.verdict(address)
            let foundation = Self.foundationVerdict(address)
            switch (foundation, ours) {
            case (.refused("it is not an absolute URL"), _):
                // Where Foundation's IDNA refused an international host, this names the rule.
                #expect(ours == foundation || ours == .refused(Self.internationalHost), "\(address.debugDescription)")
            case _ where ours == foundation:
                break
            case (.accepted(let scheme, _), .accepted(let ourScheme, let host))
            where ourScheme == scheme && host.contains("%"):
                break  // A host stays as written, percent-encoded.
            case (_, .refused(let reason)) where Self.isStricter(reason, address: address):
                refusedDifferently += 1
            default:
                Issue.record("\(address.debugDescription): URL(string:) \(foundation), the check \(ours)")
            }
        }
        #expect(refusedDifferently > 0)
    }
}
