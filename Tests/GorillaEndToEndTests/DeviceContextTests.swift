import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTesting
import Testing

/// One device context per process: the steps of one command share a connection, and a connection the server closed
/// in the meantime is opened again rather than reported as offline.
@Suite(.hangLimit) struct DeviceContextTests {
    @Test func aCommandsStepsShareOneConnectionAndAClosedOneIsOpenedAgain() async throws {
        try await withTestServer { server in
            let device = try await Device.coach("ada", on: server)
            let context = DeviceContext(home: device.app.home, deadlines: TestDeadlines.patient)
            try await context.command {
                #expect(await context.syncOpportunistically() != nil)
                #expect(await context.syncOpportunistically() != nil)
                #expect(context.takeNotes().isEmpty)
                // The server goes away and comes back (as an idle timeout or a restart closes a connection while a
                // long command works): the command's next step must not read the closed connection as offline.
                await server.stop()
                try await server.start()
                try await Task.sleep(for: .milliseconds(500))  // the device reads the close of the old connection
                _ = try await MachineService(context).add(name: "Leg press", imageFile: nil)
                #expect(context.takeNotes().isEmpty)
            }
            #expect(try device.cache().queuedCount() == 0)
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("machine") == 1)
        }
    }
}
