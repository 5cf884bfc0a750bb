import ArgumentParser
import Armchair
import Dispatch
import Foundation

/// `armchair review`: in-app reviews on the Open Desktop Ratings Service.
struct Review: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Test an app's in-app reviews on an Open Desktop Ratings Service server.",
        subcommands: [ReviewSubmit.self]
    )
}

/// `armchair review submit`: publishes one review exactly as the app's review form would.
struct ReviewSubmit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "submit",
        abstract: "Publish a review as the app's review form would, and show the server's answer.",
        discussion: """
            Checks the review as the form does (1 to 5 stars; a summary of 3 to 70 code points, as \
            the service counts; a description of 15 to 3000; no "<"), then sends it at once. The user \
            hash is the one GNOME Software computes for you on this computer, so a review sent to \
            the real server is yours there: use a test server while developing.

            Exit status: 0 published (or queued, with --queue), 2 the review or an argument is \
            invalid, 4 the server refused the review (already reviewed, say): sending it again \
            cannot help, 5 the server could not be reached or did not answer in time: nothing was \
            kept, so send it again later, or give --queue to leave it in the app's review outbox, \
            which the app publishes at its next launch.

            Examples:
              armchair review submit --server http://127.0.0.1:5000/1.0/reviews/api \\
                --app-id org.example.Notes --rating 4 --summary "Quick and tidy" \\
                --description "Notes opens instantly and syncs without fuss." --version 2.4.1
            """
    )

    @Option(help: ArgumentHelp("The API root. Default: GNOME's server.", valueName: "url"))
    var server = ODRSClient.gnomeServer

    @Option(name: .customLong("app-id"), help: ArgumentHelp("The app's AppStream ID.", valueName: "id"))
    var appID: String

    @Option(help: ArgumentHelp("Stars, from 1 to 5.", valueName: "1-5"))
    var rating: Int

    @Option(help: "The one-line summary.")
    var summary: String

    @Option(help: "The review's text.")
    var description: String

    @Option(help: ArgumentHelp("The app version reviewed. Default: unknown.", valueName: "V"))
    var version: String?

    @Option(help: ArgumentHelp("The name shown with the review. Default: your full name.", valueName: "name"))
    var name: String?

    @Flag(help: "If the server cannot be reached, leave the review in the app's review outbox.")
    var queue = false

    func run() throws {
        guard (1...5).contains(rating) else {
            throw ToolError("--rating must be from 1 to 5, not \(rating).", kind: .input)
        }
        var configuration = Configuration(appID: appID)
        configuration.appVersion = version
        configuration.reviewServer = server
        do {
            try configuration.validate()
        } catch {
            throw ToolError(error.description, kind: .input)
        }
        guard let identity = ReviewerIdentity.current() else {
            throw ToolError("This computer has no readable /etc/machine-id, so no user hash.", kind: .input)
        }
        let draft = ReviewDraft(
            stars: rating, summary: summary, description: description,
            displayName: name ?? identity.suggestedName)
        let problems = draft.problems
        guard problems.isEmpty else {
            throw ToolError(problems.map(\.message).joined(separator: "\n"), kind: .input)
        }
        let publisher: ReviewPublisher
        do {
            publisher = try ReviewPublisher(
                configuration: configuration, identity: identity,
                outbox: ReviewOutbox(appID: appID))  // used only with --queue: the tool sends at once
        } catch {
            throw ToolError(error.description, kind: .input)
        }
        let review = publisher.review(of: draft, id: UUID().uuidString.lowercased())
        print("Sending to \(publisher.client.server.appendingPathComponent("submit")):")
        print("  app_id=\(review.appID) rating=\(review.rating) version=\(review.version) locale=\(review.locale)")
        print("  distro=\(review.distro) user_display=\(review.userDisplay)")
        print("  user_hash=\(review.userHash)")
        switch Self.wait({ await publisher.client.submit(review) }) {
        case .published:
            print("Published.")
        case .alreadyReviewed:
            throw ToolError(
                "Not published: the server already has a review of \(appID) by this user.", kind: .notPublished)
        case .refused(let reason):
            throw ToolError("Not published: the server refused the review: \(reason).", kind: .notPublished)
        case .failed(let reason):
            guard queue else {
                throw ToolError(
                    "Not published, and nothing was kept: \(reason). Send it again later, or add --queue to "
                        + "leave it in the app's review outbox.", kind: .unreachable)
            }
            do {
                try publisher.outbox.enqueue(review, now: Date())
            } catch {
                throw ToolError("Not published (\(reason)), and not queued: \(error)", kind: .unreachable)
            }
            print("Not published yet (\(reason)): queued in \(publisher.outbox.folder); the app publishes it at")
            print("its next launch, or when the network comes back.")
        }
    }

    /// Runs `work` to its end from this synchronous command.
    private static func wait<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: T?
        Task.detached {
            result = await work()
            done.signal()
        }
        done.wait()
        return result!
    }
}
