import Foundation

/// The project's own files the tests read: the catalogs in `po/`, the demo's settings in `data/`,
/// the fuzzing seeds and the Python stand-ins under `Tests/`.
public enum ProjectFolder {
    /// The project's folder, where `Package.swift` is.
    public static let path: String = {
        var folder = URL(fileURLWithPath: #filePath)
        // Tests/Swift/TestProcesses/ProjectFolder.swift
        for _ in 0..<4 { folder.deleteLastPathComponent() }
        return folder.path
    }()

    /// The path of `relativePath` (such as `po/LINGUAS`) in the project's folder.
    public static func file(_ relativePath: String) -> String {
        path + "/" + relativePath
    }
}
