import Foundation
import GorillaClient
import GorillaClientCore
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// The gym's commands refused to a coach in no gym, and to a coach of a gym whose role may not run them, through the
/// real `gorilla` binary in each language: what is wrong and what to do, never a bare "not allowed".
@Suite(.hangLimit)
struct GymRefusalTests {
    /// The commands that need a gym, each with the operation it asks for.
    static let commands: [([String], GorillaShared.Operation)] = [
        (["exercises", "publish", "Squat"], .gymPublish), (["trainings", "publish", "Legs"], .gymPublish),
        (["machines", "add", "Rack", "--gym"], .gymMachine), (["gym", "invite"], .gymInvite),
        (["gym", "calendar"], .gymCalendar), (["gym", "overview"], .gymOverview), (["gym", "show"], .gymShow),
        (["gym", "members"], .gymMembers), (["gym", "rename", "New"], .gymRename),
        (["gym", "dissolve", "--yes"], .gymDissolve),
        (["gym", "role", "olga", "coach"], .gymRole), (["gym", "remove", "olga"], .gymRemove),
        (["gym", "leave"], .gymLeave), (["exercises", "copy", "Squat"], .gymCopy),
        (["trainings", "copy", "Legs"], .gymCopy),
    ]

    @Test func aCoachWithoutAGymOrWithoutTheRoleIsToldWhatIsWrongAndWhatToDo() async throws {
        try await withTestServer { server in
            let (olga, cora) = try await GymLibraryTests.gym(on: server)
            let ivan = try await Device.coach("ivan", on: server)
            for device in [olga, cora, ivan] {
                _ = try await device.app.addExercise(name: "Squat", ExerciseFields())
                _ = try await device.app.addTraining(name: "Legs", exercises: ["Squat"])
            }
            for language in Language.allCases {
                let notInGym = WireErrorCode.notInGym.message(in: language)
                for (command, op) in Self.commands {
                    let run = try await runGorilla(command + ["--language", language.rawValue], home: ivan.home)
                    #expect(run.status != 0 && run.stderr.contains(notInGym), "ivan \(command) [\(language)]: \(run)")
                    guard let why = Access.gymRoleRefusal(op, in: language) else { continue }
                    let refused = try await runGorilla(command + ["--language", language.rawValue], home: cora.home)
                    #expect(
                        refused.status != 0
                            && refused.stderr.contains(WireErrorCode.forbidden.message(in: language) + ": " + why),
                        "cora \(command) [\(language)]: \(refused)")
                }
            }
            // The words, as a person reads them.
            let publish = try await runGorilla(["exercises", "publish", "Squat", "--language", "en"], home: cora.home)
            #expect(publish.stderr.contains("only the gym's owners and admins publish to its library"), "\(publish)")
            let plain = try await runGorilla(["gym", "overview", "--language", "en"], home: ivan.home)
            #expect(plain.stderr.contains("join one with 'gorilla gym join CODE'"), "\(plain)")
        }
    }
}
