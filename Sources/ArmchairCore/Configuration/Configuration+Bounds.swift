extension Configuration {
    /// The largest values the settings accept. Beyond them a threshold could never be met in a
    /// lifetime of use, and arithmetic on it would overflow; ``Configuration/validate()`` refuses
    /// them.
    public enum Bounds {
        /// Uses, significant events, and the count of each event in a scenario: 1,000,000.
        public static let count = 1_000_000
        /// Every setting in days (waiting, reminding, expiry, between prompts, grace): 3,650, ten years.
        public static let days: Double = 3_650
        /// Minutes of active use: 1,000,000, about two years of a window in front all day.
        public static let minutes: Double = 1_000_000
        /// Uses per week: 1,000.
        public static let usesPerWeek: Double = 1_000
        /// Characters in a feedback message: 100,000.
        public static let feedbackCharacters = 100_000
    }
}
