import Foundation

/// A value bound to a statement or read from a row, whichever engine runs it.
enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// A Swift type that travels as one ``SQLValue``.
protocol SQLValueConvertible {
    var sqlValue: SQLValue { get }
    /// Nil when `value` is not one of this type (or is NULL, for a type that is not optional).
    init?(sqlValue value: SQLValue)
}

extension String: SQLValueConvertible {
    var sqlValue: SQLValue { .text(self) }
    init?(sqlValue value: SQLValue) {
        switch value {
        case .text(let text): self = text
        case .blob(let bytes): self = String(decoding: bytes, as: UTF8.self)
        case .integer(let number): self = String(number)
        default: return nil
        }
    }
}

extension Int64: SQLValueConvertible {
    var sqlValue: SQLValue { .integer(self) }
    init?(sqlValue value: SQLValue) {
        switch value {
        case .integer(let number): self = number
        case .real(let number): self.init(exactly: number)
        case .text(let text): self.init(text)
        default: return nil
        }
    }
}

extension Int: SQLValueConvertible {
    var sqlValue: SQLValue { .integer(Int64(self)) }
    init?(sqlValue value: SQLValue) {
        guard let number = Int64(sqlValue: value) else { return nil }
        self.init(number)
    }
}

extension Bool: SQLValueConvertible {
    var sqlValue: SQLValue { .integer(self ? 1 : 0) }
    init?(sqlValue value: SQLValue) {
        guard let number = Int64(sqlValue: value) else { return nil }
        self = number != 0
    }
}

extension Double: SQLValueConvertible {
    var sqlValue: SQLValue { .real(self) }
    init?(sqlValue value: SQLValue) {
        switch value {
        case .real(let number): self = number
        case .integer(let number): self.init(number)
        default: return nil
        }
    }
}

extension Data: SQLValueConvertible {
    var sqlValue: SQLValue { .blob(Array(self)) }
    init?(sqlValue value: SQLValue) {
        switch value {
        case .blob(let bytes): self.init(bytes)
        case .text(let text): self.init(text.utf8)
        default: return nil
        }
    }
}

extension Optional: SQLValueConvertible where Wrapped: SQLValueConvertible {
    var sqlValue: SQLValue { self?.sqlValue ?? .null }
    init?(sqlValue value: SQLValue) {
        if case .null = value {
            self = .none
        } else if let wrapped = Wrapped(sqlValue: value) {
            self = .some(wrapped)
        } else {
            return nil
        }
    }
}

/// The values bound to a statement's placeholders, in order; written as an array literal.
struct SQLArguments: ExpressibleByArrayLiteral, Sendable {
    var values: [SQLValue]

    init(_ values: [SQLValue] = []) { self.values = values }

    init(arrayLiteral elements: (any SQLValueConvertible)?...) {
        values = elements.map { $0?.sqlValue ?? .null }
    }

    static func + (lhs: SQLArguments, rhs: SQLArguments) -> SQLArguments { SQLArguments(lhs.values + rhs.values) }
}

/// A row read into values, its columns named.
struct SQLRow: Sendable {
    /// The column names, shared by the rows of one query.
    let columns: SQLColumns
    let values: [SQLValue]

    /// Column `index` as `T`. A value that is not a `T` is a schema error: it stops the server, as a broken invariant.
    subscript<T: SQLValueConvertible>(index: Int) -> T {
        guard let value = T(sqlValue: values[index]) else {
            preconditionFailure("column \(columns.names[index]) holds \(values[index]), not \(T.self)")
        }
        return value
    }

    /// Column `name` as `T`; nil for an optional `T` when the query has no such column.
    subscript<T: SQLValueConvertible>(name: String) -> T {
        guard let index = columns.index[name] else {
            guard let none = T(sqlValue: .null) else { preconditionFailure("no column \(name)") }
            return none
        }
        return self[index]
    }
}

/// A query's column names, and each one's position.
final class SQLColumns: Sendable {
    let names: [String]
    let index: [String: Int]

    init(_ names: [String]) {
        self.names = names
        var index: [String: Int] = [:]
        for (position, name) in names.enumerated() where index[name] == nil { index[name] = position }
        self.index = index
    }
}

/// A row seen in place while a query steps through it (valid only during the call that hands it out): texts are read as
/// the engine holds them, without making strings of them.
protocol SQLRowBytes {
    func integer(_ index: Int) -> Int64
    func withText<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R
}

/// What differs between the engines' SQL. The statements themselves are written once, in the SQL both take, with `?`
/// placeholders (or `?N`, numbered from 1); the fragments below are the rest.
struct SQLDialect: Sendable {
    /// The text of member `name` of the JSON object in column `column` (a constant name).
    let jsonText: @Sendable (_ column: String, _ name: String) -> String
    /// The same with the member's name bound as the next argument.
    let jsonTextOfBoundName: @Sendable (_ column: String) -> String
    /// A subquery whose rows are the texts of the JSON array bound as the next argument.
    let jsonArrayTexts: String
    /// The size in bytes of text column `column`.
    let byteLength: @Sendable (_ column: String) -> String

    static let sqlite = SQLDialect(
        jsonText: { column, name in "json_extract(\(column), '$.\(name)')" },
        jsonTextOfBoundName: { column in "json_extract(\(column), '$.' || ?)" },
        jsonArrayTexts: "SELECT value FROM json_each(?)",
        byteLength: { column in "length(CAST(\(column) AS BLOB))" })

    static let postgres = SQLDialect(
        jsonText: { column, name in "(\(column)::jsonb ->> '\(name)')" },
        jsonTextOfBoundName: { column in "(\(column)::jsonb ->> ?::text)" },
        jsonArrayTexts: "SELECT json_array_elements_text(?::json)",
        byteLength: { column in "octet_length(\(column))" })
}

/// A unique constraint refused a write (the engines' own errors for it become this).
struct SQLUniqueViolation: Error {}

/// One transaction's handle on the store, whichever engine holds it. Every statement the store runs goes through one:
/// the SQLite engine (GRDB and, for the hot statements, SQLite's C API) and the PostgreSQL engine (postgres-nio).
protocol SQLTransaction: AnyObject {
    var dialect: SQLDialect { get }
    /// Runs a statement that returns no rows.
    func execute(sql: String, arguments: SQLArguments) throws
    /// Calls `body` with each row of a query until it returns false.
    func forEachRow(sql: String, arguments: SQLArguments, _ body: (SQLRow) throws -> Bool) throws
    /// Calls `body` with each row of a query seen in place, until it returns false.
    func forEachRowBytes(sql: String, arguments: SQLArguments, _ body: (any SQLRowBytes) throws -> Bool) throws
    /// Runs `body` in a savepoint: what it wrote is undone if it throws (and the error is rethrown).
    func inSavepoint(_ body: () throws -> Void) throws
    /// Runs an `INSERT … VALUES (…)` that may wait to travel with others of its kind as one statement (PostgreSQL's
    /// fast path: a round trip per push instead of one per row). Only for a row nothing reads before the transaction's
    /// next statement, outside any savepoint, and whose failure may fail the whole transaction.
    func executeBatched(sql: String, arguments: SQLArguments) throws
}

extension SQLTransaction {
    func execute(sql: String) throws { try execute(sql: sql, arguments: []) }

    func fetchAll(sql: String, arguments: SQLArguments = []) throws -> [SQLRow] {
        var rows: [SQLRow] = []
        try forEachRow(sql: sql, arguments: arguments) { row in
            rows.append(row)
            return true
        }
        return rows
    }

    func fetchOne(sql: String, arguments: SQLArguments = []) throws -> SQLRow? {
        var found: SQLRow?
        try forEachRow(sql: sql, arguments: arguments) { row in
            found = row
            return false
        }
        return found
    }

    /// The first column of the first row as `T` (nil without a row, or for NULL).
    func value<T: SQLValueConvertible>(
        _ type: T.Type = T.self, sql: String, arguments: SQLArguments = []
    ) throws
        -> T?
    {
        guard let row = try fetchOne(sql: sql, arguments: arguments), let first = row.values.first else { return nil }
        return T(sqlValue: first)
    }

    /// The first column of every row as `T`.
    func values<T: SQLValueConvertible>(
        _ type: T.Type = T.self, sql: String, arguments: SQLArguments = []
    ) throws
        -> [T]
    {
        try fetchAll(sql: sql, arguments: arguments).compactMap { $0.values.first.flatMap(T.init(sqlValue:)) }
    }

    /// Whether the query returns a row.
    func exists(sql: String, arguments: SQLArguments = []) throws -> Bool {
        try fetchOne(sql: sql, arguments: arguments) != nil
    }
}
