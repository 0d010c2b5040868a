import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal

/// Statistics and measurements as the tests call them, through the services the CLI uses.
extension DeviceCommands {
    package func stats(_ request: StatsRequest) async throws -> CommandOutput {
        try await run { try await StatsService($0).stats(request) }
    }

    /// `measurements add`, the figures named by their fields ("weight", "bodyFat").
    package func addMeasurement(
        client: String?, date: String?, values: [String: Double], note: String?, force: Bool = false
    ) async throws -> CommandOutput {
        let fields = MeasurementFields(date: date, values: Self.measures(values), note: note, force: force)
        return try await run { try await MeasurementService($0).add(client: client, fields) }
    }

    /// `measurements edit ID`, changing only what is given.
    package func editMeasurement(
        _ id: String, date: String? = nil, values: [String: Double] = [:], clear: [String] = [], note: String? = nil,
        force: Bool = false
    ) async throws -> CommandOutput {
        let fields = MeasurementFields(
            date: date, values: Self.measures(values), clear: clear, note: note, force: force)
        return try await run { try await MeasurementService($0).edit(id, fields) }
    }

    /// `measurements rm ID --yes`.
    package func removeMeasurement(_ id: String) async throws -> CommandOutput {
        try await run { try await MeasurementService($0).remove(id, confirmation: .yes) }
    }

    static func measures(_ values: [String: Double]) -> [BodyMeasure: Double] {
        var measures: [BodyMeasure: Double] = [:]
        for (name, value) in values {
            guard let measure = BodyMeasure(named: name) else { preconditionFailure("no figure '\(name)'") }
            measures[measure] = value
        }
        return measures
    }

    package func listMeasurements(client: String?) async throws -> CommandOutput {
        try await run { try await MeasurementService($0).list(client: client) }
    }
}
