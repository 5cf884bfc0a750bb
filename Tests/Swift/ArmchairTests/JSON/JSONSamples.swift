import ArmchairCore
import Foundation

@testable import ArmchairDelivery

/// Values and files the JSON tests share: what Armchair sends and keeps, the files an earlier
/// version wrote, and Foundation's coders set up as that version used them.
enum JSONSamples {
    /// Text with everything a JSON writer must escape or must leave alone: quotes, backslashes,
    /// slashes, line breaks, tabs, control characters, DEL, U+2028, non-ASCII letters composed and
    /// decomposed, emoji with modifiers and joiners, a byte order mark, and CJK.
    static let awkwardText =
        "Er sagte: \"Export nach PDF/A\" \\ C:\\Notes\r\nZeile 2\tTab \u{8}\u{C}\u{0}\u{1}\u{1F}\u{7F} "
        + "\u{2028}\u{2029} Ränder e\u{301} ß Ω 😀 👍🏽 👩‍👩‍👧 \u{FEFF} 日本語 </script>"

    static let fullMessage = FeedbackMessage(
        id: "6f1c0c7e-3f0b-4d43-9a4f-3f8b1f7f2c11", appID: "org.example.Notes", appName: "Notizen",
        appVersion: "2.4.1", locale: "de_DE", text: "Exporting to PDF loses the page margins.",
        replyEmail: "ada@example.org",
        systemDetails: [
            SystemDetail(name: "Operating system", value: "Debian GNU/Linux 12 (bookworm)"),
            SystemDetail(name: "Desktop", value: "GNOME (wayland)"),
        ],
        date: Date(timeIntervalSince1970: 1_795_428_843))

    static let bareMessage = FeedbackMessage(
        id: "m-1", appID: "org.example.Notes", appName: "Notes", text: "Hi", replyEmail: nil, systemDetails: nil,
        date: Date(timeIntervalSince1970: 1_795_428_843.75))

    static let awkwardMessage = FeedbackMessage(
        id: "m-2", appID: "org.example.Notes", appName: "Nötes \"Pro\"", appVersion: "1:2.0~rc/1", locale: "pt_BR",
        text: awkwardText, replyEmail: "a/b@example.org", systemDetails: [SystemDetail(name: awkwardText, value: "")],
        date: Date(timeIntervalSince1970: -1.5))

    /// A message whose user ticked the box, and whose system details came out empty.
    static let emptyDetailsMessage = FeedbackMessage(
        id: "m-3", appID: "org.example.Notes", appName: "Notes", text: "", replyEmail: "", systemDetails: [],
        date: Date(timeIntervalSince1970: 951_782_400))

    static let messages = [fullMessage, bareMessage, awkwardMessage, emptyDetailsMessage]

    static let review = ODRSReview(
        id: "2b0d6c1e-51b3-4f0e-9a51-6f3c1d2e7a90", date: Date(timeIntervalSince1970: 1_795_428_843),
        server: "https://odrs.gnome.org/1.0/reviews/api", appID: "org.example.Notes", locale: "fr_FR",
        summary: "Rapide et soignée", description: "S'ouvre « instantanément ».\nJamais de perte.",
        userHash: "0123456789abcdef0123456789abcdef01234567", version: "2.4.1", distro: "Debian GNU/Linux",
        rating: 80, userDisplay: "Ada 👩‍💻")

    static func entry<Message>(_ message: Message, attempts: Int = 3, lastError: String? = "offline")
        -> OutboxEntry<Message>
    {
        OutboxEntry(
            message: message, attempts: attempts, nextAttempt: Date(timeIntervalSince1970: 1_795_429_083),
            lastError: lastError)
    }

    // MARK: Foundation, as the earlier version used it

    /// Foundation's encoder as the outbox (`prettyPrinted`) or the HTTP bodies (compact) used it.
    static func foundationEncoder(prettyPrinted: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = prettyPrinted ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    static func foundationBytes(_ value: some Encodable, prettyPrinted: Bool = false) throws -> [UInt8] {
        Array(try foundationEncoder(prettyPrinted: prettyPrinted).encode(value))
    }

    static func ourBytes(_ value: some Encodable, prettyPrinted: Bool = false) throws -> [UInt8] {
        try JSONValueEncoder(layout: prettyPrinted ? .prettyPrinted : .compact).encode(value)
    }

    static var foundationDecoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    // MARK: Files the earlier version wrote

    /// A feedback outbox file as the version with Foundation's `JSONEncoder` wrote it (the
    /// message's date was 10:14:03.75; the file keeps whole seconds).
    static let earlierFeedbackFile = #"""
        {
          "attempts" : 3,
          "lastError" : "The feedback server could not be reached.",
          "message" : {
            "appID" : "org.example.Notes",
            "appName" : "Notizen",
            "appVersion" : "2.4.1",
            "date" : "2026-11-23T10:14:03Z",
            "id" : "6f1c0c7e-3f0b-4d43-9a4f-3f8b1f7f2c11",
            "locale" : "de_DE",
            "replyEmail" : "ada@example.org",
            "systemDetails" : [
              {
                "name" : "Betriebssystem",
                "value" : "Debian GNU\/Linux 12 (bookworm)"
              },
              {
                "name" : "Desktop",
                "value" : "GNOME (wayland)"
              }
            ],
            "text" : "Der Export nach PDF\/A verliert die Ränder.\n\"Seite 2\" fehlt\tganz 😞 \\ Ende"
          },
          "nextAttempt" : "2026-11-23T10:18:03Z",
          "version" : 1
        }
        """#

    /// What ``earlierFeedbackFile`` holds.
    static let earlierFeedbackEntry = OutboxEntry(
        message: FeedbackMessage(
            id: "6f1c0c7e-3f0b-4d43-9a4f-3f8b1f7f2c11", appID: "org.example.Notes", appName: "Notizen",
            appVersion: "2.4.1", locale: "de_DE",
            text: "Der Export nach PDF/A verliert die Ränder.\n\"Seite 2\" fehlt\tganz 😞 \\ Ende",
            replyEmail: "ada@example.org",
            systemDetails: [
                SystemDetail(name: "Betriebssystem", value: "Debian GNU/Linux 12 (bookworm)"),
                SystemDetail(name: "Desktop", value: "GNOME (wayland)"),
            ],
            date: Date(timeIntervalSince1970: 1_795_428_843)),
        attempts: 3, nextAttempt: Date(timeIntervalSince1970: 1_795_429_083),
        lastError: "The feedback server could not be reached.")

    /// A review outbox file as the version with Foundation's `JSONEncoder` wrote it.
    static let earlierReviewFile = #"""
        {
          "attempts" : 0,
          "message" : {
            "appID" : "org.example.Notes",
            "date" : "2026-11-23T10:14:03Z",
            "description" : "S'ouvre instantanément.",
            "distro" : "Debian GNU\/Linux",
            "id" : "2b0d6c1e-51b3-4f0e-9a51-6f3c1d2e7a90",
            "locale" : "fr_FR",
            "rating" : 80,
            "server" : "https:\/\/odrs.gnome.org\/1.0\/reviews\/api",
            "summary" : "Rapide et soignée",
            "userDisplay" : "Ada",
            "userHash" : "0123456789abcdef0123456789abcdef01234567",
            "version" : "2.4.1"
          },
          "nextAttempt" : "2026-11-23T10:14:03Z",
          "version" : 1
        }
        """#

    /// What ``earlierReviewFile`` holds.
    static let earlierReviewEntry = OutboxEntry(
        message: ODRSReview(
            id: "2b0d6c1e-51b3-4f0e-9a51-6f3c1d2e7a90", date: Date(timeIntervalSince1970: 1_795_428_843),
            server: "https://odrs.gnome.org/1.0/reviews/api", appID: "org.example.Notes", locale: "fr_FR",
            summary: "Rapide et soignée", description: "S'ouvre instantanément.",
            userHash: "0123456789abcdef0123456789abcdef01234567", version: "2.4.1", distro: "Debian GNU/Linux",
            rating: 80, userDisplay: "Ada"),
        attempts: 0, nextAttempt: Date(timeIntervalSince1970: 1_795_428_843), lastError: nil)
}

/// A type that uses every part of the `Encoder` and `Decoder` protocols: every integer width,
/// both floating-point types, `nil`, nested keyed and unkeyed containers, and super encoders,
/// keyed and unkeyed.
struct Specimen: Codable, Equatable {
    var flag = true
    var integers: [Int64] = [.min, -1, 0, 1, .max]
    var int8: Int8 = -128
    var int16: Int16 = 32_767
    var int32: Int32 = -2_147_483_648
    var uint: UInt = .max
    var uint8: UInt8 = 255
    var uint16: UInt16 = 65_535
    var uint32: UInt32 = 4_294_967_295
    var uint64: UInt64 = .max
    var double = 0.1
    var float: Float = 1.5
    var text = "a/b"
    var missing: String?
    var point = (x: 3, y: -4)
    var base = Base(name: "base")
    var stamps = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_795_428_843)]

    struct Base: Codable, Equatable { var name: String }

    enum Key: String, CodingKey {
        case flag, integers, int8, int16, int32, uint, uint8, uint16, uint32, uint64, double, float, text, missing
        case point, x, y, list, parent, stamps
    }

    init() {}

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(flag, forKey: .flag)
        try container.encode(integers, forKey: .integers)
        try container.encode(int8, forKey: .int8)
        try container.encode(int16, forKey: .int16)
        try container.encode(int32, forKey: .int32)
        try container.encode(uint, forKey: .uint)
        try container.encode(uint8, forKey: .uint8)
        try container.encode(uint16, forKey: .uint16)
        try container.encode(uint32, forKey: .uint32)
        try container.encode(uint64, forKey: .uint64)
        try container.encode(double, forKey: .double)
        try container.encode(float, forKey: .float)
        try container.encode(text, forKey: .text)
        try container.encodeNil(forKey: .missing)
        var point = container.nestedContainer(keyedBy: Key.self, forKey: .point)
        try point.encode(self.point.x, forKey: .x)
        try point.encode(self.point.y, forKey: .y)
        var list = container.nestedUnkeyedContainer(forKey: .list)
        try list.encode(flag)
        try list.encodeNil()
        try list.encode(int8)
        try list.encode(uint64)
        try list.encode(double)
        try list.encode(float)
        try list.encode(text)
        var listPoint = list.nestedContainer(keyedBy: Key.self)
        try listPoint.encode(self.point.x, forKey: .x)
        var listList = list.nestedUnkeyedContainer()
        try listList.encode(self.point.y)
        try base.encode(to: list.superEncoder())
        try base.encode(to: container.superEncoder())
        try base.encode(to: container.superEncoder(forKey: .parent))
        try container.encode(stamps, forKey: .stamps)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        flag = try container.decode(Bool.self, forKey: .flag)
        integers = try container.decode([Int64].self, forKey: .integers)
        int8 = try container.decode(Int8.self, forKey: .int8)
        int16 = try container.decode(Int16.self, forKey: .int16)
        int32 = try container.decode(Int32.self, forKey: .int32)
        uint = try container.decode(UInt.self, forKey: .uint)
        uint8 = try container.decode(UInt8.self, forKey: .uint8)
        uint16 = try container.decode(UInt16.self, forKey: .uint16)
        uint32 = try container.decode(UInt32.self, forKey: .uint32)
        uint64 = try container.decode(UInt64.self, forKey: .uint64)
        double = try container.decode(Double.self, forKey: .double)
        float = try container.decode(Float.self, forKey: .float)
        text = try container.decode(String.self, forKey: .text)
        guard try container.decodeNil(forKey: .missing) else { throw SpecimenMismatch(part: "missing") }
        let point = try container.nestedContainer(keyedBy: Key.self, forKey: .point)
        self.point = (try point.decode(Int.self, forKey: .x), try point.decode(Int.self, forKey: .y))
        var list = try container.nestedUnkeyedContainer(forKey: .list)
        let listFlag = try list.decode(Bool.self)
        let listNil = try list.decodeNil()
        let listInt8 = try list.decode(Int8.self)
        let listUInt64 = try list.decode(UInt64.self)
        let listDouble = try list.decode(Double.self)
        let listFloat = try list.decode(Float.self)
        let listText = try list.decode(String.self)
        let listPoint = try list.nestedContainer(keyedBy: Key.self)
        var listList = try list.nestedUnkeyedContainer()
        let listBase = try Base(from: list.superDecoder())
        guard
            listFlag == flag, listNil, listInt8 == int8, listUInt64 == uint64, listDouble == double,
            listFloat == float, listText == text, try listPoint.decode(Int.self, forKey: .x) == self.point.x,
            try listList.decode(Int.self) == self.point.y, listList.isAtEnd, list.isAtEnd, list.count == 10
        else { throw SpecimenMismatch(part: "list") }
        base = try Base(from: container.superDecoder())
        guard try Base(from: container.superDecoder(forKey: .parent)) == base, listBase == base else {
            throw SpecimenMismatch(part: "super")
        }
        stamps = try container.decode([Date].self, forKey: .stamps)
    }

    static func == (left: Specimen, right: Specimen) -> Bool {
        left.flag == right.flag && left.integers == right.integers && left.int8 == right.int8
            && left.int16 == right.int16 && left.int32 == right.int32 && left.uint == right.uint
            && left.uint8 == right.uint8 && left.uint16 == right.uint16 && left.uint32 == right.uint32
            && left.uint64 == right.uint64 && left.double == right.double && left.float == right.float
            && left.text == right.text && left.missing == right.missing && left.point == right.point
            && left.base == right.base && left.stamps == right.stamps
    }
}

struct SpecimenMismatch: Error { var part: String }
