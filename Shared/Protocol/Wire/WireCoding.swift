import Foundation

/// The JSON encoders and decoders both sides use, so dates and keys are written one way.
package enum WireCoding {
    /// Encoder for wire lines and stored documents: ISO-8601 dates, sorted keys, no slashes escaped.
    /// Built once: building coders costs more than a small request's whole encoding. Never mutate it.
    package static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISOTime.format(date))
        }
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Decoder matching ``encoder``; accepts ISO-8601 with or without fractional seconds.
    package static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = ISOTime.parse(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO-8601 time: \(text)")
            }
            return date
        }
        return decoder
    }()
}
