// swift-tools-version: 6.1
import PackageDescription

/// Settings every target shares: Swift 6 mode is the default for this tools version; these
/// upcoming features keep `any` explicit and imports internal unless a module re-exports them.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// The settings of the modules the C library links (libarmchair-1 and its toolkit adapters),
/// which import `FoundationEssentials`, never all of Foundation: a member of another module is
/// visible only in the files that import that module, so nothing reaches Foundation by accident.
let libraryModuleSettings: [SwiftSetting] = swiftSettings + [.enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
    name: "Armchair",
    products: [
        // The engine with its network delivery: what a Swift app imports.
        .library(name: "Armchair", targets: ["Armchair"]),
        // The engine alone, for an app that wants the rules without GTK or the network.
        .library(name: "ArmchairCore", targets: ["ArmchairCore", "ArmchairCatalogs"]),
        .library(name: "ArmchairTesting", targets: ["ArmchairTesting"]),
        .library(name: "ArmchairGtk", targets: ["ArmchairGtk", "ArmchairCatalogs"]),
        // GTK 4 + libadwaita. A process cannot load GTK 3 and GTK 4 together: an app links one
        // adapter, never both.
        .library(name: "ArmchairAdwaita", targets: ["ArmchairAdwaita", "ArmchairCatalogs"]),
        .executable(name: "armchair", targets: ["armchair"]),
        .executable(name: "armchair-population", targets: ["armchair-population"]),
        .executable(name: "armchair-demo", targets: ["armchair-demo"]),
        .executable(name: "armchair-demo-gtk4", targets: ["armchair-demo-gtk4"]),
        // What `armchair preview --toolkit gtk4` runs: the armchair tool links GTK 3.
        .executable(name: "armchair-preview-gtk4", targets: ["armchair-preview-gtk4"]),
    ],
    // Each lower bound is the first release with what Armchair uses, so that a Swift 6.1 toolchain,
    // which skips the releases whose manifest it cannot read, still finds one.
    dependencies: [
        // Logging: apps plug in their own backend; the engine explains decisions at debug level.
        // 1.11.0 brought `LogEvent` and `LogHandler.log(event:)` (SLG-0005), which GLibLogHandler
        // and the tests' LogRecorder implement; 1.11.0 to 1.14.0 carry a tools-6.1 manifest beside
        // their tools-6.2 one, and 1.16.2 has only the tools-6.2 one.
        .package(url: "https://github.com/apple/swift-log", from: "1.11.0"),
        // The command-line tool's subcommands, help and argument errors. 1.3.1 made
        // `CommandConfiguration` Sendable, which a command's `static let configuration` needs in
        // Swift 6 mode; every release's manifest is tools 6.0 or older.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.3.1"),
        // `swift package generate-documentation --target --output-path --warnings-as-errors`, for
        // the DocC catalogs (scripts/check-docs.sh): all there in 1.0.0, whose manifest is tools 5.6.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.0.0"),
    ],
    targets: [
        // Configuration, state, rules, the engine, the stores and the texts: no GTK, no network.
        // It has no SwiftPM resources (whose generated accessor imports all of Foundation): it
        // finds the catalogs ArmchairCatalogs carries by path.
        .target(
            name: "ArmchairCore",
            dependencies: ["CLibintl", "CArmchairSupport", .product(name: "Logging", package: "swift-log")],
            swiftSettings: libraryModuleSettings,
            plugins: ["LocateCatalogs"]
        ),
        // Armchair's compiled translation catalogs, as a resource bundle SwiftPM puts beside the
        // programs it builds. The Swift products carry it; the C library does not link it.
        .target(name: "ArmchairCatalogs", plugins: ["CompileCatalogs"]),
        // HTTP through libcurl, on a thread of its own, for ArmchairDelivery. libcurl is opened
        // when the first request is made, not linked: most runs of an app send nothing.
        .target(name: "CArmchairCurl"),
        // Sending: the outboxes, HTTPS feedback and the Open Desktop Ratings Service.
        .target(
            name: "ArmchairDelivery",
            dependencies: ["ArmchairCore", "CArmchairCurl", .product(name: "Logging", package: "swift-log")],
            swiftSettings: libraryModuleSettings
        ),
        // Both, re-exported, with the engine wired to the network.
        .target(
            name: "Armchair",
            dependencies: [
                "ArmchairCore", "ArmchairCatalogs", "ArmchairDelivery", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // glibc's gettext, for the translated prompt texts.
        .systemLibrary(name: "CLibintl"),
        // The C library's environment, which Swift's Glibc cannot read once an app cleared it.
        .target(name: "CArmchairSupport"),
        .plugin(name: "CompileCatalogs", capability: .buildTool()),
        .plugin(name: "LocateCatalogs", capability: .buildTool()),
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk+-3.0",
            providers: [.apt(["libgtk-3-dev"])]
        ),
        // libdispatch's main queue as a GLib source, so main-actor work runs under a GLib main loop.
        .target(name: "CArmchairGtkSupport", dependencies: ["CGLib"]),
        // GLib, GObject and GIO without GTK, for what every toolkit adapter shares.
        .systemLibrary(
            name: "CGLib",
            pkgConfig: "gio-unix-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        // What a toolkit adapter needs of GLib whatever its GTK: signals as Swift closures, the
        // main loop as the scheduler's clock, and libdispatch's main queue under it.
        .target(
            name: "ArmchairGLib",
            dependencies: [
                "ArmchairCore", "CGLib", "CArmchairGtkSupport", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: libraryModuleSettings
        ),
        .target(
            name: "ArmchairGtk",
            dependencies: [
                "ArmchairCore", "ArmchairDelivery", "ArmchairGLib", "CGLib", "CGtk",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: libraryModuleSettings
        ),
        // GTK 4 and libadwaita (libadwaita-1's pkg-config pulls gtk4). Its shim includes GTK 4's
        // <gtk/gtk.h>: no target may see both CGtk and CGtk4 (Clang finds two different
        // `struct _GtkWindow`), and no test target may depend on a GTK 4 target, since every test
        // target links into one test program with GTK 3. GTK 4 is tested out of process.
        .systemLibrary(
            name: "CGtk4",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libadwaita-1-dev", "libgtk-4-dev"])]
        ),
        // The GTK 4 + libadwaita adapter: the same engine and scheduler, libadwaita's dialogs.
        .target(
            name: "ArmchairAdwaita",
            dependencies: [
                "ArmchairCore", "ArmchairDelivery", "ArmchairGLib", "CGLib", "CGtk4",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: libraryModuleSettings
        ),
        // libarmchair-1, the C library with GObject Introspection (built by meson.build, which
        // links these with one private Swift runtime): the GObject types in C, their checked C
        // entry points, and the Swift behind them (`@_cdecl`, reached only through the C).
        // Its C files may include any of its headers (ARMCHAIR_COMPILATION, as in meson.build); what
        // imports it sees armchair.h and the private headers (include/module.modulemap).
        .target(
            name: "CArmchair",
            dependencies: ["CGLib"],
            exclude: ["meson.build", "swift-runtime"],
            cSettings: [.define("ARMCHAIR_COMPILATION")]
        ),
        .target(
            name: "ArmchairCAPI",
            dependencies: [
                "ArmchairCore", "ArmchairDelivery", "ArmchairGLib", "CArmchair",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // libarmchair-gtk3-1 and libarmchair-gtk4-1: each toolkit's binding type over its adapter.
        .target(
            name: "CArmchairGtk3",
            dependencies: ["CGtk", "CArmchair"],
            exclude: ["meson.build"],
            cSettings: [.define("ARMCHAIR_COMPILATION")]
        ),
        .target(
            name: "ArmchairGtk3CAPI",
            dependencies: ["ArmchairCAPI", "ArmchairGLib", "ArmchairGtk", "CArmchairGtk3"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "CArmchairGtk4",
            dependencies: ["CGtk4", "CArmchair"],
            exclude: ["meson.build"],
            cSettings: [.define("ARMCHAIR_COMPILATION")]
        ),
        .target(
            name: "ArmchairGtk4CAPI",
            dependencies: ["ArmchairCAPI", "ArmchairGLib", "ArmchairAdwaita", "CArmchairGtk4"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "ArmchairTesting",
            dependencies: ["ArmchairCore"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "armchair",
            dependencies: [
                "Armchair",
                "ArmchairGLib",
                "ArmchairGtk",
                "CGLib",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "armchair-demo",
            dependencies: ["Armchair", "ArmchairGtk", "CGtk"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "armchair-demo-gtk4",
            dependencies: ["Armchair", "ArmchairAdwaita", "CGtk4"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "armchair-preview-gtk4",
            dependencies: ["Armchair", "ArmchairAdwaita", "CGLib"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "armchair-population",
            dependencies: [
                "Armchair",
                "ArmchairTesting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "armchair-benchmark",
            dependencies: ["ArmchairCore"],
            swiftSettings: swiftSettings
        ),
        // A headless stand-in for an app process, so the tests can run several at once and kill
        // them at bad moments.
        .executableTarget(
            name: "TestApp",
            dependencies: [
                "Armchair", "ArmchairGtk", "ArmchairGLib", "CLibintl", .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/Swift/TestApp",
            swiftSettings: swiftSettings
        ),
        // libFuzzer entry point for the file readers; scripts/fuzz.sh builds it with -sanitize=fuzzer.
        .executableTarget(
            name: "ArmchairFuzz",
            dependencies: ["Armchair", .product(name: "Logging", package: "swift-log")],
            path: "Tests/Fuzz",
            exclude: ["Seeds"],  // the corpus scripts/fuzz.sh starts from
            swiftSettings: swiftSettings
        ),
        // How the tests run programs: one way to start, talk to, wait for and kill them.
        .target(
            name: "TestProcesses",
            path: "Tests/Swift/TestProcesses",
            swiftSettings: swiftSettings
        ),
        // The Python stand-ins of Tests/StandIns, started on loopback for one test each.
        .target(
            name: "TestServers",
            dependencies: ["TestProcesses"],
            path: "Tests/Swift/TestServers",
            swiftSettings: swiftSettings
        ),
        // GDK's X11 backend, which the library does not use: the tests give windows the focus
        // through the X server.
        .systemLibrary(
            name: "CGdkX11",
            path: "Tests/Swift/CGdkX11",
            pkgConfig: "gdk-x11-3.0"
        ),
        .testTarget(
            name: "ArmchairGtkTests",
            dependencies: [
                "Armchair", "ArmchairGLib", "ArmchairGtk", "ArmchairTesting", "CGtk", "CGdkX11", "TestProcesses",
                "TestServers",
            ],
            path: "Tests/Swift/ArmchairGtkTests",
            swiftSettings: swiftSettings
        ),
        // libarmchair's C API in process: the GObject types, their properties, signals and errors,
        // the bad calls, and the GTK 3 binding. The GTK 4 binding is only built here (no test target
        // may load GTK 4); the installed-client tests run it.
        .testTarget(
            name: "LibArmchairTests",
            dependencies: [
                "ArmchairCAPI", "ArmchairCore", "ArmchairGtk3CAPI", "ArmchairTesting", "CArmchair", "CArmchairGtk3",
                "CGtk",
            ],
            path: "Tests/Swift/LibArmchairTests",
            swiftSettings: swiftSettings
        ),
        // TestApp, armchair and armchair-population are here to be built: the tests run their
        // binaries, from beside the test binary, and import none of them.
        .testTarget(
            name: "ArmchairTests",
            dependencies: [
                "Armchair", "ArmchairCore", "ArmchairDelivery", "ArmchairTesting", "TestApp", "TestProcesses",
                "TestServers", "armchair-population", "armchair",
            ],
            path: "Tests/Swift/ArmchairTests",
            swiftSettings: swiftSettings
        ),
    ]
)
