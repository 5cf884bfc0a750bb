extension ChildProcess {
    /// The error of a program still running when its time was up; it has been killed.
    public struct TimedOut: Error, CustomStringConvertible {
        /// The path of the program.
        public let program: String
        /// How long it was given.
        public let timeout: Duration

        public var description: String { "\(program) was still running after \(timeout), so it was killed" }
    }
}
