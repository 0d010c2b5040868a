import Foundation
import GorillaShared

/// This device as drafts name it: a random id kept in the cache (meta `device`), and a name a person recognises
/// (meta `deviceName` when set, else `GORILLA_DEVICE_NAME`, else the host name).
package enum DeviceIdentity {
    package static let idKey = "device"
    static let nameKey = "deviceName"

    /// This device's id (made on first use) and name.
    package static func current(
        _ cache: LocalCache, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> TrainingDraft.Device {
        let id: UUID
        if let kept = try cache.meta(idKey).flatMap(UUID.init(uuidString:)) {
            id = kept
        } else {
            id = UUID()
            try cache.setMeta(idKey, id.key)
        }
        let candidates = [
            try cache.meta(nameKey), environment["GORILLA_DEVICE_NAME"], ProcessInfo.processInfo.hostName,
        ]
        let name = candidates.lazy.compactMap {
            Validation.cleanName($0.map { String($0.prefix(TrainingDraft.maxDeviceNameLength)) })
        }.first
        return TrainingDraft.Device(
            id: id, name: name ?? TrainingPhrases.deviceNamed.t(["id": String(id.key.prefix(8))]))
    }
}
