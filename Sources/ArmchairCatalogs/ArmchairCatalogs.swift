// This module has no code: it is the compiled catalogs of po/*.po (the CompileCatalogs plugin),
// which SwiftPM copies into the resource bundle `Armchair_ArmchairCatalogs.resources` beside the
// programs it builds. ArmchairCore finds them there or in the build folder by path
// (LocateCatalogs), so the library itself has no resources.
