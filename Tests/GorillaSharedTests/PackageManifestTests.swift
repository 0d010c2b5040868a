import Foundation
import Testing

/// `Package.swift` declares only the dependencies its targets use (each product and each target a target depends on
/// is imported by at least one of that target's files), and its targets' dependencies point down the layers.
@Suite struct PackageManifestTests {
    /// One target as the manifest declares it.
    struct Target {
        let name: String
        let path: String
        let dependencies: [String]
    }

    /// The targets in `manifest`: name, path and the names of the targets and products each depends on.
    static func targets(in manifest: String) -> [Target] {
        let pieces = manifest.replacingOccurrences(of: ".target(", with: ".Target(").components(separatedBy: "Target(")
            .dropFirst()
        return pieces.compactMap { piece in
            guard let name = quoted(after: "name: ", in: piece), let path = quoted(after: "path: ", in: piece) else {
                return nil
            }
            guard let start = piece.range(of: "dependencies: [") else {
                return Target(name: name, path: path, dependencies: [])
            }
            let list = piece[start.upperBound...].prefix { $0 != "]" }
            var dependencies: [String] = []
            for item in list.components(separatedBy: ",") {
                let item = item.trimmingCharacters(in: .whitespacesAndNewlines)
                if item.hasPrefix(".product(") {
                    if let product = quoted(after: "name: ", in: item) { dependencies.append(product) }
                } else if item.hasPrefix("\""), item.hasSuffix("\"") {
                    dependencies.append(String(item.dropFirst().dropLast()))
                }
            }
            return Target(name: name, path: path, dependencies: dependencies)
        }
    }

    /// The string literal that follows `label` in `text`.
    static func quoted(after label: String, in text: String) -> String? {
        guard let start = text.range(of: label + "\"") else { return nil }
        return String(text[start.upperBound...].prefix { $0 != "\"" })
    }

    /// The modules a Swift file imports (`import X`, `@preconcurrency import X`, `import struct X.Y`).
    static func imports(in text: String) -> Set<String> {
        var modules: Set<String> = []
        for line in text.components(separatedBy: "\n") {
            var words = line.split(separator: " ").map(String.init).drop { $0.hasPrefix("@") }
            guard words.first == "import" else { continue }
            words = words.dropFirst()
            if ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(words.first ?? "") {
                words = words.dropFirst()
            }
            if let module = words.first?.split(separator: ".").first { modules.insert(String(module)) }
        }
        return modules
    }

    @Test func everyDeclaredDependencyIsImportedByItsTarget() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = Self.targets(in: manifest)
        #expect(targets.count >= 8, "the manifest's targets were not read: \(targets.map(\.name))")
        var unused: [String] = []
        for target in targets {
            let folder = root.appendingPathComponent(target.path)
            let files =
                FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
            var imported: Set<String> = []
            for file in files { imported.formUnion(Self.imports(in: try String(contentsOf: file, encoding: .utf8))) }
            unused += target.dependencies.filter { !imported.contains($0) }.map { "\(target.name) → \($0)" }
        }
        #expect(unused.isEmpty, "declared but never imported: \(unused.joined(separator: ", "))")
    }

    /// The declarations of `text` marked `public` (after any attributes): what the package's modules share among
    /// themselves is `package`.
    static func publicDeclarations(in text: String) -> [String] {
        text.components(separatedBy: "\n").filter { line in
            let words = line.split(separator: " ").map(String.init).drop { $0.hasPrefix("@") }
            return words.first == "public"
        }
    }

    @Test func modulesShareThroughPackageAccessNotPublic() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var found: [String] = []
        for target in Self.targets(in: manifest) {
            let folder = root.appendingPathComponent(target.path)
            let files =
                FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
            for file in files {
                found += Self.publicDeclarations(in: try String(contentsOf: file, encoding: .utf8)).map {
                    "\(file.lastPathComponent): \($0.trimmingCharacters(in: .whitespaces))"
                }
            }
        }
        #expect(found.isEmpty, "public declarations: \(found.prefix(10).joined(separator: "; "))")
        #expect(
            Self.publicDeclarations(in: "    @inlinable public func f() {}\n/// public key\n package var x = 1").count
                == 1)
    }

    /// The package's layers, bottom first (docs/architecture.md): a target depends only on targets of layers below its
    /// own. The client is four targets: its core (home, connection, cache, sync engine, device context), the terminal
    /// (raw mode, keys, styles, cells, prompts), the features and the presenters. Targets not listed (the executables'
    /// tools, the tests) sit on top.
    static let layers: [[String]] = [
        ["GorillaShared"],
        ["GorillaTransport"],
        ["GorillaServer", "GorillaClientCore"],
        ["GorillaTerminal"],
        ["GorillaClient"],
        ["GorillaPresenters"],
        ["gorilla", "gorilla-server"],
        ["GorillaTesting"],
    ]

    /// Each dependency of `targets` on another target of the package that does not point to a lower layer, as
    /// `from → to`; a library target missing from `layers` is named too.
    static func upwardDependencies(of targets: [Target], layers: [[String]]) -> [String] {
        func layer(_ name: String) -> Int? { layers.firstIndex { $0.contains(name) } }
        let names = Set(targets.map(\.name))
        let top = layers.count
        var found: [String] = []
        for target in targets {
            let own = layer(target.name) ?? top
            if layer(target.name) == nil && !target.path.hasPrefix("Tests/") && !target.path.hasPrefix("Sources/") {
                found.append("\(target.name) has no layer")
            }
            for dependency in target.dependencies where names.contains(dependency) {
                if (layer(dependency) ?? top) >= own { found.append("\(target.name) → \(dependency)") }
            }
        }
        return found
    }

    @Test func targetsDependOnlyOnLowerLayers() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = Self.targets(in: manifest)
        for client in ["GorillaClientCore", "GorillaTerminal", "GorillaClient", "GorillaPresenters"] {
            #expect(targets.contains { $0.name == client }, "no target \(client)")
        }
        let upward = Self.upwardDependencies(of: targets, layers: Self.layers)
        #expect(upward.isEmpty, "dependencies that do not point down: \(upward.joined(separator: ", "))")
    }

    @Test func anUpwardDependencyIsFound() {
        let targets = [
            Target(name: "Core", path: "Client/Core", dependencies: ["Shared"]),
            Target(name: "Features", path: "Client/Features", dependencies: ["Core", "Presenters", "NIOCore"]),
            Target(name: "Presenters", path: "Client/Presenters", dependencies: ["Features"]),
            Target(name: "Sideways", path: "Client/Sideways", dependencies: ["Core"]),
            Target(name: "Other", path: "Client/Other", dependencies: ["Peer"]),
            Target(name: "Peer", path: "Client/Peer", dependencies: []),
            Target(name: "Tool", path: "Sources/tool", dependencies: ["Presenters"]),
        ]
        let layers = [["Shared"], ["Core"], ["Features"], ["Presenters"], ["Other", "Peer"]]
        #expect(
            Self.upwardDependencies(of: targets, layers: layers) == [
                "Features → Presenters", "Sideways has no layer", "Other → Peer",
            ])
    }

    @Test func theManifestReaderFindsProductsAndTargets() {
        let manifest = """
            .target(
                name: "A",
                dependencies: [
                    "B",
                    .product(name: "NIOCore", package: "swift-nio"),
                ],
                path: "Sources/A"
            ),
            .executableTarget(name: "b", dependencies: ["A"], path: "Sources/b"),
            """
        let targets = Self.targets(in: manifest)
        #expect(targets.map(\.name) == ["A", "b"])
        #expect(targets.first?.dependencies == ["B", "NIOCore"])
        #expect(targets.first?.path == "Sources/A")
        #expect(
            Self.imports(in: "@preconcurrency import NIOCore\nimport struct GRDB.Row\n// import X") == [
                "NIOCore", "GRDB",
            ])
    }
}
