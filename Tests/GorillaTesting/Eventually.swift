/// Polls `condition` every few milliseconds until it holds or `timeout` passes; returns whether it held.
///
/// The one way a test waits for something it cannot be told about (a row reaching another device, a file growing, a
/// screen showing a line): never a loop of its own around `Task.sleep`.
package func eventually(
    timeout: Duration = .seconds(30), every interval: Duration = .milliseconds(20),
    _ condition: () async throws -> Bool
) async throws -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try await Task.sleep(for: interval)
    }
    return try await condition()
}
