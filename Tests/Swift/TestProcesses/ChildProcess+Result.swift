extension ChildProcess {
    /// What a program printed and how it ended.
    public struct Result: Sendable {
        /// The exit status, or the number of the signal that ended the program.
        public let status: Int32
        /// What the program wrote to standard output, as UTF-8; with standard error when that was
        /// merged into it.
        public let output: String
        /// What the program wrote to standard error, as UTF-8; empty when that was merged into
        /// ``output``.
        public let errors: String
    }
}
