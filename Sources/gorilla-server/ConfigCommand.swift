import ArgumentParser
import GorillaServer

struct Config: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the settings the server would use and where each came from: flag, environment, file, default.",
        discussion: """
            Takes the same flags, environment and --config file as the server, and checks them as it does. A secret \
            (a database address's password) is shown as ***.
            """)

    @OptionGroup var data: DataOptions
    @OptionGroup var options: ServeOptions
    @Flag(help: "Print one JSON object: {\"KEY\": {\"value\": …, \"source\": …, \"from\": …}, …}.") var json = false

    func run() async throws {
        let resolved = try await data.resolve(ServerSetting.all, with: options.given)
        print(json ? resolved.json : resolved.text)
    }
}
