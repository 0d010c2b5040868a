import Foundation
import GorillaShared
import Testing

@Suite struct ValidationTests {
    @Test(arguments: ["ada", "Ada99", "a.b_c-d", "7eleven", String(repeating: "x", count: 32), "ABC"])
    func acceptsUsernames(username: String) {
        #expect(Validation.isValidUsername(username))
    }

    @Test(arguments: [
        "", "ab", String(repeating: "x", count: 33), "_ada", ".ada", "-ada", "ada!", "ad a", "àda", "adà",
        "ada\n", "ada@home", "ad\u{0}a", "ｆｕｌｌ",
    ])
    func rejectsUsernames(username: String) {
        #expect(!Validation.isValidUsername(username))
    }

    @Test(arguments: ["ada@example.com", "a.b+tag@sub.example.org", "x@y.cat", "ADA@EXAMPLE.COM"])
    func acceptsEmails(email: String) {
        #expect(Validation.isValidEmail(email))
    }

    @Test(arguments: [
        "", "ada", "ada@", "@example.com", "ada@example", "ada@.com", "ada@example.", "a b@example.com",
        "ada@exa mple.com", "a@b@c.com", "ada@exa\u{7}mple.com", "ada@example.com\n",
        String(repeating: "a", count: 250) + "@b.cd",
    ])
    func rejectsEmails(email: String) {
        #expect(!Validation.isValidEmail(email))
    }

    @Test func detectsControlCharacters() {
        #expect(!Validation.containsControlCharacters("Plain text, with accents: àéïõ ñ ç · €"))
        #expect(Validation.containsControlCharacters("a\nb"))
        #expect(!Validation.containsControlCharacters("a\nb", allowNewline: true))
        #expect(Validation.containsControlCharacters("a\r\nb", allowNewline: true))
        #expect(Validation.containsControlCharacters("tab\there"))
        #expect(Validation.containsControlCharacters("nul\u{0}"))
        #expect(Validation.containsControlCharacters("bell\u{7}"))
        #expect(Validation.containsControlCharacters("del\u{7F}"))
        #expect(Validation.containsControlCharacters("c1\u{85}"))
        #expect(!Validation.containsControlCharacters(""))
    }

    @Test func cleansNames() {
        #expect(Validation.cleanName("  Ada  ") == "Ada")
        #expect(Validation.cleanName("Núria Puig-Ferré") == "Núria Puig-Ferré")
        #expect(Validation.cleanName(nil) == nil)
        #expect(Validation.cleanName("   ") == nil)
        #expect(Validation.cleanName("Ada\u{0}") == nil)
        #expect(Validation.cleanName("Ada\tLovelace") == nil)
        #expect(Validation.cleanName(String(repeating: "n", count: 100)) != nil)
        #expect(Validation.cleanName(String(repeating: "n", count: 101)) == nil)
        #expect(Validation.cleanName("12345678Z", maxLength: 9) == "12345678Z")
        #expect(Validation.cleanName("12345678ZZ", maxLength: 9) == nil)
    }

    @Test func passwordLengthLimits() {
        #expect(!Validation.isAcceptablePassword(""))
        #expect(!Validation.isAcceptablePassword("1234567"))
        #expect(Validation.isAcceptablePassword("12345678"))
        #expect(Validation.isAcceptablePassword(String(repeating: "p", count: 1024)))
        #expect(!Validation.isAcceptablePassword(String(repeating: "p", count: 1025)))
    }

    @Test func keysIgnoreCaseAndSurroundingSpace() {
        #expect(Validation.key("  Ada.Lovelace@Example.COM ") == "ada.lovelace@example.com")
        #expect(Validation.key("ADA") == Validation.key("ada"))
    }

    @Test func recognisesImagesByMagicBytes() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D]
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46]
        #expect(Validation.imageType(of: png) == "image/png")
        #expect(Validation.imageType(of: png[...]) == "image/png")
        #expect(Validation.imageType(of: jpeg) == "image/jpeg")
        #expect(Validation.imageType(of: [0xFF, 0xD8, 0xFF]) == "image/jpeg")
        #expect(Validation.imageType(of: Array("GIF89a....".utf8)) == nil)
        #expect(Validation.imageType(of: Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)) == nil)
        #expect(Validation.imageType(of: Array(png.prefix(7))) == nil)
        #expect(Validation.imageType(of: [0xFF, 0xD8]) == nil)
        #expect(Validation.imageType(of: [UInt8]()) == nil)
        #expect(Validation.imageType(of: [0x00] + png) == nil)
    }
}
