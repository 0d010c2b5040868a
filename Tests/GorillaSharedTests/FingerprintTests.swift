import GorillaTransport
import Testing

@Suite struct FingerprintTests {
    private let sha256OfABC = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"

    @Test func hexIsLowercaseTwoDigitsPerByte() {
        #expect(Fingerprint.hex([0x00, 0x0F, 0xA5, 0xFF, 0x10]) == "000fa5ff10")
        #expect(Fingerprint.hex([UInt8]()) == "")
        #expect(Fingerprint.hex(0...255).count == 512)
    }

    @Test func fingerprintOfBytesIsTheirSHA256() {
        // FIPS 180-2 test vector.
        #expect(Fingerprint.of(der: Array("abc".utf8)) == sha256OfABC)
    }

    @Test func normalizeAcceptsOpenSSLStyle() {
        var pairs: [String] = []
        var index = sha256OfABC.startIndex
        while index < sha256OfABC.endIndex {
            let next = sha256OfABC.index(index, offsetBy: 2)
            pairs.append(String(sha256OfABC[index..<next]))
            index = next
        }
        let openssl = pairs.joined(separator: ":").uppercased()
        #expect(openssl.count == 95)
        #expect(Fingerprint.normalize(openssl) == sha256OfABC)
        #expect(Fingerprint.normalize(pairs.joined(separator: " ")) == sha256OfABC)
        #expect(Fingerprint.normalize(sha256OfABC.uppercased()) == sha256OfABC)
        #expect(Fingerprint.normalize(sha256OfABC) == sha256OfABC)
    }

    @Test func normalizeRejectsWrongLengthsAndNonHex() {
        #expect(Fingerprint.normalize("") == nil)
        #expect(Fingerprint.normalize(String(sha256OfABC.dropLast())) == nil)
        #expect(Fingerprint.normalize(sha256OfABC + "0") == nil)
        #expect(Fingerprint.normalize(String(sha256OfABC.dropLast()) + "g") == nil)
        #expect(Fingerprint.normalize("sha256 Fingerprint=" + sha256OfABC) == nil)
        #expect(Fingerprint.normalize(String(repeating: "é", count: 64)) == nil)
    }
}
