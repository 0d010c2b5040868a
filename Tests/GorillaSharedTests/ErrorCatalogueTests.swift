import Foundation
import GorillaShared
import Testing

@Suite struct ErrorCatalogueTests {
    @Test func everyEntryHasAMessageInEachLanguage() {
        #expect(!WireErrorCode.catalogue.isEmpty)
        for (code, entry) in WireErrorCode.catalogue {
            for language in Language.allCases {
                let message = entry.message(in: language)
                #expect(
                    !message.trimmingCharacters(in: .whitespaces).isEmpty, "code \(code) has no \(language) message")
            }
            #expect(entry.en != entry.ca, "code \(code): English equals Catalan (\(entry.en))")
            #expect(entry.en != entry.es, "code \(code): English equals Spanish (\(entry.en))")
            #expect(entry.ca != entry.es, "code \(code): Catalan equals Spanish (\(entry.ca))")
        }
    }

    @Test func messagesAreNotSharedBetweenCodes() {
        for language in Language.allCases {
            let messages = WireErrorCode.catalogue.values.map { $0.message(in: language) }
            #expect(Set(messages).count == messages.count, "duplicate \(language) messages")
        }
    }

    @Test func namesAreUniqueAndMatchTheCode() {
        let names = WireErrorCode.catalogue.values.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(!names.contains(""))
        for (raw, entry) in WireErrorCode.catalogue {
            #expect(WireErrorCode(rawValue: raw).name == entry.name)
        }
    }

    @Test func seedCodesExistWithTheirMeaning() throws {
        for code in [1, 3, 4, 5, 6] {
            #expect(WireErrorCode.catalogue[code] != nil, "seed code \(code) missing")
        }
        #expect(WireErrorCode.wrongCredentials.rawValue == 1)
        #expect(WireErrorCode.usernameInUse.rawValue == 3)
        #expect(WireErrorCode.missingFields.rawValue == 4)
        #expect(WireErrorCode.registrationFailed.rawValue == 5)
        #expect(WireErrorCode.invalidCode.rawValue == 6)
        #expect(WireErrorCode.wrongCredentials.message(in: .en) == "Wrong username or password")
        #expect(WireErrorCode.wrongCredentials.message(in: .es) == "Usuario o contraseña incorrectos")
        #expect(WireErrorCode.wrongCredentials.message(in: .ca) == "Usuari o contrasenya incorrectes")
    }

    @Test func namedConstantsAreAllInTheCatalogue() {
        let constants: [WireErrorCode] = [
            .wrongCredentials, .usernameInUse, .missingFields, .registrationFailed, .invalidCode, .emailInUse,
            .weakPassword, .invalidField, .codeExpired, .codeUsed, .invalidResetToken, .accountDisabled,
            .malformedRequest, .unknownOperation, .lineTooLong, .unsupportedVersion, .helloRequired,
            .notAuthenticated, .forbidden, .notFound, .rateLimited, .tooManyConnections, .nameTaken, .inUse,
            .invalidImage, .tooLarge, .invalidReference, .deleted, .tooManyRevisions, .notAnOccurrence, .internalError,
            .unavailable, .notInGym, .alreadyInGym, .lastOwner, .notAGymMember,
        ]
        #expect(Set(constants).count == constants.count)
        for code in constants {
            #expect(WireErrorCode.catalogue[code.rawValue] != nil, "\(code.rawValue) is not in the catalogue")
        }
    }

    @Test func unknownCodeFallsBackToTheInternalErrorMessage() {
        let unknown = WireErrorCode(rawValue: 9_999)
        #expect(unknown.name == "unknown")
        for language in Language.allCases {
            #expect(unknown.message(in: language) == WireErrorCode.internalError.message(in: language))
        }
        #expect(WireErrorCode.lineTooLong.description == "102 (lineTooLong)")
    }

    @Test func languageCodesParse() {
        #expect(Language(code: "ca") == .ca)
        #expect(Language(code: "es") == .es)
        #expect(Language(code: "en") == .en)
        #expect(Language(code: "esca") == .ca)
        #expect(Language(code: "eses") == .es)
        #expect(Language(code: "enen") == .en)
        #expect(Language(code: "ESCA") == .ca)
        #expect(Language(code: "En") == .en)
        #expect(Language(code: "fr") == nil)
        #expect(Language(code: "") == nil)
        #expect(Language(code: "english") == nil)
    }
}
