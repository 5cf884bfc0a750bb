// A process that counts uses through the real engine and file store, for the tests that run
// several at once or kill one mid-write.
//
//     StoreWriter <state-file> <uses>    count <uses> launches (0 = until killed), then exit
//
// Exits 0 when every use was saved, 1 when some were not, 2 on a usage error.
import Armchair
import Glibc

let arguments = CommandLine.arguments
guard arguments.count == 3, let uses = Int(arguments[2]), uses >= 0 else {
    print("usage: StoreWriter <state-file> <uses>")
    exit(2)
}
var configuration = Configuration(appID: "org.example.Notes", appVersion: "1.0")
configuration.promptAtLaunch = false
let engine = try RatingEngine(configuration: configuration, store: KeyFileStore(path: arguments[1], lockTimeout: 30))
var counted = 0
while uses == 0 || counted < uses {
    engine.appLaunched()
    counted += 1
}
exit(engine.flush() ? 0 : 1)
