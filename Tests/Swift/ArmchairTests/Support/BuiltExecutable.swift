import Foundation

/// The executables of this package the tests run: SwiftPM builds them into the folder of the test
/// binary.
enum BuiltExecutable {
    /// The path of the executable `name` (`armchair`, `TestApp`, …) beside the test binary.
    static func path(_ name: String) -> String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent(name).path
    }
}
