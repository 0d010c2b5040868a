import Foundation
import GorillaShared
import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes each log line to standard error as one JSON object (`--log-format json`): `time`, `level`, `label`,
/// `message`, then the metadata's keys (the handler's, the metadata provider's, the line's own, later ones winning).
/// A metadata key that is one of the four fixed ones is written as `meta.KEY`.
package struct JSONLogHandler: LogHandler {
    package var logLevel: Logger.Level = .info
    package var metadata: Logger.Metadata = [:]
    package var metadataProvider: Logger.MetadataProvider?
    private let label: String

    package init(label: String, metadataProvider: Logger.MetadataProvider?) {
        self.label = label
        self.metadataProvider = metadataProvider
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        var members: [String: JSONValue] = [:]
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let explicit = event.metadata { merged.merge(explicit) { $1 } }
        if let error = event.error { merged["error.type"] = .string(String(reflecting: type(of: error))) }
        for (key, value) in merged {
            members[Self.fixedKeys.contains(key) ? "meta." + key : key] = Self.json(value)
        }
        members["time"] = .string(ISOTime.format(Date()))
        members["level"] = .string(event.level.rawValue)
        members["label"] = .string(label)
        members["message"] = .string(event.message.description)
        var line: [UInt8] = []
        line.reserveCapacity(256)
        FastJSON.write(members, into: &line)
        line.append(UInt8(ascii: "\n"))
        // One write per line: lines of concurrent requests never interleave.
        line.withUnsafeBytes { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
    }

    private static let fixedKeys: Set<String> = ["time", "level", "label", "message"]

    private static func json(_ value: Logger.Metadata.Value) -> JSONValue {
        switch value {
        case .string(let text): .string(text)
        case .stringConvertible(let convertible): .string(convertible.description)
        case .array(let items): .array(items.map(json))
        case .dictionary(let members): .object(members.mapValues(json))
        }
    }
}
