import ArgumentParser

@main
struct GorillaBench: AsyncParsableCommand {
    func run() async throws {}
}
