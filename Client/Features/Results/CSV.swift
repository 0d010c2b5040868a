import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// CSV cells (RFC 4180): quoted when they hold a comma, a quote or a newline.
package enum CSV {
    package static func field(_ text: String) -> String {
        text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
            ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }
}
