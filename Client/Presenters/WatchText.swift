import Foundation
import GorillaClient
import GorillaShared

extension WatchNotice: Presentable {
    /// "18:05 message from Anna: see you at six": the time it was noticed, then ``line(zone:)``.
    package func text(for viewer: Viewer) -> String {
        "\(EventFormatting.local(at).suffix(5)) \(line())"
    }
}

extension WatchEnded: Presentable {
    package func text(for viewer: Viewer) -> String { "" }
}
