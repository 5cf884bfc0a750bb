/// The default English texts of the prompt and the single lookup they pass through.
///
/// Every user-visible default goes through ``localized(_:)`` so that translation has exactly one
/// place to plug into. Placeholders are positional (`%1$s`) and are filled after lookup, so that a
/// translation may move them within the sentence.
enum DefaultStrings {
    static var title: String { localized("Rate %1$s") }
    static var message: String {
        localized(
            "Has %1$s been useful to you? A rating in your software centre helps other people find it, and it takes less than a minute."
        )
    }
    static var updateMessage: String {
        localized(
            "Thank you for rating an earlier version of %1$s! Would you rate this version too? It helps other people see that the app is kept up to date."
        )
    }
    static var rateButton: String { localized("_Rate") }
    static var remindButton: String { localized("Remind Me _Later") }
    static var cancelButton: String { localized("_No, Thanks") }

    /// Looks up the translation of an English text.
    ///
    /// For now this returns the English text itself; the gettext catalogs plug in here.
    static func localized(_ english: String) -> String { english }

    /// Fills positional `%1$s` placeholders with `arguments`, in any order the text uses them.
    static func format(_ template: String, _ arguments: String...) -> String {
        var result = template
        for (index, argument) in arguments.enumerated() {
            result = result.replacingAll("%\(index + 1)$s", with: argument)
        }
        return result
    }
}

extension String {
    /// A copy with every occurrence of `target` replaced, without Foundation.
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
