import Foundation

/// Who recorded a training session or a body measurement: the coach, or the client themselves. The server sets it
/// (the document's `recordedBy`) from the account that creates the row; a device never sends it.
///
/// The one rule for "the client's own work": the server checks it before a client corrects a session, and the coach's
/// devices read it to tell the coach what a client did (`gorilla watch`, the home screen, the agenda).
package enum RecordedBy {
    /// The document member that holds it.
    package static let field = "recordedBy"
    /// The kinds whose documents carry it.
    package static let kinds: Set<EntityKind> = [.session, .measurement]

    /// Who recorded `document`. A document without the member counts as the coach's: the server set it on every session
    /// from the start, and on measurements only since they carry it, so an older measurement is not told as news.
    package static func role(of document: [String: JSONValue]) -> Role {
        document[field]?.stringValue.flatMap(Role.init(rawValue:)) ?? .coach
    }

    /// Whether `document` is the client's own work (they recorded it themselves).
    package static func isClientsOwn(_ document: [String: JSONValue]) -> Bool { role(of: document) == .client }
}
