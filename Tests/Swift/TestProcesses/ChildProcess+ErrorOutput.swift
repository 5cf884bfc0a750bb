extension ChildProcess {
    /// Where a program's standard error goes.
    public enum ErrorOutput: Sendable {
        /// Into ``ChildProcess/Result/errors``, apart from standard output.
        case separate
        /// Into the pipe of standard output, interleaved with it as the program wrote them.
        case mergedIntoOutput
    }
}
