/// What the person, their distribution and their administrator decided for every app that embeds
/// Armchair on this desktop, and who decided each part.
///
/// Three places may say it, from the weakest to the strongest:
///
/// - **The distribution's defaults**: the `[Desktop Defaults]` group of
///   `armchair/desktop.conf` in a folder of `$XDG_CONFIG_DIRS` (`/etc/xdg` by default). The
///   person may change them.
/// - **The person**: the `[Desktop]` group of `$XDG_CONFIG_HOME/armchair/desktop.conf`, which
///   `armchair desktop` writes.
/// - **The administrator**: the `[Desktop]` group of the system file, and the variable
///   `ARMCHAIR_DESKTOP_POLICY` (`prompts=off;quiet-days=14`), which reaches sandboxed apps too.
///   They only make things stricter: an administrator's "off" holds whatever the person's file
///   says, and their quiet period is the shortest the person may choose.
///
/// ```
/// [Desktop]
/// prompts=off
/// reviews-and-feedback=on
/// quiet-days=14
/// ```
public struct DesktopPolicy: Sendable, Hashable {
    /// Who set a value.
    public enum Source: Sendable, Hashable, CustomStringConvertible {
        /// Nobody: Armchair's default.
        case builtIn
        /// The distribution's `[Desktop Defaults]`, in the file at this path.
        case distribution(path: String)
        /// The person, in the file at this path.
        case person(path: String)
        /// The administrator's `[Desktop]`, in the system file at this path.
        case administrator(path: String)
        /// The administrator, through the environment variable of this name.
        case variable(name: String)

        /// Whether the administrator set it, so that the person cannot change it.
        public var isEnforced: Bool {
            switch self {
            case .administrator, .variable: true
            default: false
            }
        }

        /// `by you (/home/ada/.config/armchair/desktop.conf)`, `by the administrator ($ARMCHAIR_DESKTOP_POLICY)`.
        public var description: String {
            switch self {
            case .builtIn: "by default"
            case .distribution(let path): "by the distribution (\(path))"
            case .person(let path): "by you (\(path))"
            case .administrator(let path): "by the administrator (\(path))"
            case .variable(let name): "by the administrator ($\(name))"
            }
        }
    }

    /// One value and who set it.
    public struct Choice<Value: Sendable & Hashable>: Sendable, Hashable {
        /// The value in force.
        public var value: Value
        /// Who set it.
        public var source: Source

        /// A value set by `source`.
        public init(value: Value, source: Source) {
            self.value = value
            self.source = source
        }
    }

    /// Whether apps may prompt on their own (automatic prompts and an app's own `showPrompt`).
    /// What the person starts, such as the app's "Rate this app" item, is never held back.
    public var prompts: Choice<Bool>
    /// Whether apps may publish in-app reviews and send feedback from their forms. "Off" leaves
    /// rating through the software centre, which the person does themselves.
    public var reviewsAndFeedback: Choice<Bool>
    /// The days no app prompts after another app did; 0: apps do not wait for each other.
    public var quietDays: Choice<Int>
    /// What could not be used in the files or the variable, each in words with where it was:
    /// that part was ignored.
    public var problems: [String]

    /// The quiet period between two apps' prompts when nobody sets one.
    public static let defaultQuietDays = 7
    /// The longest quiet period that may be set.
    public static let maximumQuietDays = 365
    /// The variable that carries the administrator's settings, for sandboxed apps too.
    public static let variableName = "ARMCHAIR_DESKTOP_POLICY"
    /// The settings file's path below a configuration folder.
    public static let fileName = "armchair/desktop.conf"

    /// Armchair's defaults: prompts and reviews on, a 7-day quiet period between apps.
    public static let builtIn = DesktopPolicy(
        prompts: Choice(value: true, source: .builtIn),
        reviewsAndFeedback: Choice(value: true, source: .builtIn),
        quietDays: Choice(value: defaultQuietDays, source: .builtIn), problems: [])
}

extension DesktopPolicy {
    /// The settings one place holds; `nil` where it says nothing.
    struct Settings: Sendable, Hashable {
        var prompts: Bool?
        var reviewsAndFeedback: Bool?
        var quietDays: Int?

        /// Reads the entries of a group; what cannot be used is described in `problems`, with
        /// `place` saying where it was.
        init(_ entries: [String: String], place: String, problems: inout [String]) {
            for (key, text) in entries.sorted(by: { $0.key < $1.key }) {
                let value = text.trimmedOfWhitespace
                switch key {
                case "prompts", "reviews-and-feedback":
                    guard let on = Self.switchValue(value) else {
                        problems.append("\(place): \(key)=\(text) is neither on nor off; ignored")
                        continue
                    }
                    if key == "prompts" { prompts = on } else { reviewsAndFeedback = on }
                case "quiet-days":
                    guard let days = Int(value), (0...DesktopPolicy.maximumQuietDays).contains(days) else {
                        problems.append(
                            "\(place): quiet-days=\(text) is not a whole number of days from 0 to \(DesktopPolicy.maximumQuietDays); ignored"
                        )
                        continue
                    }
                    quietDays = days
                default:
                    problems.append(
                        "\(place): unknown key \"\(key)\" (known: prompts, reviews-and-feedback, quiet-days); ignored")
                }
            }
        }

        /// `on`/`off`, and GKeyFile's `true`/`false`.
        static func switchValue(_ text: String) -> Bool? {
            switch text.lowercased() {
            case "on", "true", "yes", "1": true
            case "off", "false", "no", "0": false
            default: nil
            }
        }
    }

    /// The policy in force, from what each place says.
    ///
    /// - Parameters:
    ///   - defaults: The distribution's defaults, and where.
    ///   - person: The person's settings, and where.
    ///   - enforced: The administrator's settings, each with where, strongest first.
    ///   - problems: What could not be used.
    static func resolve(
        defaults: (Settings, Source)?, person: (Settings, Source)?, enforced: [(Settings, Source)],
        problems: [String]
    ) -> DesktopPolicy {
        func chosen<Value>(_ value: KeyPath<Settings, Value?>, builtIn: Value) -> Choice<Value> {
            if let person, let setting = person.0[keyPath: value] { return Choice(value: setting, source: person.1) }
            if let defaults, let setting = defaults.0[keyPath: value] {
                return Choice(value: setting, source: defaults.1)
            }
            return Choice(value: builtIn, source: .builtIn)
        }
        /// A switch: "off" from the administrator holds; "on" from them changes nothing.
        func switchChoice(_ value: KeyPath<Settings, Bool?>) -> Choice<Bool> {
            if let off = enforced.first(where: { $0.0[keyPath: value] == false }) {
                return Choice(value: false, source: off.1)
            }
            return chosen(value, builtIn: true)
        }
        var quietDays = chosen(\.quietDays, builtIn: defaultQuietDays)
        for (settings, source) in enforced {
            if let days = settings.quietDays, days > quietDays.value { quietDays = Choice(value: days, source: source) }
        }
        return DesktopPolicy(
            prompts: switchChoice(\.prompts), reviewsAndFeedback: switchChoice(\.reviewsAndFeedback),
            quietDays: quietDays, problems: problems)
    }
}
