import Glibc

extension DesktopPolicy {
    /// The policy in force for an app with these locations and this environment.
    ///
    /// Nothing here fails: a file that is missing says nothing, and one that cannot be read or
    /// used is described in ``problems`` and ignored, so that a typo never stops an app.
    ///
    /// - Parameters:
    ///   - locations: Where the files are, and whether a sandboxed app can read the person's.
    ///   - environment: The process environment, for ``variableName``.
    package static func load(_ locations: DesktopLocations, environment: [String: String]) -> DesktopPolicy {
        var problems: [String] = []
        var defaults: (Settings, Source)?
        var enforced: [(Settings, Source)] = []
        for path in locations.systemFiles {
            guard let file = read(path, problems: &problems) else { continue }
            if let entries = file.values(in: "Desktop") {
                enforced.append(
                    (Settings(entries, place: "\(path) [Desktop]", problems: &problems), .administrator(path: path)))
            }
            if defaults == nil, let entries = file.values(in: "Desktop Defaults") {
                defaults = (
                    Settings(entries, place: "\(path) [Desktop Defaults]", problems: &problems),
                    .distribution(path: path)
                )
            }
        }
        if let text = environment[variableName], !text.isEmpty {
            enforced.append((variableSettings(text, problems: &problems), .variable(name: variableName)))
        }
        var person: (Settings, Source)?
        if locations.canReadPersonFile {
            if let file = read(locations.personFile, problems: &problems), let entries = file.values(in: "Desktop") {
                person = (
                    Settings(entries, place: locations.personFile, problems: &problems),
                    .person(path: locations.personFile)
                )
            }
        } else {
            problems.append(
                "your settings (\(locations.personFile)) are out of reach of this sandboxed app; "
                    + "its manifest needs \(DesktopLocations.personFilePermission)")
        }
        return resolve(defaults: defaults, person: person, enforced: enforced, problems: problems)
    }

    /// The settings in the variable's value: `prompts=off;quiet-days=14`.
    static func variableSettings(_ text: String, problems: inout [String]) -> Settings {
        var entries: [String: String] = [:]
        for item in text.split(whereSeparator: { $0 == ";" || $0 == "," }) where !item.allSatisfy(\.isWhitespace) {
            guard let equals = item.firstIndex(of: "=") else {
                problems.append("$\(variableName): \"\(item)\" is not key=value; ignored")
                continue
            }
            let key = item[..<equals].filter { !$0.isWhitespace }
            entries[String(key)] = String(item[item.index(after: equals)...])
        }
        return Settings(entries, place: "$\(variableName)", problems: &problems)
    }

    /// The key file at `path`; `nil` when it is missing, or cannot be read or parsed (a problem).
    private static func read(_ path: String, problems: inout [String]) -> KeyFile? {
        let result: FileSystem.ReadResult
        do {
            result = try FileSystem.read(path, limit: 64 * 1024)
        } catch {
            // A folder we may not enter holds no settings of ours: not worth a word.
            if error.code == EACCES && !FileSystem.exists(path) { return nil }
            problems.append("\(path) cannot be read (\(error.reason)); ignored")
            return nil
        }
        switch result {
        case .missing: return nil
        case .contents(let bytes):
            do {
                return try KeyFile(parsing: bytes)
            } catch {
                problems.append("\(path) is not a settings file (\(error)); ignored")
                return nil
            }
        case .directory: problems.append("\(path) is a folder, not a settings file; ignored")
        case .notRegularFile(let kind): problems.append("\(path) is \(kind), not a settings file; ignored")
        case .tooLarge: problems.append("\(path) is larger than 64 KiB, too large for a settings file; ignored")
        }
        return nil
    }
}
