import Testing

@testable import ArmchairCore

/// Armchair's own text search (without `_StringProcessing`) finds what the standard library's
/// `firstRange(of:)` finds, character by character.
@Suite("Text search")
struct TextSearchTests {
    static let cases: [(text: String, target: String)] = [
        ("libarmchair-1.so.0", ".so."), ("libarmchair-1.so", ".so."), ("x86_64-linux-gnu", "-linux-"),
        ("my--app", "--"), ("-", "--"), ("", "a"), ("abc", ""), ("aaab", "aab"), ("abab", "bab"),
        ("%1$s and %1$s", "%1$s"), ("%2$s", "%1$s"), ("ends with it", "it"), ("it", "it is longer"),
        ("café", "é"), ("cafe\u{301}", "é"), ("cafe\u{301}", "e"), ("👩‍👩‍👧 family", "👩"), ("日本語のテキスト", "のテ"),
    ]

    @Test("Finds the same first range as the standard library", arguments: cases)
    func sameAsStandardLibrary(text: String, target: String) {
        let expected = target.isEmpty ? nil : text.firstRange(of: target)
        #expect(text.firstRange(ofText: target) == expected)
        #expect(text.containsText(target) == (expected != nil))
        #expect(text[...].firstRange(ofText: target[...]) == expected)
    }

    @Test("Replaces every occurrence, and nothing when there is none")
    func replacingAll() {
        #expect("%1$s of %2$s, %1$s".replacingAll("%1$s", with: "3") == "3 of %2$s, 3")
        #expect("aaaa".replacingAll("aa", with: "b") == "bb")
        #expect("nothing here".replacingAll("%1$s", with: "x") == "nothing here")
        #expect("unchanged".replacingAll("", with: "x") == "unchanged")
    }
}
