/// The system details a user may choose to include with feedback, read from the system.
package enum SystemDetails {
    /// The app, its version, the operating system, the desktop and the language.
    package static func collect(configuration: Configuration, environment: [String: String]) -> [SystemDetail] {
        var details = [
            SystemDetail(
                name: DefaultStrings.localized("App"), value: "\(configuration.displayName) (\(configuration.appID))")
        ]
        if let version = configuration.appVersion {
            details.append(SystemDetail(name: DefaultStrings.localized("App version"), value: version))
        }
        if let system = operatingSystem() {
            details.append(SystemDetail(name: DefaultStrings.localized("Operating system"), value: system))
        }
        if let desktop = environment["XDG_CURRENT_DESKTOP"], !desktop.isEmpty {
            let session = environment["XDG_SESSION_TYPE"].map { " (\($0))" } ?? ""
            details.append(SystemDetail(name: DefaultStrings.localized("Desktop"), value: desktop + session))
        }
        if let language = environment["LC_ALL"] ?? environment["LC_MESSAGES"] ?? environment["LANG"], !language.isEmpty
        {
            details.append(SystemDetail(name: DefaultStrings.localized("Language"), value: language))
        }
        return details
    }

    /// The language the user reads the app in, as gettext chooses it: the first of `LANGUAGE`
    /// (unless the locale is C), else `LC_ALL`, `LC_MESSAGES`, `LANG`; without the encoding
    /// (`de_DE.UTF-8` → `de_DE`). `nil` under the C locale.
    package static func locale(environment: [String: String]) -> String? {
        func bare(_ name: Substring) -> String? {
            let value = String(name.prefix { $0 != "." && $0 != "@" })
            return value.isEmpty || value == "C" || value == "POSIX" ? nil : value
        }
        guard
            let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].compactMap({ environment[$0] }).first(where: { !$0.isEmpty }
            ),
            locale != "C", locale != "POSIX"
        else { return nil }
        if let language = environment["LANGUAGE"]?.split(separator: ":").first, let chosen = bare(language) {
            return chosen
        }
        return bare(locale[...])
    }

    /// `PRETTY_NAME` from os-release, such as "Debian GNU/Linux 12 (bookworm)": the host's inside a
    /// sandbox (``OperatingSystemRelease``).
    package static func operatingSystem() -> String? { osRelease("PRETTY_NAME") }

    /// A value from os-release: the host's inside a sandbox, else this system's
    /// (``OperatingSystemRelease``).
    package static func osRelease(_ key: String) -> String? { OperatingSystemRelease.current()?[key] }
}
