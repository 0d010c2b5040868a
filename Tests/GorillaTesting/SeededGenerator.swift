import Foundation

/// A small, fast, deterministic random generator (SplitMix64): the same seed gives the same sequence on every run,
/// so that a generated dataset, corpus or test case can be made again from its seed.
package struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SeededGenerator {
    /// A generator for one test's random choices, seeded from the run's seed (``TestSeed``) and the test's name, so
    /// that each test draws its own sequence whatever the order tests run in. Prints the seed:
    /// `GORILLA_TEST_SEED=<seed>` makes the same choices again.
    package static func forTest(_ name: String = #function, in file: String = #fileID) -> SeededGenerator {
        let seed = TestSeed.run
        print("\(file) \(name): random choices from seed \(seed) (GORILLA_TEST_SEED=\(seed) replays them)")
        return SeededGenerator(seed: TestSeed.mix(seed, "\(file) \(name)"))
    }
}

/// The seed of a test run's random choices: `GORILLA_TEST_SEED` when it is set (to replay a run), else a new one.
package enum TestSeed {
    /// This run's seed, read once: `GORILLA_TEST_SEED`, else taken from the clock (the one source of chance in the
    /// tests; everything else is drawn from generators seeded from it).
    package static let run: UInt64 =
        seed(from: ProcessInfo.processInfo.environment) ?? UInt64(Date().timeIntervalSince1970 * 1000) % 1_000_000_000

    /// The seed `GORILLA_TEST_SEED` gives in `environment` (decimal), or nil when it is unset or not a number.
    package static func seed(from environment: [String: String]) -> UInt64? {
        environment["GORILLA_TEST_SEED"].flatMap { UInt64($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// `seed` combined with `name` (FNV-1a over its UTF-8, then one SplitMix64 step): the same on every run and
    /// platform, unlike `Hasher`, which is seeded afresh in each process.
    package static func mix(_ seed: UInt64, _ name: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        var generator = SeededGenerator(seed: seed ^ hash)
        return generator.next()
    }
}

extension RandomNumberGenerator {
    /// A version-4 UUID drawn from this generator (`UUID()` draws from the system's generator, which no seed replays).
    package mutating func uuid() -> UUID {
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &self) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
