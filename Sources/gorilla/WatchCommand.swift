import ArgumentParser
import Foundation
import GorillaClient

struct Watch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "watch", abstract: "Stay connected and show what happens.")
    @OptionGroup(title: "Global options") var global: GlobalOptions
    func run() async throws {
        throw ValidationError("not yet")
    }
}
