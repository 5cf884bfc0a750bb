extension DesktopPolicy {
    /// A change to the person's settings file.
    package struct PersonChange: Sendable, Hashable {
        /// Turn every app's prompts on or off.
        package var prompts: Bool?
        /// Allow or stop in-app reviews and feedback.
        package var reviewsAndFeedback: Bool?
        /// The quiet period between apps, in days.
        package var quietDays: Int?

        package init(prompts: Bool? = nil, reviewsAndFeedback: Bool? = nil, quietDays: Int? = nil) {
            self.prompts = prompts
            self.reviewsAndFeedback = reviewsAndFeedback
            self.quietDays = quietDays
        }

        /// Whether the change changes nothing.
        package var isEmpty: Bool { prompts == nil && reviewsAndFeedback == nil && quietDays == nil }
    }

    /// Why the person's settings file could not be changed.
    package struct PersonFileError: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// Writes `change` into the person's settings file at `path`, keeping every other line's
    /// setting, and creates the file and its folder when they are missing.
    ///
    /// A file that is there but is not a settings file (a typo that broke it, another program's)
    /// is left untouched: the error says what is wrong with it.
    package static func changePersonFile(at path: String, _ change: PersonChange) throws(PersonFileError) {
        let result: FileSystem.ReadResult
        do throws(SystemError) {
            result = try FileSystem.read(path, limit: 64 * 1024)
        } catch {
            throw PersonFileError(description: "\(path) cannot be read (\(error.reason)); it was left untouched.")
        }
        var file = KeyFile()
        switch result {
        case .missing: break
        case .contents(let bytes):
            do throws(KeyFile.SyntaxError) {
                file = try KeyFile(parsing: bytes)
            } catch {
                throw PersonFileError(
                    description:
                        "\(path) is not a settings file (\(error)); it was left untouched. Correct or remove it, then try again."
                )
            }
        case .directory: throw PersonFileError(description: "\(path) is a folder; it was left untouched.")
        case .notRegularFile(let kind): throw PersonFileError(description: "\(path) is \(kind); it was left untouched.")
        case .tooLarge: throw PersonFileError(description: "\(path) is larger than 64 KiB; it was left untouched.")
        }
        var entries = file.values(in: "Desktop") ?? [:]
        if let prompts = change.prompts { entries["prompts"] = prompts ? "on" : "off" }
        if let reviews = change.reviewsAndFeedback { entries["reviews-and-feedback"] = reviews ? "on" : "off" }
        if let days = change.quietDays { entries["quiet-days"] = String(days) }
        var changed = KeyFile()
        changed.append(group: "Desktop", entries)
        for group in file.groups where group.name != "Desktop" {
            changed.groups.append(group)
        }
        let bytes = changed.encoded(comment: [
            "Armchair for Linux: your choices for every app that asks for ratings with it.",
            "Written by `armchair desktop`; see `armchair desktop --help`.",
        ]).bytes
        do throws(SystemError) {
            try FileSystem.makeDirectories(FileSystem.directory(of: path))
            try FileSystem.writeAtomically(bytes, to: path, mode: 0o644)
        } catch {
            throw PersonFileError(description: "Could not write \(path): \(error.reason).")
        }
    }
}
