extension Configuration {
    /// GNOME's Open Desktop Ratings Service, the one GNOME Software and KDE Discover use.
    public static let gnomeReviewServer = "https://odrs.gnome.org/1.0/reviews/api"

    /// Creates a configuration with the defaults.
    ///
    /// - Parameters:
    ///   - appID: The application ID, such as `org.example.Notes`.
    ///   - appName: The name shown in the prompt; default derived from `appID`.
    ///   - appVersion: The running version; without it, versions are not tracked.
    public init(appID: String, appName: String? = nil, appVersion: String? = nil) {
        self.appID = appID
        self.appName = appName
        self.appVersion = appVersion
    }

    /// The name the prompt shows: ``appName`` if set and not blank, else derived from ``appID``.
    public var displayName: String {
        if let appName, !appName.allSatisfy(\.isWhitespace) { return appName }
        return ApplicationID.displayName(from: appID)
    }

    /// The prefix in front of every state key: ``keyPrefix`` or ``appID``.
    public var effectiveKeyPrefix: String { keyPrefix ?? appID }

    /// Whether debug mode is on in this build, after the build-type rule of ``debugEnabled``.
    public var isDebugActive: Bool { isDebugActive(inDebugBuild: BuildType.isDebug) }

    /// Whether debug mode would be on in a debug build of Armchair, or in a release build.
    func isDebugActive(inDebugBuild isDebugBuild: Bool) -> Bool {
        debugEnabled && (isDebugBuild || allowsDebugInReleaseBuilds)
    }
}

/// Whether Armchair itself was compiled for debugging.
enum BuildType {
    #if DEBUG
    static let isDebug = true
    #else
    static let isDebug = false
    #endif
}
