/// A catalog's plural rule, the C expression of its `Plural-Forms` header, such as
/// `nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);`.
///
/// It picks the translation for a count as glibc's `ngettext` does: the expression is read as C,
/// evaluated with unsigned long arithmetic (a division by zero gives 0), and a result outside
/// `nplurals` means the first form. A header without a rule, or one that cannot be read or is
/// absurdly long, gives English's: the first form for 1, the second otherwise.
struct PluralRule: Sendable {
    /// How many forms each plural message has.
    let count: Int
    private let expression: Expression

    /// The rule of a catalog's header (its whole `msgstr ""`), or English's.
    init(header: String) {
        let line = header.split(separator: "\n").first { $0.hasPrefix("Plural-Forms:") }
        guard let line, let rule = Self.parse(String(line.dropFirst("Plural-Forms:".count))) else {
            self.count = 2
            self.expression = .binary("!=", .variable, .number(1))
            return
        }
        (self.count, self.expression) = rule
    }

    /// The form for `n`: an index from 0 to ``count`` - 1.
    func form(for n: UInt) -> Int {
        let value = expression.value(n: UInt64(n))
        return value < UInt64(count) ? Int(value) : 0
    }

    /// `nplurals` and `plural` of a `Plural-Forms` value.
    private static func parse(_ text: String) -> (Int, Expression)? {
        var count: Int?
        var expression: Expression?
        for part in text.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let key = pair[0].trimmingSpaces
            if key == "nplurals" {
                count = Int(pair[1].trimmingSpaces)
            } else if key == "plural" {
                var parser = Parser(String(pair[1]))
                expression = parser.parseAll()
            }
        }
        guard let count, (1...16).contains(count), let expression else { return nil }
        return (count, expression)
    }

    /// An expression of the rule's C subset.
    indirect enum Expression: Sendable {
        case number(UInt64)
        case variable
        case not(Expression)
        case binary(String, Expression, Expression)
        case conditional(Expression, Expression, Expression)

        func value(n: UInt64) -> UInt64 {
            switch self {
            case .number(let value): return value
            case .variable: return n
            case .not(let operand): return operand.value(n: n) == 0 ? 1 : 0
            case .conditional(let condition, let yes, let no):
                return condition.value(n: n) != 0 ? yes.value(n: n) : no.value(n: n)
            case .binary(let op, let left, let right):
                let a = left.value(n: n)
                if op == "&&" { return a != 0 && right.value(n: n) != 0 ? 1 : 0 }
                if op == "||" { return a != 0 || right.value(n: n) != 0 ? 1 : 0 }
                let b = right.value(n: n)
                switch op {
                case "==": return a == b ? 1 : 0
                case "!=": return a != b ? 1 : 0
                case "<": return a < b ? 1 : 0
                case "<=": return a <= b ? 1 : 0
                case ">": return a > b ? 1 : 0
                case ">=": return a >= b ? 1 : 0
                case "+": return a &+ b
                case "-": return a &- b
                case "*": return a &* b
                case "/": return b == 0 ? 0 : a / b
                case "%": return b == 0 ? 0 : a % b
                default: return 0
                }
            }
        }
    }

    /// Precedence climbing over the tokens of a C expression.
    private struct Parser {
        private var tokens: [String]
        private var position = 0

        /// The most tokens a rule may have. Armchair's longest (Ukrainian's) has 47; a much longer
        /// one, from a corrupt catalog, could nest deep enough for the recursive parsing and
        /// evaluation to overflow the stack.
        static let tokenLimit = 200

        init(_ text: String) {
            var tokens: [String] = []
            var characters = Substring(text)
            while let first = characters.first, tokens.count <= Self.tokenLimit {
                if first.isWhitespace {
                    characters.removeFirst()
                } else if first.isNumber {
                    let digits = characters.prefix { $0.isNumber }
                    tokens.append(String(digits))
                    characters.removeFirst(digits.count)
                } else if let two = ["==", "!=", "<=", ">=", "&&", "||"].first(where: { characters.hasPrefix($0) }) {
                    tokens.append(two)
                    characters.removeFirst(2)
                } else {
                    tokens.append(String(first))
                    characters.removeFirst()
                }
            }
            self.tokens = tokens
        }

        /// The whole expression, or `nil` if anything is left over or malformed, or it is too long.
        mutating func parseAll() -> Expression? {
            guard tokens.count <= Self.tokenLimit, let expression = conditional(), position == tokens.count else {
                return nil
            }
            return expression
        }

        private static let precedence: [String: Int] = [
            "||": 1, "&&": 2, "==": 3, "!=": 3, "<": 4, "<=": 4, ">": 4, ">=": 4, "+": 5, "-": 5, "*": 6,
            "/": 6, "%": 6,
        ]

        private var next: String? { position < tokens.count ? tokens[position] : nil }

        private mutating func conditional() -> Expression? {
            guard let condition = binary(minimum: 1) else { return nil }
            guard next == "?" else { return condition }
            position += 1
            guard let yes = conditional(), next == ":" else { return nil }
            position += 1
            guard let no = conditional() else { return nil }
            return .conditional(condition, yes, no)
        }

        private mutating func binary(minimum: Int) -> Expression? {
            guard var left = unary() else { return nil }
            while let op = next, let level = Self.precedence[op], level >= minimum {
                position += 1
                guard let right = binary(minimum: level + 1) else { return nil }
                left = .binary(op, left, right)
            }
            return left
        }

        private mutating func unary() -> Expression? {
            guard let token = next else { return nil }
            position += 1
            switch token {
            case "!": return unary().map { .not($0) }
            case "n": return .variable
            case "(":
                guard let inner = conditional(), next == ")" else { return nil }
                position += 1
                return inner
            default: return UInt64(token).map { .number($0) }
            }
        }
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }
}
