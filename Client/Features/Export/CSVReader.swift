import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// Reads CSV (RFC 4180, and what spreadsheet apps write): fields separated by commas (or semicolons, when the header
/// line has no comma), quoted with `"` where they hold a separator, a quote (doubled) or a line break; records end
/// with CRLF or LF; a byte order mark at the start is skipped.
struct CSVReader {
    /// What does not read as CSV, with the line it was found on.
    struct Malformed: Error, CustomStringConvertible {
        let line: Int
        let reason: String
        var description: String { DataPhrases.onLine.t(["line": line, "problem": reason]) }
    }

    /// The records of `text`, each a list of fields; blank lines are left out.
    static func records(_ text: String) throws -> [[String]] {
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        let firstLine = scalars.prefix { $0 != "\n" && $0 != "\r" }
        let separator: Unicode.Scalar = !firstLine.contains(",") && firstLine.contains(";") ? ";" : ","
        var records: [[String]] = []
        var record: [String] = []
        var field = String.UnicodeScalarView()
        var quoted = false
        var line = 1
        var startLine = 1
        func endRecord() {
            record.append(String(field))
            field = String.UnicodeScalarView()
            if !(record.count == 1 && record[0].isEmpty) { records.append(record) }
            record = []
        }
        while let scalar = scalars.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if scalars.first == "\"" {
                        field.append("\"")
                        scalars.removeFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty:
                quoted = true
                startLine = line
            case separator:
                record.append(String(field))
                field = String.UnicodeScalarView()
            case "\r":
                if scalars.first == "\n" { scalars.removeFirst() }
                endRecord()
                line += 1
            case "\n":
                endRecord()
                line += 1
            default:
                field.append(scalar)
            }
        }
        if quoted { throw Malformed(line: startLine, reason: DataPhrases.quotedFieldNeverClosed.t()) }
        if !field.isEmpty || !record.isEmpty { endRecord() }
        return records
    }
}
