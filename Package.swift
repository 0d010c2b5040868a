// swift-tools-version:6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "GorillaCoach",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "gorilla-server", targets: ["gorilla-server"]),
        .executable(name: "gorilla", targets: ["gorilla"]),
        .executable(name: "gorilla-bench", targets: ["gorilla-bench"]),
        .library(name: "GorillaShared", targets: ["GorillaShared"]),
        .library(name: "GorillaServer", targets: ["GorillaServer"]),
        .library(
            name: "GorillaClient",
            targets: ["GorillaClientCore", "GorillaTerminal", "GorillaClient", "GorillaPresenters"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    ],
    targets: [
        // Domain types, wire envelope, error catalogue, validation. Foundation only.
        .target(
            name: "GorillaShared",
            path: "Shared/Protocol",
            swiftSettings: swiftSettings
        ),
        // Line framing and TLS configuration shared by server and client.
        .target(
            name: "GorillaTransport",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Shared/Transport",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "GorillaServer",
            dependencies: [
                "GorillaShared",
                "GorillaTransport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
            ],
            path: "Server",
            exclude: ["Sync/FastPath/README.md"],
            swiftSettings: swiftSettings
        ),
        // The client in four layers, each depending only on those below it (docs/architecture.md): the core (home,
        // connection, cache, sync engine, device context), the terminal (raw mode, keys, styles, cells, prompts), the
        // features, the presenters.
        .target(
            name: "GorillaTerminal",
            dependencies: [
                "GorillaClientCore",
                "GorillaShared",
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            path: "Client/Terminal",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "GorillaClientCore",
            dependencies: [
                "GorillaShared",
                "GorillaTransport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Client/Core",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "GorillaClient",
            dependencies: [
                "GorillaClientCore",
                "GorillaTerminal",
                "GorillaShared",
                "GorillaTransport",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            path: "Client/Features",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "GorillaPresenters",
            dependencies: ["GorillaClient", "GorillaClientCore", "GorillaTerminal", "GorillaShared"],
            path: "Client/Presenters",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "gorilla-server",
            dependencies: [
                "GorillaServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            path: "Sources/gorilla-server",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "gorilla",
            dependencies: [
                "GorillaClientCore", "GorillaTerminal", "GorillaClient", "GorillaPresenters",
                "GorillaShared",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/gorilla",
            swiftSettings: swiftSettings
        ),
        // What the tests, the benchmark and the fuzzer share: servers in process and as child processes, devices, CLI
        // runs, a raw TLS client, the tmux driver, polling, temporary folders, the seeded generator.
        .target(
            name: "GorillaTesting",
            dependencies: [
                "GorillaServer", "GorillaClientCore", "GorillaTerminal", "GorillaClient", "GorillaPresenters", "GorillaShared", "GorillaTransport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tests/GorillaTesting",
            swiftSettings: swiftSettings
        ),
        // Performance benchmark (docs/performance.md); run by hand, never by CI or tests.
        .executableTarget(
            name: "gorilla-bench",
            dependencies: [
                "GorillaServer",
                "GorillaClientCore", "GorillaTerminal", "GorillaClient", "GorillaPresenters",
                "GorillaShared",
                "GorillaTransport",
                "GorillaTesting",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            path: "Sources/gorilla-bench",
            swiftSettings: swiftSettings
        ),
        // Mutation fuzzing of the line decoder and request handling (run by hand; see docs/reliability.md).
        .executableTarget(
            name: "gorilla-fuzz",
            dependencies: [
                "GorillaServer", "GorillaShared", "GorillaTransport", "GorillaTesting",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/gorilla-fuzz",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "GorillaSharedTests",
            dependencies: [
                "GorillaShared", "GorillaTransport", "GorillaTesting",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOTestUtils", package: "swift-nio"),
            ],
            path: "Tests/GorillaSharedTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "GorillaServerTests",
            dependencies: [
                "GorillaServer", "GorillaShared", "GorillaTransport", "GorillaTesting",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            path: "Tests/GorillaServerTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "GorillaClientTests",
            dependencies: ["GorillaClientCore", "GorillaTerminal", "GorillaClient", "GorillaPresenters", "GorillaShared", "GorillaTesting"],
            path: "Tests/GorillaClientTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "GorillaEndToEndTests",
            dependencies: [
                "GorillaServer", "GorillaClientCore", "GorillaTerminal", "GorillaClient", "GorillaPresenters", "GorillaShared", "GorillaTransport", "GorillaTesting",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            path: "Tests/GorillaEndToEndTests",
            // Read by JSONOutputTests from the source tree: the --json shapes recorded before the typed client.
            exclude: ["JSONShapes.txt"],
            swiftSettings: swiftSettings
        ),
    ]
)
