import ArgumentParser
import GorillaServer

/// `gorilla-server gyms`: the operator's view of the gyms.
struct Gyms: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Operator commands for gyms (work while the server runs).", subcommands: [List.self])

    /// `gorilla-server gyms list [--json]`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the gyms and their members.")
        @OptionGroup var data: DataOptions
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let admin = try await data.tools()
            print(try await admin.listGyms(json: json))
        }
    }
}
