import Logging

/// How the server writes its log lines (`--log-format`).
package enum LogFormat: String, CaseIterable, Sendable {
    /// swift-log's own lines: `TIME LEVEL label: key=value … message`.
    case text
    /// One JSON object a line (``JSONLogHandler``).
    case json
}

extension LogFormat {
    /// Makes every logger of the process write in this format at `level` or above, each line with the metadata of the
    /// request it belongs to (``RequestLog``). Call once, before any logger is made.
    package func bootstrap(level: Logger.Level) {
        let format = self
        LoggingSystem.bootstrap(
            { label, provider in
                switch format {
                case .text:
                    var handler = StreamLogHandler.standardError(label: label, metadataProvider: provider)
                    handler.logLevel = level
                    return handler
                case .json:
                    var handler = JSONLogHandler(label: label, metadataProvider: provider)
                    handler.logLevel = level
                    return handler
                }
            }, metadataProvider: RequestLog.metadataProvider)
    }
}
