import Foundation
import PackagePlugin

/// Compiles `po/*.po` into `locale/<ll>/LC_MESSAGES/armchair.mo` in the resources of the target
/// it is applied to, ArmchairCatalogs.
///
/// One command builds the whole `locale` folder: SwiftPM copies a declared output folder into the
/// resource bundle as a tree, the layout `bindtextdomain` needs (per-file outputs would be copied
/// flat, and every language's `armchair.mo` would collide). `msgfmt --check` fails the build on a
/// broken catalog. The LocateCatalogs plugin tells ArmchairCore where this folder and the bundle
/// are, so that the core finds them by path, never through SwiftPM's generated `Bundle.module`.
@main
struct CompileCatalogs: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let catalogFolder = context.package.directoryURL.appending(path: "po")
        let catalogs = try FileManager.default.contentsOfDirectory(
            at: catalogFolder, includingPropertiesForKeys: nil
        ).filter { $0.pathExtension == "po" }.sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "locale")
        let compile = """
            set -e
            rm -rf "$OUTPUT"
            for catalog in "$@"; do
                language=$(basename "$catalog" .po)
                mkdir -p "$OUTPUT/$language/LC_MESSAGES"
                /usr/bin/msgfmt --check -o "$OUTPUT/$language/LC_MESSAGES/armchair.mo" "$catalog"
            done
            mkdir -p "$OUTPUT"
            """
        return [
            .buildCommand(
                displayName: "Compiling \(catalogs.count) translation catalogs",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", compile, "compile-catalogs"] + catalogs.map(\.path),
                environment: ["OUTPUT": output.path],
                inputFiles: catalogs,
                outputFiles: [output])
        ]
    }
}
