import ArmchairCore
import ArmchairTesting
import Foundation
import TestProcesses
import Testing

@testable import ArmchairDelivery

/// Armchair's own JSON reader: it reads what it writes, what Foundation's `JSONEncoder` wrote,
/// and from any bytes at all (outbox files from disk, a server's answer) gives a value or an
/// error, never a trap.
@Suite("JSON reading")
struct JSONDecodingTests {
    private let decoder = JSONValueDecoder()

    private func parse(_ text: String) throws(DecodingError) -> JSONValue { try JSONValue(parsing: Array(text.utf8)) }

    private func decode<Value: Decodable>(_ type: Value.Type, _ text: String) throws -> Value {
        try decoder.decode(type, from: Array(text.utf8))
    }

    /// The coding path of a `DecodingError`, as key names.
    private func path(of error: DecodingError) -> [String] {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            context.codingPath.map(\.stringValue)
        @unknown default: []
        }
    }

    // MARK: What was written

    @Test("what Armchair writes reads back as the same values", arguments: JSONSamples.messages)
    func roundTrip(message: FeedbackMessage) throws {
        var whole = message
        whole.date = Date(timeIntervalSince1970: message.date.timeIntervalSince1970.rounded(.down))
        for prettyPrinted in [false, true] {
            let entry = JSONSamples.entry(message)
            let read = try decoder.decode(
                OutboxEntry<FeedbackMessage>.self, from: JSONSamples.ourBytes(entry, prettyPrinted: prettyPrinted))
            #expect(read == JSONSamples.entry(whole))
            #expect(try decoder.decode(FeedbackMessage.self, from: JSONSamples.ourBytes(message)) == whole)
        }
        let review = JSONSamples.entry(JSONSamples.review)
        #expect(try decoder.decode(OutboxEntry<ODRSReview>.self, from: JSONSamples.ourBytes(review)) == review)
        #expect(try decoder.decode(Specimen.self, from: JSONSamples.ourBytes(Specimen())) == Specimen())
    }

    @Test("what Foundation's JSONEncoder wrote reads as the same values", arguments: JSONSamples.messages)
    func readsFoundation(message: FeedbackMessage) throws {
        var whole = message
        whole.date = Date(timeIntervalSince1970: message.date.timeIntervalSince1970.rounded(.down))
        for prettyPrinted in [false, true] {
            let bytes = try JSONSamples.foundationBytes(JSONSamples.entry(message), prettyPrinted: prettyPrinted)
            #expect(try decoder.decode(OutboxEntry<FeedbackMessage>.self, from: bytes) == JSONSamples.entry(whole))
        }
        #expect(try decoder.decode(Specimen.self, from: JSONSamples.foundationBytes(Specimen())) == Specimen())
    }

    @Test(
        "outbox files the earlier version wrote are still read, and what Armchair writes now the earlier version reads")
    func earlierOutboxFiles() async throws {
        let folder = try TemporaryFolder()
        let outbox = FeedbackOutbox(folder: folder.file("outbox"))
        try FileManager.default.createDirectory(atPath: outbox.folder, withIntermediateDirectories: true)
        let path = outbox.folder + "/6f1c0c7e-3f0b-4d43-9a4f-3f8b1f7f2c11.json"
        try path.write(JSONSamples.earlierFeedbackFile)
        #expect(outbox.pending() == [JSONSamples.earlierFeedbackEntry])

        // A failed try rewrites the file; Foundation's decoder, as the earlier version had it, reads it.
        let now = Date(timeIntervalSince1970: 1_795_429_083)
        let report = await outbox.deliverDue(now: now) { _ in .failed("offline") }
        #expect(report.retrying == ["6f1c0c7e-3f0b-4d43-9a4f-3f8b1f7f2c11"])
        let rewritten = try #require(FileManager.default.contents(atPath: path))
        let read = try JSONSamples.foundationDecoder.decode(OutboxEntry<FeedbackMessage>.self, from: rewritten)
        #expect(read.message == JSONSamples.earlierFeedbackEntry.message)
        #expect(read.attempts == 4 && read.lastError == "offline" && read.nextAttempt > now)

        let reviews = ReviewOutbox(folder: folder.file("review-outbox"))
        try FileManager.default.createDirectory(atPath: reviews.folder, withIntermediateDirectories: true)
        try (reviews.folder + "/2b0d6c1e-51b3-4f0e-9a51-6f3c1d2e7a90.json").write(JSONSamples.earlierReviewFile)
        #expect(reviews.pending() == [JSONSamples.earlierReviewEntry])
    }

    @Test("the outbox files of the fuzzing seeds, written by hand, are read")
    func handWrittenFiles() throws {
        let seeds = URL(fileURLWithPath: ProjectFolder.file("Tests/Fuzz/Seeds"))
        let message = try decoder.decode(
            OutboxEntry<FeedbackMessage>.self,
            from: Array(Data(contentsOf: seeds.appendingPathComponent("message.json"))))
        #expect(message.message.systemDetails == [SystemDetail(name: "Desktop", value: "GNOME")])
        let review = try decoder.decode(
            OutboxEntry<ODRSReview>.self, from: Array(Data(contentsOf: seeds.appendingPathComponent("review.json"))))
        #expect(review.message.rating == 80)
        let hostile = try decoder.decode(
            OutboxEntry<FeedbackMessage>.self,
            from: Array(Data(contentsOf: seeds.appendingPathComponent("hostile-message.json"))))
        #expect(hostile.attempts == .max && hostile.message.id == "../../escaped")
    }

    // MARK: JSON text

    @Test("every kind of value, with whitespace around, after a byte order mark")
    func values() throws {
        #expect(
            try parse("\u{FEFF} {\"a\" : [true, false, null, -0.5e+3, \"\"], \"b\": {}, \"c\": []}\r\n\t")
                == .object([
                    "a": .array([.bool(true), .bool(false), .null, .number("-0.5e+3"), .string("")]), "b": .object([:]),
                    "c": .array([]),
                ]))
        #expect(try parse("0") == .number("0"))
        #expect(try parse(#""x""#) == .string("x"))
        #expect(try decode(Bool.self, "true") && decode([String: Int].self, #"{"a":1,"b":2}"#) == ["a": 1, "b": 2])
    }

    @Test("escapes: the short ones, \\u, and surrogate pairs")
    func escapes() throws {
        #expect(
            try decode(
                String.self, #""\" \\ \/ \b \f \n \r \t \u00e9 \u00C9 \u0000 \ud83d\ude00 \uD83D\uDC4D\uD83C\uDFFD""#)
                == "\" \\ / \u{8} \u{C} \n \r \t é É \u{0} 😀 👍🏽")
        for bad in [
            #""\ud800""#, #""\ud800x""#, #""\ud800\u0041""#, #""\udc00""#, #""\ude00\ud83d""#, #""\u12g4""#,
            #""\u00e""#,
            #""\x""#, #""\""#, #""\'""#,
        ] {
            #expect(throws: DecodingError.self, "\(bad)") { try parse(bad) }
        }
    }

    @Test("strings: raw control characters and bytes that are not UTF-8 are errors")
    func badStrings() throws {
        for bytes: [UInt8] in [
            [0x22, 0x0A, 0x22], [0x22, 0x00, 0x22], [0x22, 0x1F, 0x22], [0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22],
            [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],
        ] {
            #expect(throws: DecodingError.self, "\(bytes)") { try JSONValue(parsing: bytes) }
        }
        #expect(try JSONValue(parsing: [0x22, 0xC3, 0xA9, 0x7F, 0x22]) == .string("é\u{7F}"))
    }

    @Test("text that is not JSON is an error saying where")
    func malformed() throws {
        for text in [
            "", " ", "{", "[", "[1,", "[1,]", "{\"a\"", "{\"a\":", "{\"a\":1,}", "{a:1}", "{\"a\" 1}", "[1 2]", "tru",
            "nul",
            "True", "01", "-", "1.", ".5", "+1", "1e", "1e+", "0x10", "NaN", "Infinity", "[1]]", "{} {}", "1 2",
            "\"a", "'a'", "[1,\n2", "\u{FEFF}\u{FEFF}1", "// comment\n1",
        ] {
            let error = try #require(throws: DecodingError.self, "\(text)") { try parse(text) }
            guard case .dataCorrupted(let context) = error else {
                Issue.record("\(text): \(error)")
                continue
            }
            #expect(context.debugDescription.contains("at byte"), "\(text)")
        }
        let error = try #require(throws: DecodingError.self) { try parse("[1, 2, x]") }
        #expect("\(error)".contains("unexpected \"x\" where a value should start (at byte 7)"))
    }

    @Test("every truncation and every flipped byte of an outbox file gives a value or an error, never a trap")
    func damagedFiles() {
        let file = Array(JSONSamples.earlierFeedbackFile.utf8)
        for end in 0..<file.count {
            #expect(throws: DecodingError.self) {
                try decoder.decode(OutboxEntry<FeedbackMessage>.self, from: Array(file[..<end]))
            }
        }
        var random = SeededRandom(seed: 404)
        for _ in 0..<3000 {
            var damaged = file
            for _ in 0...(random.next() % 3) {
                damaged[Int(random.next() % UInt64(file.count))] = UInt8(truncatingIfNeeded: random.next())
            }
            let ours = try? decoder.decode(OutboxEntry<FeedbackMessage>.self, from: damaged)
            // Whatever Armchair reads, Foundation's JSONDecoder reads as the same entry.
            if let ours {
                let foundation = try? JSONSamples.foundationDecoder.decode(
                    OutboxEntry<FeedbackMessage>.self, from: Data(damaged))
                #expect(foundation == ours, "\(String(decoding: damaged, as: UTF8.self))")
            }
        }
    }

    @Test("damaged JSON is read exactly when Foundation's reader reads it, except for trailing commas")
    func acceptsWhatFoundationAccepts() {
        let text = "[" + JSONSamples.earlierFeedbackFile + #", 1, -0.5e3, "\ud83d\ude00", true, null, {"a":[]}]"#
        let original = Array(text.utf8)
        // Bytes that matter to JSON, and some that are never valid.
        let replacements = Array("{}[],:\"\\0123456789.eE-+ tfnul\u{7F}".utf8) + [0x00, 0x0A, 0xC3, 0xFF, 0xED]
        var random = SeededRandom(seed: 5)
        for _ in 0..<5000 {
            var damaged = original
            for _ in 0...(random.next() % 2) {
                damaged[Int(random.next() % UInt64(damaged.count))] =
                    replacements[Int(random.next() % UInt64(replacements.count))]
            }
            let ours = (try? JSONValue(parsing: damaged)) != nil
            let foundation = (try? JSONSerialization.jsonObject(with: Data(damaged), options: .fragmentsAllowed)) != nil
            // RFC 8259 has no trailing commas; Foundation reads them, Armchair does not.
            let damagedText = String(decoding: damaged, as: UTF8.self)
            let hasTrailingComma = damagedText.range(of: #",\s*[}\]]"#, options: .regularExpression) != nil
            #expect(ours == foundation || (hasTrailingComma && !ours), "\(damagedText)")
        }
    }

    @Test("arrays and objects nested 10 000 deep are an error, not a stack overflow; 512 levels are read")
    func deepNesting() throws {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let error = try #require(throws: DecodingError.self) { try parse(deep) }
        #expect("\(error)".contains("nested more than 512 deep"))
        #expect(throws: DecodingError.self) { try parse(String(repeating: "{\"a\":", count: 10_000)) }
        #expect(throws: DecodingError.self) {
            try decode(OutboxEntry<FeedbackMessage>.self, String(repeating: "[", count: 100_000))
        }

        var value = try parse(String(repeating: "[", count: 512) + String(repeating: "]", count: 512))
        var depth = 0
        while case .array(let elements) = value, let first = elements.first ?? (depth < 511 ? nil : .null) {
            depth += 1
            value = first
        }
        #expect(depth == 512)
        #expect(throws: DecodingError.self) {
            try parse(String(repeating: "[", count: 513) + String(repeating: "]", count: 513))
        }
        #expect(throws: DecodingError.self) {
            try parse(String(repeating: "[", count: 512) + "{}" + String(repeating: "]", count: 512))
        }
    }

    @Test("a key given twice keeps its first value, as with JSONDecoder")
    func duplicateKeys() throws {
        struct Single: Decodable { var a: Int }
        let text = #"{"a":1,"a":2}"#
        #expect(try decode(Single.self, text).a == 1)
        #expect(try JSONDecoder().decode(Single.self, from: Data(text.utf8)).a == 1)
    }

    // MARK: Numbers

    @Test("integers: what fits, whole numbers written with a fraction or exponent; the rest an error, not a trap")
    func integers() throws {
        #expect(
            try decode([Int].self, "[0, -0, 1.0, 1e2, 2.5E+1, -9223372036854775808, 9223372036854775807]") == [
                0, 0, 1, 100, 25, .min, .max,
            ])
        #expect(
            try decode(
                [Int].self,
                "[100e-2, -2.50e1, 1e18, -0.0, 0e99999999999999999999, 9223372036854775807.0, -9223372036854775808e0, "
                    + "0.000000000000000000000000000000000000000000000e45, 92233720368547758.07e2]")
                == [1, -25, 1_000_000_000_000_000_000, 0, 0, .max, .min, 0, .max])
        #expect(try decode([UInt64].self, "[18446744073709551615]") == [.max])
        #expect(try decode([Int8].self, "[-128, 127]") == [-128, 127])
        for (text, type) in [
            ("9223372036854775808", Int.self), ("-9223372036854775809", Int.self), ("1e19", Int.self),
            ("1.5", Int.self),
            ("1e400", Int.self), ("99999999999999999999999999999999", Int.self), ("-9223372036854775809.0", Int.self),
            ("9223372036854775808e0", Int.self), ("1e99999999999999999999", Int.self), ("1e-1", Int.self),
            ("12345678901234567890123456789012345678901e-1", Int.self), ("1e-99999999999999999999", Int.self),
        ] as [(String, Int.Type)] {
            let error = try #require(throws: DecodingError.self, "\(text)") { try decode(type, text) }
            if case .dataCorrupted = error {} else { Issue.record("\(text): \(error)") }
        }
        #expect(throws: DecodingError.self) { try decode(UInt8.self, "256") }
        #expect(throws: DecodingError.self) { try decode(UInt.self, "-1") }
        #expect(throws: DecodingError.self) { try decode(Int16.self, "-32769") }
        #expect(throws: DecodingError.self) { try decode(Int.self, "\"1\"") }
    }

    @Test("floating point: any number in range; beyond it an error")
    func floatingPoint() throws {
        #expect(
            try decode([Double].self, "[0.1, -0, 1e-400, 1.7976931348623157e308, 5e-324, 12]") == [
                0.1, 0, 0, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 12,
            ])
        #expect(try decode(Float.self, "3.4028234e38") == .greatestFiniteMagnitude)
        #expect(throws: DecodingError.self) { try decode(Double.self, "1e400") }
        #expect(throws: DecodingError.self) { try decode(Double.self, "-1e400") }
        #expect(throws: DecodingError.self) { try decode(Float.self, "1e39") }
    }

    // MARK: Dates

    @Test("dates: ISO 8601 with Z, a fraction of a second, or an offset")
    func dates() throws {
        let base = 1_795_428_843.0
        let cases: [(String, Double)] = [
            ("2026-11-23T10:14:03Z", base), ("2026-11-23T10:14:03.5Z", base + 0.5),
            ("2026-11-23T10:14:03.123456789123Z", base + 0.123_456_789), ("2026-11-23T11:14:03+01:00", base),
            ("2026-11-23T04:44:03-0530", base), ("2026-11-24T00:14:03+14:00", base), ("1970-01-01T00:00:00Z", 0),
            ("1969-12-31T23:59:59.250Z", -0.75), ("2000-02-29T00:00:00Z", 951_782_400),
            ("0000-01-01T00:00:00Z", -62_167_219_200),
            ("9999-12-31T23:59:59Z", 253_402_300_799),
        ]
        for (text, seconds) in cases {
            let date = try #require(try? decode(Date.self, "\"\(text)\""), "\(text)")
            #expect(abs(date.timeIntervalSince1970 - seconds) < 1e-6, "\(text)")
            // Foundation reads the same instant where it reads the text at all (not more than nine
            // digits of a second) and counts in the Gregorian calendar (after 1582).
            if !text.hasPrefix("0000"),
                let foundation = try? JSONSamples.foundationDecoder.decode(Date.self, from: Data("\"\(text)\"".utf8))
            {
                #expect(abs(foundation.timeIntervalSince1970 - date.timeIntervalSince1970) < 1e-3, "\(text)")
            }
        }
        for text in [
            "2026-11-23T10:14:03", "2026-02-30T10:14:03Z", "2026-02-29T10:14:03Z", "1900-02-29T00:00:00Z",
            "2026-13-01T00:00:00Z",
            "2026-00-01T00:00:00Z", "2026-11-23T24:00:00Z", "2026-11-23T10:60:00Z", "2026-11-23T10:14:60Z",
            "2026-11-23 10:14:03Z", "2026-11-23T10:14:03.Z", "2026-11-23T10:14:03+1:00", "2026-11-23T10:14:03+24:00",
            "2026-11-23T10:14:03Zjunk", "26-11-23T10:14:03Z", "+2026-11-23T10:14:03Z", "2026-11-23", "",
        ] {
            let error = try #require(throws: DecodingError.self, "\(text)") { try decode([Date].self, "[\"\(text)\"]") }
            #expect(path(of: error) == ["Index 0"], "\(text)")
        }
        #expect(throws: DecodingError.self) { try decode(Date.self, "1795428843") }
    }

    @Test("every second written reads back as itself")
    func dateRoundTrip() throws {
        var random = SeededRandom(seed: 86_400)
        for _ in 0..<2000 {
            let seconds = (-62_167_219_200 + random.unit() * 315_569_519_999).rounded(.down)
            let date = Date(timeIntervalSince1970: seconds)
            #expect(try decoder.decode(Date.self, from: JSONSamples.ourBytes(date)) == date)
        }
    }

    // MARK: Errors

    @Test("a wrong or missing value is an error naming its place")
    func errorsNameTheirPlace() throws {
        let good = JSONSamples.earlierFeedbackFile
        let cases: [(String, String, [String])] = [
            (#""attempts" : 3"#, #""attempts" : "3""#, ["attempts"]),
            (#""attempts" : 3"#, #""attempts" : 9223372036854775808"#, ["attempts"]),
            (#""attempts" : 3"#, #""attempts" : null"#, ["attempts"]),
            (#""value" : "GNOME (wayland)""#, #""value" : 5"#, ["message", "systemDetails", "Index 1", "value"]),
            (#""date" : "2026-11-23T10:14:03Z""#, #""date" : "2026-11-31T10:14:03Z""#, ["message", "date"]),
            (#""text" : "#, #""note" : "#, ["message"]),
            (#""systemDetails" : ["#, #""systemDetails" : "none", "other" : ["#, ["message", "systemDetails"]),
        ]
        for (original, replacement, expectedPath) in cases {
            let text = good.replacingOccurrences(of: original, with: replacement)
            #expect(text != good)
            let error = try #require(throws: DecodingError.self, "\(replacement)") {
                try decode(OutboxEntry<FeedbackMessage>.self, text)
            }
            #expect(path(of: error) == expectedPath, "\(replacement): \(error)")
        }
        let missing = try #require(throws: DecodingError.self) {
            try decode(
                OutboxEntry<FeedbackMessage>.self, good.replacingOccurrences(of: #""text" : "#, with: #""note" : "#))
        }
        if case .keyNotFound(let key, _) = missing {
            #expect(key.stringValue == "text")
        } else {
            Issue.record("\(missing)")
        }
        let null = try #require(throws: DecodingError.self) { try decode([String].self, "[null]") }
        if case .valueNotFound = null {} else { Issue.record("\(null)") }
    }

    @Test("an unkeyed container past its end is an error, and a failed read does not move it on")
    func unkeyedEnd() throws {
        struct Pair: Decodable {
            var first: Int
            var second: String
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                #expect(throws: DecodingError.self) { try container.decode(String.self) }
                #expect(try !container.decodeNil())
                first = try container.decode(Int.self)
                second = try container.decode(String.self)
                #expect(container.isAtEnd)
                #expect(throws: DecodingError.self) { try container.decode(Int.self) }
                #expect(throws: DecodingError.self) { try container.decodeNil() }
            }
        }
        let pair = try decode(Pair.self, #"[1, "b"]"#)
        #expect(pair.first == 1 && pair.second == "b")
    }
}
