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
        shortWeekdays: ["dl.", "dt.", "dc.", "dj.", "dv.", "ds.", "dg."])
}
