/// A field's character counter, as the forms show it under the field: "37 / 2000", in the error
/// style once the text is longer than the field allows.
///
/// Every toolkit's form shows the same counter, so the text and the limit check live here.
package struct CharacterCount: Sendable, Hashable {
    /// The characters the field holds, counted as the field's limit counts them.
    package var count: Int
    /// The most characters the field may hold.
    package var limit: Int

    /// Creates the counter of a field holding `count` characters of at most `limit`.
    package init(count: Int, limit: Int) {
        self.count = count
        self.limit = limit
    }

    /// What the counter label shows: "37 / 2000".
    package var text: String { "\(count) / \(limit)" }

    /// Whether the field holds more than it may: the counter shows the error style.
    package var isOverLimit: Bool { count > limit }
}
