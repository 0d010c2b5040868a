import GorillaServer
import Testing

@Suite struct TokensTests {
    @Test func tokensAreLongURLSafeAndDistinct() {
        let tokens = (0..<200).map { _ in Tokens.make() }
        #expect(Set(tokens).count == tokens.count)
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        for token in tokens {
            #expect(token.count == 43)  // 32 bytes, base64url without padding
            #expect(token.allSatisfy(alphabet.contains))
        }
    }

    @Test func hashIsHexSHA256AndStable() {
        // FIPS 180-2 test vector.
        #expect(Tokens.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let token = Tokens.make()
        #expect(Tokens.hash(token) == Tokens.hash(token))
        #expect(Tokens.hash(token) != Tokens.hash(token + "x"))
        #expect(Tokens.hash(token).count == 64)
    }
}
