import GorillaShared
import Testing

/// Limits are written from the types' own constants, with each language's thousands, never typed into a text.
struct LimitWordingTests {
    @Test func wholeNumbersAreGroupedTheWayEachLanguageWritesThem() {
        #expect(Language.en.grouped(2000) == "2,000")
        #expect(Language.ca.grouped(2000) == "2.000")
        #expect(Language.es.grouped(1_234_567) == "1.234.567")
        #expect(Language.en.grouped(999) == "999")
        #expect(Language.ca.grouped(-12_500) == "-12.500")
    }

    @Test func theMessageLimitIsTheMessageTypesInEveryLanguage() {
        for language in Language.allCases {
            let limit = language.grouped(Message.maxLength)
            for phrase in [MessagePhrases.messageLength, .helpMessagesSendText] {
                let text = phrase.text(in: language, ["limit": limit])
                #expect(text.contains(limit) && !text.contains("{"), "\(language): \(text)")
            }
            let comment = TrainingPhrases.helpCommentText.text(in: language, ["limit": limit])
            #expect(comment.contains(limit), "\(language): \(comment)")
        }
        #expect(Message.cleanText(String(repeating: "a", count: Message.maxLength)) != nil)
        #expect(Message.cleanText(String(repeating: "a", count: Message.maxLength + 1)) == nil)
        #expect(Message.checkedText("a\u{7}b") == .failure(.controlCharacters))
    }
}
