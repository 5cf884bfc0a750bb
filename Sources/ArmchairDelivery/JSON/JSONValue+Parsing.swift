extension JSONValue {
    /// The most arrays and objects a value read may nest, as Foundation's `JSONDecoder` allows.
    ///
    /// Nothing Armchair writes nests more than four; the bound keeps a hostile file from building
    /// a value whose release or comparison would recurse deep enough to overflow the stack.
    package static let maximumDepth = 512

    /// Reads UTF-8 JSON text (RFC 8259): one value of any kind, with whitespace around it, after
    /// an optional UTF-8 byte order mark.
    ///
    /// Any input gives a value or an error, never a trap: the text is read without recursion,
    /// nesting is bounded by ``maximumDepth``, and numbers are only checked, not converted.
    ///
    /// - Parameter text: The JSON text.
    /// - Throws: `DecodingError.dataCorrupted` saying what is wrong and at which byte: text that
    ///   is not JSON, ends early or goes on after the value, strings that are not UTF-8 or hold a
    ///   lone surrogate (`\ud800`), and nesting deeper than ``maximumDepth``.
    package init(parsing text: [UInt8]) throws(DecodingError) {
        var parser = JSONParser(text: text)
        self = try parser.parse()
    }
}

/// Reads JSON text into a ``JSONValue``, keeping the arrays and objects still open on a stack of
/// its own instead of the call stack.
private struct JSONParser {
    let text: [UInt8]
    var position = 0

    init(text: [UInt8]) { self.text = text }

    /// An array or object still open, with what it has so far. A class, so that adding to it
    /// never copies what it holds.
    private final class OpenContainer {
        let isObject: Bool
        var elements: [JSONValue] = []
        var members: [String: JSONValue] = [:]
        /// The key of the member being read.
        var key = ""

        init(isObject: Bool) { self.isObject = isObject }
    }

    mutating func parse() throws(DecodingError) -> JSONValue {
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        var open: [OpenContainer] = []
        readingValue: while true {
            skipWhitespace()
            guard let first = peek() else { throw failure("the text ends where a value should start") }
            var value: JSONValue
            switch first {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                guard open.count < JSONValue.maximumDepth else {
                    throw failure("arrays and objects nested more than \(JSONValue.maximumDepth) deep")
                }
                let isObject = first == UInt8(ascii: "{")
                position += 1
                skipWhitespace()
                if peek() == UInt8(ascii: isObject ? "}" : "]") {
                    position += 1
                    value = isObject ? .object([:]) : .array([])
                } else {
                    let container = OpenContainer(isObject: isObject)
                    if isObject { container.key = try readKey() }
                    open.append(container)
                    continue readingValue
                }
            case UInt8(ascii: "\""): value = .string(try readString())
            case UInt8(ascii: "t"): value = try readLiteral("true", .bool(true))
            case UInt8(ascii: "f"): value = try readLiteral("false", .bool(false))
            case UInt8(ascii: "n"): value = try readLiteral("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try readNumber())
            default: throw failure("unexpected \(describeByte()) where a value should start")
            }
            // The value is complete: it goes into the innermost open container, and each
            // container it completes into the one around it.
            while let container = open.last {
                skipWhitespace()
                if container.isObject {
                    if container.members[container.key] == nil { container.members[container.key] = value }
                } else {
                    container.elements.append(value)
                }
                guard let next = peek() else {
                    throw failure("the text ends inside an \(container.isObject ? "object" : "array")")
                }
                switch next {
                case UInt8(ascii: ","):
                    position += 1
                    if container.isObject {
                        skipWhitespace()
                        container.key = try readKey()
                    }
                    continue readingValue
                case UInt8(ascii: container.isObject ? "}" : "]"):
                    position += 1
                    open.removeLast()
                    value = container.isObject ? .object(container.members) : .array(container.elements)
                default:
                    throw failure(
                        "unexpected \(describeByte()) after a value in an \(container.isObject ? "object" : "array")")
                }
            }
            skipWhitespace()
            guard position == text.count else { throw failure("unexpected \(describeByte()) after the JSON value") }
            return value
        }
    }

    // MARK: Pieces

    /// A member's key and the colon after it.
    private mutating func readKey() throws(DecodingError) -> String {
        guard peek() == UInt8(ascii: "\"") else {
            throw failure(
                peek() == nil
                    ? "the text ends inside an object" : "unexpected \(describeByte()) where a key should start")
        }
        let key = try readString()
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw failure("expected \":\" after a key") }
        position += 1
        return key
    }

    /// A string, from its opening quote: its bytes with the escapes replaced, checked as UTF-8.
    private mutating func readString() throws(DecodingError) -> String {
        let start = position
        position += 1
        var bytes: [UInt8] = []
        var runStart = position
        while true {
            guard let byte = peek() else {
                position = start
                throw failure("a string is not closed")
            }
            switch byte {
            case UInt8(ascii: "\""):
                bytes.append(contentsOf: text[runStart..<position])
                position += 1
                guard let string = String(validating: bytes, as: UTF8.self) else {
                    position = start
                    throw failure("a string is not valid UTF-8")
                }
                return string
            case UInt8(ascii: "\\"):
                bytes.append(contentsOf: text[runStart..<position])
                position += 1
                try readEscape(into: &bytes)
                runStart = position
            case 0x00..<0x20:
                throw failure("a control character (\(describeByte())) in a string must be escaped")
            default:
                position += 1
            }
        }
    }

    /// The character an escape after its `\` stands for, added to `bytes` as UTF-8.
    private mutating func readEscape(into bytes: inout [UInt8]) throws(DecodingError) {
        let escaped: UInt8
        guard let byte = peek() else { throw failure("the text ends inside a string") }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): escaped = byte
        case UInt8(ascii: "b"): escaped = 0x08
        case UInt8(ascii: "f"): escaped = 0x0C
        case UInt8(ascii: "n"): escaped = UInt8(ascii: "\n")
        case UInt8(ascii: "r"): escaped = UInt8(ascii: "\r")
        case UInt8(ascii: "t"): escaped = UInt8(ascii: "\t")
        case UInt8(ascii: "u"):
            position += 1
            bytes.append(contentsOf: String(try readUnicodeEscape()).utf8)
            return
        default: throw failure("\(describeByte()) cannot follow \"\\\" in a string")
        }
        bytes.append(escaped)
        position += 1
    }

    /// The character of a `\uXXXX` escape after its `u`, or of the two escapes of a UTF-16
    /// surrogate pair (`\ud83d\ude00`); a surrogate without its partner is an error.
    private mutating func readUnicodeEscape() throws(DecodingError) -> Unicode.Scalar {
        let first = try readHexQuad()
        var value = first
        if (0xD800..<0xDC00).contains(first) {
            guard text[position...].starts(with: "\\u".utf8) else {
                throw failure("the escape \\u\(String(first, radix: 16)) needs a low surrogate after it")
            }
            position += 2
            let second = try readHexQuad()
            guard (0xDC00..<0xE000).contains(second) else {
                throw failure("the escape \\u\(String(first, radix: 16)) needs a low surrogate after it")
            }
            value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        } else if (0xDC00..<0xE000).contains(first) {
            throw failure("the escape \\u\(String(first, radix: 16)) is a low surrogate without a high one")
        }
        guard let scalar = Unicode.Scalar(value) else { throw failure("an escape is not a Unicode character") }
        return scalar
    }

    /// Four hexadecimal digits.
    private mutating func readHexQuad() throws(DecodingError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = hexValue(byte) else {
                throw failure("\\u needs four hexadecimal digits")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func readLiteral(_ literal: String, _ value: JSONValue) throws(DecodingError) -> JSONValue {
        let bytes = literal.utf8
        guard text[position...].starts(with: bytes) else { throw failure("unexpected \(describeByte())") }
        position += bytes.count
        return value
    }

    /// A number's text: `-`, an integer part without leading zeros, a fraction, an exponent.
    private mutating func readNumber() throws(DecodingError) -> String {
        let start = position
        if peek() == UInt8(ascii: "-") { position += 1 }
        guard let first = peek(), isDigit(first) else { throw failure("a number needs a digit after \"-\"") }
        if first == UInt8(ascii: "0") { position += 1 } else { skipDigits() }
        if peek() == UInt8(ascii: ".") {
            position += 1
            guard let digit = peek(), isDigit(digit) else { throw failure("a number needs a digit after \".\"") }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            guard let digit = peek(), isDigit(digit) else { throw failure("a number needs a digit in its exponent") }
            skipDigits()
        }
        return String(decoding: text[start..<position], as: UTF8.self)
    }

    private mutating func skipDigits() {
        while let byte = peek(), isDigit(byte) { position += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private mutating func skipWhitespace() {
        while let byte = peek(),
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
                || byte == UInt8(ascii: "\t")
        {
            position += 1
        }
    }

    /// The byte at the read position, or `nil` at the end of the text.
    private func peek() -> UInt8? { position < text.count ? text[position] : nil }

    // MARK: Errors

    /// The byte at the read position, for an error message.
    private func describeByte() -> String {
        guard let byte = peek() else { return "end of the text" }
        return (0x21..<0x7F).contains(byte)
            ? "\"\(Character(Unicode.Scalar(byte)))\"" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// The error for text that is not JSON at the read position.
    func failure(_ reason: String) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: [], debugDescription: "The given data was not valid JSON: \(reason) (at byte \(position)).")
        )
    }
}
