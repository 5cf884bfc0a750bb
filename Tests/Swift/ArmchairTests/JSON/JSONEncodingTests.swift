import ArmchairCore
import ArmchairTesting
import Foundation
import Testing

@testable import ArmchairDelivery

/// Armchair's own JSON writer against Foundation's `JSONEncoder`, which it replaced: for what
/// Armchair sends and keeps, the bytes must be the same, so receivers and files see no change.
@Suite("JSON writing")
struct JSONEncodingTests {
    private func expectSameBytes(
        _ value: some Encodable, prettyPrinted: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let ours = try JSONSamples.ourBytes(value, prettyPrinted: prettyPrinted)
        let foundation = try JSONSamples.foundationBytes(value, prettyPrinted: prettyPrinted)
        // Bytes, not strings: Swift's `String` equality would take "é" and "e\u{301}" as equal.
        let isSame = ours == foundation
        #expect(
            isSame,
            "Armchair: \(String(decoding: ours, as: UTF8.self))\nFoundation: \(String(decoding: foundation, as: UTF8.self))",
            sourceLocation: sourceLocation)
    }

    @Test(
        "a feedback body is byte for byte what JSONEncoder sent, with and without the optional fields",
        arguments: JSONSamples.messages)
    func feedbackBody(message: FeedbackMessage) throws {
        try expectSameBytes(message)
    }

    @Test("a feedback outbox file is byte for byte what JSONEncoder wrote", arguments: JSONSamples.messages)
    func feedbackOutboxFile(message: FeedbackMessage) throws {
        try expectSameBytes(JSONSamples.entry(message), prettyPrinted: true)
        try expectSameBytes(JSONSamples.entry(message, attempts: 0, lastError: nil), prettyPrinted: true)
    }

    @Test("a review outbox file and the ODRS submit body are byte for byte what JSONEncoder wrote")
    func review() throws {
        try expectSameBytes(JSONSamples.entry(JSONSamples.review), prettyPrinted: true)
        try expectSameBytes(JSONSamples.review.body)
        let body = String(decoding: try JSONSamples.ourBytes(JSONSamples.review.body), as: UTF8.self)
        #expect(body.hasPrefix(#"{"app_id":"org.example.Notes","description":"S'ouvre « instantanément ».\nJamais"#))
        #expect(body.contains(#""rating":80,"summary":"Rapide et soignée","user_display":"Ada 👩‍💻","#))
    }

    @Test("the earlier version's outbox files come out again byte for byte")
    func earlierFiles() throws {
        #expect(
            try JSONSamples.ourBytes(JSONSamples.earlierFeedbackEntry, prettyPrinted: true)
                == Array(JSONSamples.earlierFeedbackFile.utf8))
        #expect(
            try JSONSamples.ourBytes(JSONSamples.earlierReviewEntry, prettyPrinted: true)
                == Array(JSONSamples.earlierReviewFile.utf8))
    }

    @Test("escaping: quotes, backslashes, slashes and control characters escaped; the rest written as it is")
    func escaping() throws {
        let text = String(decoding: try JSONSamples.ourBytes([JSONSamples.awkwardText]), as: UTF8.self)
        #expect(
            text.hasPrefix(#"["Er sagte: \"Export nach PDF\/A\" \\ C:\\Notes\r\nZeile 2\tTab \b\f\u0000\u0001\u001f"#))
        #expect(text.contains("\u{7F} \u{2028}\u{2029} Ränder e\u{301} ß Ω 😀 👍🏽 👩‍👩‍👧 \u{FEFF} 日本語 <\\/script>"))
        try expectSameBytes([JSONSamples.awkwardText])
        let everyControlCharacter = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
        try expectSameBytes(["\(everyControlCharacter)"])
    }

    @Test("random text of every plane is written as JSONEncoder writes it")
    func randomText() throws {
        var random = SeededRandom(seed: 2026)
        for _ in 0..<300 {
            let text = Self.randomText(using: &random)
            try expectSameBytes([text: text])
        }
    }

    @Test("keys are sorted as JSONEncoder sorts them: by UTF-8 bytes, capitals before small letters")
    func sortedKeys() throws {
        let keys = [
            "a", "B", "_x", "aa", "a_b", "aB", "ab", "é", "e", "Z", "z", "10", "9", "ﬀ", "ｆ", "", " ", "😀", "日",
        ]
        try expectSameBytes(Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) }))
        try expectSameBytes(Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) }), prettyPrinted: true)
        var random = SeededRandom(seed: 8)
        for _ in 0..<50 {
            let keys = (0..<8).map { _ in Self.randomText(using: &random) }
            try expectSameBytes(Dictionary(keys.map { ($0, 1) }, uniquingKeysWith: +))
        }
    }

    @Test("pretty printing: two-space indents, ` : `, and empty arrays and objects as JSONEncoder lays them out")
    func prettyPrinting() throws {
        let nested: [String: [[String: [Int]]]] = ["a": [["b": [1, 2], "c": []], [:]], "d": []]
        try expectSameBytes(nested, prettyPrinted: true)
        try expectSameBytes(nested)
        try expectSameBytes([[Int]](), prettyPrinted: true)
        try expectSameBytes([String: Int](), prettyPrinted: true)
        try expectSameBytes("top-level text", prettyPrinted: true)
    }

    @Test("dates: ISO 8601 in UTC, seconds rounded down, as JSONEncoder's .iso8601 writes them")
    func dates() throws {
        let seconds: [Double] = [
            0, 0.999, -0.001, -1, 1.5, 1_795_428_843.999_9, 951_782_400, 951_868_799, 4_107_542_400, 1e9,
            -12_219_292_800, 253_402_300_799, Date.distantFuture.timeIntervalSince1970,
        ]
        try expectSameBytes(seconds.map { Date(timeIntervalSince1970: $0) })
        var random = SeededRandom(seed: 1582)
        // From the Gregorian reform to 9999: before it Foundation counts in the Julian calendar.
        let dates = (0..<2000).map { _ in Date(timeIntervalSince1970: -12_219_292_800 + random.unit() * 265_621_593_599)
        }
        try expectSameBytes(dates)
    }

    @Test("dates outside 0000 to 9999 are written as the nearest that four digits hold, and NaN as 1970")
    func datesOutOfRange() throws {
        let written = try [
            Date(timeIntervalSince1970: 1e15), Date(timeIntervalSince1970: -1e15), .init(timeIntervalSince1970: .nan),
        ]
        .map { String(decoding: try JSONSamples.ourBytes($0), as: UTF8.self) }
        #expect(written == [#""9999-12-31T23:59:59Z""#, #""0000-01-01T00:00:00Z""#, #""1970-01-01T00:00:00Z""#])
    }

    @Test("numbers: integers of every width in full, floating point as JSONEncoder writes it")
    func numbers() throws {
        try expectSameBytes([Int.min, Int.max, 0, -1])
        try expectSameBytes([UInt64.max])
        let doubles: [Double] = [
            0, -0.0, 0.1, 1, 3, 123.456, 1e15, 1e16, 9_007_199_254_740_994, 1.797_693_134_862_315_7e308,
            .leastNonzeroMagnitude, 1e-7,
            0.0001, 0.00001, -2.5e-300,
        ]
        try expectSameBytes(doubles)
        try expectSameBytes([Float(0.1), 1e7, 1e8, 16_777_216, 1e-5, .greatestFiniteMagnitude])
        try expectSameBytes(Specimen())
        try expectSameBytes(Specimen(), prettyPrinted: true)
    }

    @Test("a value that encodes nothing is {} inside another and an error at the top, as with JSONEncoder")
    func encodesNothing() throws {
        try expectSameBytes([Silent(), Silent()])
        #expect(throws: EncodingError.self) { try JSONSamples.ourBytes(Silent()) }
    }

    @Test("infinity and NaN cannot be written: an error naming where they are")
    func nonFiniteNumbers() throws {
        for number in [Double.infinity, -.infinity, .nan] {
            let error = try #require(throws: EncodingError.self) { try JSONSamples.ourBytes(["ratio": [1, number]]) }
            guard case .invalidValue(_, let context) = error else {
                Issue.record("\(error)")
                continue
            }
            #expect(context.codingPath.map(\.stringValue) == ["ratio", "Index 1"])
        }
        #expect(throws: EncodingError.self) { try JSONSamples.ourBytes([Float.nan]) }
    }

    @Test("an encoder used in two ways for one value is an error, not a trap")
    func misusedEncoder() throws {
        let error = try #require(throws: EncodingError.self) { try JSONSamples.ourBytes(["a": Confused()]) }
        guard case .invalidValue(_, let context) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["a"])
    }

    /// Up to 12 characters from anywhere in Unicode, ASCII and control characters most often.
    static func randomText(using random: inout SeededRandom) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int(random.next() % 13) {
            let range: ClosedRange<UInt32> =
                switch random.next() % 5 {
                case 0: 0...0x7F
                case 1: 0...0x1F
                case 2: 0x80...0x7FF
                case 3: 0x800...0xFFFF
                default: 0x10000...0x10FFFF
                }
            let value = range.lowerBound + UInt32(random.next() % UInt64(range.count))
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        return String(scalars)
    }
}

/// Encodes nothing at all.
private struct Silent: Encodable {
    func encode(to encoder: any Encoder) throws {}
}

/// Asks its encoder for a keyed container, then for an unkeyed one.
private struct Confused: Encodable {
    func encode(to encoder: any Encoder) throws {
        var keyed = encoder.container(keyedBy: JSONCodingKey.self)
        try keyed.encode(1, forKey: JSONCodingKey(stringValue: "one"))
        var unkeyed = encoder.unkeyedContainer()
        try unkeyed.encode(2)
    }
}
