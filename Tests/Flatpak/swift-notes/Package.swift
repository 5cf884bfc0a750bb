// swift-tools-version:6.0
// The smallest Swift GTK 3 app that ships as Shipping Your App says: the Flatpak tests build it
// with that article's manifest, offline.
import PackageDescription

let package = Package(
    name: "notes",
    dependencies: [
        .package(url: "https://github.com/armchair-linux/armchair", from: "1.0.0")
    ],
    targets: [
        .systemLibrary(name: "CNotesGtk", pkgConfig: "gtk+-3.0"),
        .executableTarget(
            name: "notes",
            dependencies: [
                "CNotesGtk",
                .product(name: "Armchair", package: "armchair"),
                .product(name: "ArmchairGtk", package: "armchair"),
            ]
        ),
    ]
)
