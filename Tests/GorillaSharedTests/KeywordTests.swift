import Foundation
import GorillaShared
import Testing

/// The one list of words a person types: every keyword has words in each language, and the keywords one parser
/// chooses among never share a word.
@Suite struct KeywordTests {
    /// The keywords each parser tells apart.
    static let choices: [[Keyword]] = [
        SetType.allCases.map(\.keyword), CountMode.allCases.map(\.keyword), [.rest, .group, .sets, .of],
        Recurrence.Frequency.allCases.map(\.keyword), Weekday.allCases.map(\.keyword),
    ]

    @Test func everyKeywordHasWordsInEveryLanguage() {
        for keyword in Keyword.allCases {
            for language in Language.allCases {
                #expect(!keyword.words(in: language).isEmpty, "\(keyword) in \(language)")
                #expect(keyword.words(in: language).allSatisfy { keyword.matches($0) }, "\(keyword) in \(language)")
            }
        }
    }

    @Test(arguments: KeywordTests.choices)
    func noTwoKeywordsOfOneChoiceShareAWord(keywords: [Keyword]) {
        for keyword in keywords {
            let others = keywords.filter { $0 != keyword }
            for language in Language.allCases {
                for word in keyword.words(in: language) {
                    #expect(Keyword.named(word, among: others) == nil, "'\(word)' names \(keyword) and another")
                }
            }
        }
    }

    @Test func aKeywordIsSpelledInTheUsersWordBesideTheEnglishOne() {
        #expect(Keyword.last.spelled(in: .ca) == "últim/last" && Keyword.last.spelled(in: .es) == "último/last")
        #expect(Keyword.week.spelled(in: .ca) == "setmana/week" && Keyword.week.spelled(in: .en) == "week")
        #expect(Keyword.spelled([.monday, .thursday], in: .es) == "lun/mon, jue/thu")
        #expect(Keyword.sets.matches("SÈRIES") && Keyword.wednesday.matches("miercoles") && !Keyword.day.matches("de"))
    }
}
