extension CalendarWords {
    /// Catalan (CLDR's forms).
    static let ca = CalendarWords(
        language: .ca,
        weekdays: ["dilluns", "dimarts", "dimecres", "dijous", "divendres", "dissabte", "diumenge"],
        weekdayHeaders: ["dl", "dt", "dc", "dj", "dv", "ds", "dg"],
        months: [
            "gener", "febrer", "març", "abril", "maig", "juny", "juliol", "agost", "setembre", "octubre", "novembre",
            "desembre",
        ],
        shortMonths: ["gen.", "febr.", "març", "abr.", "maig", "juny", "jul.", "ag.", "set.", "oct.", "nov.", "des."],
        shortDay: { weekday, day, month in
            let names = ["dl.", "dt.", "dc.", "dj.", "dv.", "ds.", "dg."]
            let short = [
                "gen.", "febr.", "març", "abr.", "maig", "juny", "jul.", "ag.", "set.", "oct.", "nov.", "des.",
            ]
            // "de" becomes "d'" before a vowel: 7 d'abr., 7 d'ag., 7 d'oct.
            let of = [4, 8, 10].contains(month) ? "d’" : "de "
            return "\(names[weekday]) \(day) \(of)\(short[month - 1])"
        })
}
