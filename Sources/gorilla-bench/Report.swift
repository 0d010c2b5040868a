import Foundation

/// A bound as written in a target: `2`, `0.3`, `200`.
func compact(_ value: Double) -> String { String(format: "%g", value) }

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
        case .ratioAtMost(let bound): "ratio <= \(compact(bound))"
        case .ratioAtLeast(let bound): "ratio >= \(compact(bound))"
        case .valueAtMost(let bound): "<= \(compact(bound)) \(unit)"
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
    /// Breakdowns that explain the figures (text output only).
    var diagnostics: [String] = []

    var table: String {
        let columns = ["metric", "value", "unit", "limit", "ratio", "target", "result"]
        let rows = metrics.map { metric -> [String] in
            [
                metric.name, format(metric.value), metric.unit, metric.limit.map(format) ?? "-",
                metric.ratio.map(format) ?? "-",
                metric.target, metric.met.map { $0 ? "met" : "MISSED" } ?? "-",
            ]
        }
        let widths = columns.indices.map { column in
            ([columns[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
        }
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
        if !diagnostics.isEmpty {
            lines.append("")
            lines.append("breakdowns:")
            lines += diagnostics.map { "  " + $0 }
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
        let data =
            (try? JSONSerialization.data(withJSONObject: ["metrics": list], options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

/// The machine the benchmark ran on, for the record.
enum MachineInfo {
    /// The 1-minute load average (other work on the machine skews the figures).
    static var loadAverage: String {
        ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").first.map(
            String.init) ?? "?"
    }

    static var summary: [String] {
        var model = "?"
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        if let line = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
            let value = line.split(separator: ":", maxSplits: 1).last
        {
            model = value.trimmingCharacters(in: .whitespaces)
        }
        var memory = "?"
        let meminfo = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        if let line = meminfo.split(separator: "\n").first(where: { $0.hasPrefix("MemTotal:") }) {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            if parts.count >= 2, let kib = Double(parts[1]) { memory = String(format: "%.1f GiB", kib / 1024 / 1024) }
        }
        return ["machine: \(ProcessInfo.processInfo.activeProcessorCount) CPUs (\(model)), \(memory) memory"]
    }
}
