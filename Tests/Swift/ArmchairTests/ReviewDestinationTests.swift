import Armchair
import Testing

/// Where "Rate" leads on Linux.
@Suite("Review destination")
struct ReviewDestinationTests {
    let configuration = Configuration(appID: "org.example.Notes")

    @Test("The software centre first, Flathub's page as the last resort")
    func softwareCentre() {
        let destination = ReviewDestination.resolve(configuration, environment: [:])
        #expect(
            destination.addresses == ["appstream://org.example.Notes", "https://flathub.org/apps/org.example.Notes"])
        #expect(destination.primary == "appstream://org.example.Notes")
    }

    @Test("The engine's review URL is the destination's first address")
    @MainActor
    func engineReviewURL() throws {
        let engine = try RatingEngine(
            configuration: configuration, store: InMemoryStore(), environment: ["SNAP_NAME": "notes"])
        #expect(engine.reviewURLString() == "snap://notes")
    }

    @Test("Inside a snap, Ubuntu's App Center link comes first")
    func snap() {
        let destination = ReviewDestination.resolve(configuration, environment: ["SNAP_NAME": "notes-app"])
        #expect(destination.addresses.first == "snap://notes-app")
        #expect(destination.addresses.count == 3)
    }

    @Test("A malformed snap name is not used", arguments: ["", "Notes", "notes--app", "-notes", "notes/../x"])
    func badSnapName(name: String) {
        let destination = ReviewDestination.resolve(configuration, environment: ["SNAP_NAME": name])
        #expect(destination.primary == "appstream://org.example.Notes")
    }

    @Test("A developer template overrides everything, with its values percent-encoded")
    func template() throws {
        var configuration = self.configuration
        configuration.reviewURLTemplate = "https://example.org/review?app={appID}&from={campaign}"
        configuration.campaignCode = "spring sale&more"
        try configuration.validate()
        let destination = ReviewDestination.resolve(configuration, environment: ["SNAP_NAME": "notes"])
        #expect(destination.addresses == ["https://example.org/review?app=org.example.Notes&from=spring%20sale%26more"])
    }

    @Test(
        "A template that is not a URL is refused",
        arguments: [
            ("example.org/review", "not an absolute URL"), ("https://example.org/{id}", "unknown placeholder {id}"),
            ("1https://example.org", "is not a URL scheme"), ("https:", "nothing after"),
            ("https://example.org/a b", "U+20"),
        ])
    func badTemplate(template: String, reason: String) {
        var configuration = self.configuration
        configuration.reviewURLTemplate = template
        let error = #expect(throws: ConfigurationError.self) { try configuration.validate() }
        #expect(error?.problems.first?.message.contains(reason) == true, "\(String(describing: error))")
    }
}
