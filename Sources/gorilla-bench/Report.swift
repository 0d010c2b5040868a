import Foundation

/// One measured figure: its value, the physical limit measured in the same run (when it has one), and its target.
struct Metric: Sendable {
    enum Goal: Sendable {
        /// value / limit must not exceed this.
        case ratioAtMost(Double)
        /// value / limit must reach this.
        case ratioAtLeast(Double)
        /// The value must not exceed this.
        case valueAtMost(Double)
        /// Reported for information only.
        case none
    }

    var name: String
    var value: Double
    var unit: String
    var limit: Double?
    var goal: Goal
    var note: String?

    var ratio: Double? {
        guard let limit, limit > 0, value.isFinite else { return nil }
        return value / limit
    }

    var target: String {
        switch goal {
        case .ratioAtMost(let bound): "ratio <= \(format(bound))"
        case .ratioAtLeast(let bound): "ratio >= \(format(bound))"
        case .valueAtMost(let bound): "<= \(format(bound)) \(unit)"
        case .none: "-"
        }
    }

    /// Whether the target is met; nil when there is none or nothing was measured.
    var met: Bool? {
        guard value.isFinite else { return nil }
        switch goal {
        case .ratioAtMost(let bound): return ratio.map { $0 <= bound }
        case .ratioAtLeast(let bound): return ratio.map { $0 >= bound }
        case .valueAtMost(let bound): return value <= bound
        case .none: return nil
        }
    }
}

/// The benchmark's output: a table for people, or `{"metrics": [...]}` with `--json`.
struct Report {
    var header: [String]
    var metrics: [Metric]

    var table: String {
        let columns = ["metric", "value", "unit", "limit", "ratio", "target", "result"]
        let rows = metrics.map { metric -> [String] in
            [metric.name, format(metric.value), metric.unit, metric.limit.map(format) ?? "-", metric.ratio.map(format) ?? "-",
             metric.target, metric.met.map { $0 ? "met" : "MISSED" } ?? "-"]
        }
        let widths = columns.indices.map { column in ([columns[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                return index == 0 || index == 2 || index == 5 || index == 6 ? cell + pad : pad + cell
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        var lines = header
        lines.append("")
        lines.append(line(columns))
        lines.append(line(widths.map { String(repeating: "-", count: $0) }))
        lines += rows.map(line)
        let notes = metrics.filter { $0.note != nil }
        if !notes.isEmpty {
            lines.append("")
            lines += notes.map { "\($0.name): \($0.note!)" }
        }
        return lines.joined(separator: "\n")
    }

    var json: String {
        func number(_ value: Double?) -> Any {
            guard let value, value.isFinite else { return NSNull() }
            return (value * 10_000).rounded() / 10_000
        }
        let list: [[String: Any]] = metrics.map { metric in
            var object: [String: Any] = [
                "name": metric.name, "value": number(metric.value), "unit": metric.unit,
                "limit": number(metric.limit), "ratio": number(metric.ratio), "target": metric.target,
            ]
            if let note = metric.note { object["note"] = note }
            return object
        }
        let data = (try? JSONSerialization.data(withJSONObject: ["metrics": list], options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

/// The machine the benchmark ran on, for the record.
enum MachineInfo {
    static var summary: [String] {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "?" } ?? "?"
        let meminfo = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        let memory = meminfo.split(separator: "\n").first { $0.hasPrefix("MemTotal:") }
            .flatMap { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first }
            .flatMap { Double($0) }.map { String(format: "%.1f GiB", $0 / 1024 / 1024) } ?? "?"
        return ["machine: \(ProcessInfo.processInfo.activeProcessorCount) CPUs (\(model)), \(memory) memory"]
    }
}
