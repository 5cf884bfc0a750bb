import Glibc

/// Colour for the terminal: only when standard output is a terminal, `TERM` is not `dumb`, and
/// `NO_COLOR` is unset or empty (https://no-color.org).
struct Terminal {
    let usesColor: Bool

    static let current = Terminal(
        usesColor: isatty(1) == 1 && (getenv("NO_COLOR").map { String(cString: $0).isEmpty } ?? true)
            && getenv("TERM").map { String(cString: $0) != "dumb" } ?? true)

    func green(_ text: String) -> String { paint(text, "32") }
    func red(_ text: String) -> String { paint(text, "31") }
    func yellow(_ text: String) -> String { paint(text, "33") }
    func bold(_ text: String) -> String { paint(text, "1") }
    func dim(_ text: String) -> String { paint(text, "2") }

    private func paint(_ text: String, _ code: String) -> String {
        usesColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
