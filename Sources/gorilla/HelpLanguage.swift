import ArgumentParser
import Foundation
import GorillaShared

/// The argument parser's own words (its help headings, its `--help` line, its usage errors) in the language of the
/// command: the parser writes them in English, and they are replaced here, whole phrases only.
enum HelpLanguage {
    /// `text` as the parser wrote it, with its fixed English words in `language`.
    static func translate(_ text: String, to language: Language) -> String {
        guard language != .en else { return text }
        var translated = text
        // Longer phrases first, so that "GLOBAL OPTIONS:" is not read as "OPTIONS:".
        for phrase in HelpPhrases.allCases.sorted(by: { $0.en.count > $1.en.count }) {
            translated = translated.replacingOccurrences(of: phrase.en, with: phrase.text(in: language))
        }
        return translated
    }

    /// Prints what the parser says about `error` (help, a usage error) in the current language and exits with the
    /// parser's code.
    static func exit(for error: any Error) -> Never {
        // What a shell reads (a completion script, the names it completes) and the help dumped for the manual's
        // generator are printed as they are.
        let untranslated = CommandLine.arguments.dropFirst().contains {
            $0 == "---completion" || $0 == "--generate-completion-script" || $0 == "--experimental-dump-help"
        }
        let full = Gorilla.fullMessage(for: error)
        let message = untranslated ? full : translate(full, to: Language.current)
        let code = Gorilla.exitCode(for: error)
        if !message.isEmpty {
            if code == .success {
                print(message)
            } else {
                FileHandle.standardError.write(Data((message + "\n").utf8))
            }
        }
        Foundation.exit(code.rawValue)
    }
}
