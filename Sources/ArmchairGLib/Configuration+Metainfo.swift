package import ArmchairCore
import CGLib
package import Logging

extension Configuration {
    /// The configuration of an app that wrote none, from what it installs: the name and version
    /// from its AppStream metadata, with its settings file (``ConfigurationFile``) on top, and
    /// the name it gave itself (`g_set_application_name`) over both.
    ///
    /// - Parameters:
    ///   - appID: The application ID.
    ///   - location: Where the metadata is.
    ///   - environment: The process environment.
    /// - Returns: The configuration, checked, and the metadata it came from.
    /// - Throws: ``AttachError`` naming the file that is missing or unusable, and where it looked.
    package static func installed(
        appID: String, metainfo location: AppMetainfo.Location, environment: [String: String]
    ) throws(AttachError) -> (configuration: Configuration, metainfo: AppMetainfo) {
        let metainfo: AppMetainfo
        do {
            metainfo = try AppMetainfo.find(appID: appID, location: location, environment: environment)
        } catch {
            throw .metainfo(error)
        }
        Gettext.declareAppLanguages(metainfo.languages)
        guard metainfo.version != nil else {
            throw .metainfo(.noCurrentRelease(path: metainfo.path, releasesPath: metainfo.releasesPath))
        }
        var configuration: Configuration
        do {
            configuration = try Configuration(appID: appID, file: .installed)
        } catch {
            throw .settingsFile(error)
        }
        configuration = configuration.withApplicationName().filling(from: metainfo)
        do {
            try configuration.validate()
        } catch {
            throw .configuration(error)
        }
        return (configuration, metainfo)
    }

    /// This configuration with the name and version it lacks from `metainfo`: values set in code
    /// or in the settings file win.
    package func filling(from metainfo: AppMetainfo) -> Configuration {
        var configuration = self
        configuration.appName = appName ?? metainfo.name
        configuration.appVersion = appVersion ?? metainfo.version
        return configuration
    }

    /// This configuration with the name and version it lacks from the app's installed AppStream
    /// metadata, when it has one: an app that gives its thresholds in code still need not repeat
    /// its version. The metadata's languages are kept for ``Configuration/usesAllAvailableLanguages``.
    /// A missing file changes nothing; an unusable one is a warning in `logger`.
    package func fillingFromInstalledMetainfo(
        environment: [String: String] = ProcessEnvironment.current, logger: Logger
    ) -> Configuration {
        guard appName == nil || appVersion == nil || !usesAllAvailableLanguages else { return self }
        do throws(MetainfoError) {
            let metainfo = try AppMetainfo.find(appID: appID, environment: environment)
            Gettext.declareAppLanguages(metainfo.languages)
            logger.info(
                "Armchair: what the code does not give of \(appID)'s name, version and languages comes from \(metainfo.path)"
            )
            return filling(from: metainfo)
        } catch {
            if case .notFound = error { return self }
            logger.warning("\(error)")
            return self
        }
    }
}

extension Configuration {
    /// ``installed(appID:metainfo:environment:)`` for `application`, a `GApplication *`, whose
    /// application ID names the app.
    package static func installed(
        application: UnsafeMutableRawPointer, metainfo location: AppMetainfo.Location
    ) throws(AttachError) -> Configuration {
        guard let id = g_application_get_application_id(cast(application)) else { throw .noApplicationID }
        return try installed(appID: String(cString: id), metainfo: location, environment: ProcessEnvironment.current)
            .configuration
    }
}
