import ArgumentParser
import Foundation
import GorillaServer

/// A setting's flag: `--KEY`, and its older spellings.
extension NameSpecification {
    static func setting(_ setting: ServerSetting) -> NameSpecification {
        NameSpecification([.customLong(setting.key)] + setting.flagAliases.map { .customLong($0) })
    }
}

/// A setting's help: its own line, its default and its environment variable.
extension ArgumentHelp {
    static func setting(_ setting: ServerSetting) -> ArgumentHelp {
        let value = setting.defaultValue.map { setting.isSecret ? $0.redacted : $0 }
        let fallback = value.map { "default: \($0)" } ?? "unset by default"
        return ArgumentHelp("\(setting.help) (\(fallback); $\(setting.environmentName))", valueName: setting.valueName)
    }
}

/// The options every subcommand takes to find the data folder and the database, and the configuration file.
struct DataOptions: ParsableArguments {
    @Option(name: .setting(.data), help: .setting(.data)) var data: String?
    @Option(name: .setting(.database), help: .setting(.database)) var database: String?
    @Option(name: .setting(.databasePasswordFile), help: .setting(.databasePasswordFile))
    var databasePasswordFile: String?
    @Option(
        name: .customLong("config"),
        help: ArgumentHelp(
            "A JSON file of settings, read after the flags and the environment (docs/operations.md, \"Configuration\").",
            valueName: "file"))
    var config: String?

    /// The flags given, by setting key.
    var given: [String: String?] {
        [
            ServerSetting.data.key: data, ServerSetting.database.key: database,
            ServerSetting.databasePasswordFile.key: databasePasswordFile,
        ]
    }

    /// The settings `settings` from these flags and `more`, the environment and the `--config` file.
    ///
    /// A wrong value ends the command: given by a flag, as a usage error (status 64); else on one line each, with
    /// status 78 (sysexits' `EX_CONFIG`).
    func resolve(
        _ settings: [ServerSetting] = ServerSetting.storage, with more: [String: String?] = [:]
    ) async throws -> ResolvedConfiguration {
        let sources = ConfigurationSources(
            flags: given.merging(more) { $1 }.compactMapValues { $0 },
            environment: ProcessInfo.processInfo.environment,
            file: config.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        do {
            return try await sources.resolve(settings)
        } catch let error as ConfigurationError {
            if error.blamesFlags { throw ValidationError(error.description) }
            for problem in error.problems {
                FileHandle.standardError.write(Data("gorilla-server: \(problem)\n".utf8))
            }
            throw ExitCode(78)
        }
    }

    /// The operator's tools on this data folder or database.
    func tools() async throws -> OperatorTools {
        let configuration = try await resolve().configuration
        return try await OperatorTools.open(
            dataDirectory: configuration.dataDirectory, database: configuration.database)
    }
}

/// The serving settings' flags (the rest of ``ServerSetting/all``), one line each.
struct ServeOptions: ParsableArguments {
    @Option(name: .setting(.databaseConnections), help: .setting(.databaseConnections)) var databaseConnections: String?
    @Option(name: .setting(.host), help: .setting(.host)) var host: String?
    @Option(name: .setting(.port), help: .setting(.port)) var port: String?
    @Option(name: .setting(.cert), help: .setting(.cert)) var cert: String?
    @Option(name: .setting(.key), help: .setting(.key)) var key: String?
    @Option(name: .setting(.maxLineLength), help: .setting(.maxLineLength)) var maxLineLength: String?
    @Option(name: .setting(.helloTimeout), help: .setting(.helloTimeout)) var helloTimeout: String?
    @Option(name: .setting(.idleTimeout), help: .setting(.idleTimeout)) var idleTimeout: String?
    @Option(name: .setting(.maxConnections), help: .setting(.maxConnections)) var maxConnections: String?
    @Option(name: .setting(.maxConnectionsPerAddress), help: .setting(.maxConnectionsPerAddress))
    var maxConnectionsPerAddress: String?
    @Option(name: .setting(.requestsPerSecond), help: .setting(.requestsPerSecond)) var requestsPerSecond: String?
    @Option(name: .setting(.fairScheduling), help: .setting(.fairScheduling)) var fairScheduling: String?
    @Option(name: .setting(.workCapacity), help: .setting(.workCapacity)) var workCapacity: String?
    @Option(name: .setting(.workAllowance), help: .setting(.workAllowance)) var workAllowance: String?
    @Option(name: .setting(.workOverhead), help: .setting(.workOverhead)) var workOverhead: String?
    @Option(name: .setting(.pullPageBytes), help: .setting(.pullPageBytes)) var pullPageBytes: String?
    @Option(name: .setting(.uploadBytesPerAccount), help: .setting(.uploadBytesPerAccount))
    var uploadBytesPerAccount: String?
    @Option(name: .setting(.uploadBytesTotal), help: .setting(.uploadBytesTotal)) var uploadBytesTotal: String?
    @Option(name: .setting(.integrityCheckTimeout), help: .setting(.integrityCheckTimeout))
    var integrityCheckTimeout: String?
    @Option(name: .setting(.passwordHashCost), help: .setting(.passwordHashCost)) var passwordHashCost: String?
    @Option(name: .setting(.passwordThreads), help: .setting(.passwordThreads)) var passwordThreads: String?
    @Option(name: .setting(.passwordQueue), help: .setting(.passwordQueue)) var passwordQueue: String?
    @Option(name: .setting(.signupsPerAddress), help: .setting(.signupsPerAddress)) var signupsPerAddress: String?
    @Option(name: .setting(.signupWindow), help: .setting(.signupWindow)) var signupWindow: String?
    @Option(name: .setting(.loginFailuresPerAccount), help: .setting(.loginFailuresPerAccount))
    var loginFailuresPerAccount: String?
    @Option(name: .setting(.loginFailuresPerAddress), help: .setting(.loginFailuresPerAddress))
    var loginFailuresPerAddress: String?
    @Option(name: .setting(.loginWindow), help: .setting(.loginWindow)) var loginWindow: String?
    @Option(name: .setting(.tokenLifetime), help: .setting(.tokenLifetime)) var tokenLifetime: String?
    @Option(name: .setting(.resetTokenLifetime), help: .setting(.resetTokenLifetime)) var resetTokenLifetime: String?
    @Option(name: .setting(.registrationCodeLifetime), help: .setting(.registrationCodeLifetime))
    var registrationCodeLifetime: String?
    @Option(name: .setting(.codeGuessesBeforeWait), help: .setting(.codeGuessesBeforeWait))
    var codeGuessesBeforeWait: String?
    @Option(name: .setting(.codeFirstWait), help: .setting(.codeFirstWait)) var codeFirstWait: String?
    @Option(name: .setting(.codeLongestWait), help: .setting(.codeLongestWait)) var codeLongestWait: String?
    @Option(name: .setting(.codeGuessMemory), help: .setting(.codeGuessMemory)) var codeGuessMemory: String?
    @Option(name: .setting(.backupEvery), help: .setting(.backupEvery)) var backupEvery: String?
    @Option(name: .setting(.backupKeep), help: .setting(.backupKeep)) var backupKeep: String?
    @Option(name: .setting(.backupDir), help: .setting(.backupDir)) var backupDir: String?
    @Option(name: .setting(.logLevel), help: .setting(.logLevel)) var logLevel: String?
    @Option(name: .setting(.logFormat), help: .setting(.logFormat)) var logFormat: String?
    @Option(name: .setting(.metrics), help: .setting(.metrics)) var metrics: String?
    @Option(name: .setting(.web), help: .setting(.web)) var web: String?
    @Flag(name: .customLong("no-web"), help: "No web door: the same as --web off.") var noWeb = false
    @Option(name: .setting(.webURL), help: .setting(.webURL)) var webURL: String?
    @Option(name: .setting(.webSessionLifetime), help: .setting(.webSessionLifetime)) var webSessionLifetime: String?

    /// The flags given, by setting key (`gorilla-server config` with every flag shows each one's source as `flag`).
    var given: [String: String?] {
        let flags: [(ServerSetting, String?)] = [
            (.databaseConnections, databaseConnections), (.host, host), (.port, port), (.cert, cert), (.key, key),
            (.maxLineLength, maxLineLength), (.helloTimeout, helloTimeout), (.idleTimeout, idleTimeout),
            (.maxConnections, maxConnections), (.maxConnectionsPerAddress, maxConnectionsPerAddress),
            (.requestsPerSecond, requestsPerSecond), (.fairScheduling, fairScheduling), (.workCapacity, workCapacity),
            (.workAllowance, workAllowance), (.workOverhead, workOverhead), (.pullPageBytes, pullPageBytes),
            (.uploadBytesPerAccount, uploadBytesPerAccount), (.uploadBytesTotal, uploadBytesTotal),
            (.integrityCheckTimeout, integrityCheckTimeout), (.passwordHashCost, passwordHashCost),
            (.passwordThreads, passwordThreads), (.passwordQueue, passwordQueue),
            (.signupsPerAddress, signupsPerAddress), (.signupWindow, signupWindow),
            (.loginFailuresPerAccount, loginFailuresPerAccount), (.loginFailuresPerAddress, loginFailuresPerAddress),
            (.loginWindow, loginWindow), (.tokenLifetime, tokenLifetime), (.resetTokenLifetime, resetTokenLifetime),
            (.registrationCodeLifetime, registrationCodeLifetime), (.codeGuessesBeforeWait, codeGuessesBeforeWait),
            (.codeFirstWait, codeFirstWait), (.codeLongestWait, codeLongestWait), (.codeGuessMemory, codeGuessMemory),
            (.backupEvery, backupEvery), (.backupKeep, backupKeep), (.backupDir, backupDir), (.logLevel, logLevel),
            (.logFormat, logFormat), (.metrics, metrics), (.web, noWeb ? "off" : web), (.webURL, webURL),
            (.webSessionLifetime, webSessionLifetime),
        ]
        return Dictionary(uniqueKeysWithValues: flags.map { ($0.0.key, $0.1) })
    }
}
