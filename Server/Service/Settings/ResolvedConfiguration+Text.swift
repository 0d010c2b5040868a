import Foundation

extension ResolvedConfiguration {
    /// What `gorilla-server config` prints: one line per setting with its value (secrets redacted) and its source.
    package var text: String {
        let width = settings.map(\.setting.key.count).max() ?? 0
        let rows = settings.map { effective -> (String, String, String) in
            let source = [effective.source.name, effective.source.place(of: effective.setting)].compactMap { $0 }
            return (
                effective.setting.key, effective.shownValue?.description ?? "(unset)", source.joined(separator: " ")
            )
        }
        let valueWidth = min(40, rows.map(\.1.count).max() ?? 0)
        func pad(_ text: String, _ width: Int) -> String {
            text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
        }
        return ([("setting", "value", "source")] + rows)
            .map { "\(pad($0.0, width))  \(pad($0.1, valueWidth))  \($0.2)" }
            .joined(separator: "\n")
    }

    /// What `gorilla-server config --json` prints: `{"KEY": {"value": …, "source": "flag", "from": "--KEY"}, …}`, with
    /// `value` null for an unset setting and no `from` for a default.
    package var json: String {
        var object: [String: Any] = [:]
        for effective in settings {
            var entry: [String: Any] = [
                "value": effective.shownValue?.json ?? NSNull(), "source": effective.source.name,
            ]
            entry["from"] = effective.source.place(of: effective.setting)
            object[effective.setting.key] = entry
        }
        let data =
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
