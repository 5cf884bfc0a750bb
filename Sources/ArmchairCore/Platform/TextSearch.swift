extension StringProtocol {
    /// The first occurrence of `target` in the text, compared character by character (as
    /// `String` compares); `nil` when there is none or `target` is empty.
    ///
    /// The standard library's `firstRange(of:)` and `contains(_:)` for text come from
    /// `_StringProcessing`, whose regex engine would add about 1.2 MB to the C library; this is the
    /// little of it Armchair needs.
    package func firstRange(ofText target: some StringProtocol) -> Range<Index>? {
        guard let first = target.first else { return nil }
        var start = startIndex
        while let found = self[start...].firstIndex(of: first) {
            if self[found...].starts(with: target) {
                return found..<index(found, offsetBy: target.count)
            }
            start = index(after: found)
        }
        return nil
    }

    /// Whether `target` occurs in the text (``firstRange(ofText:)``).
    package func containsText(_ target: some StringProtocol) -> Bool {
        firstRange(ofText: target) != nil
    }
}
