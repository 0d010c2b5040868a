import Foundation
import GorillaClient
import GorillaShared

/// Statistics and measurements as the tests call them, through the services the CLI uses.
extension DeviceCommands {
    public func stats(_ request: StatsRequest) async throws -> CommandOutput {
        try await run { try await StatsService($0).stats(request) }
    }

    public func addMeasurement(
        client: String?, date: String?, values: [String: Double], note: String?
    ) async throws -> CommandOutput {
        try await run { try await MeasurementService($0).add(client: client, date: date, values: values, note: note) }
    }

    public func listMeasurements(client: String?) async throws -> CommandOutput {
        try await run { try await MeasurementService($0).list(client: client) }
    }
}
