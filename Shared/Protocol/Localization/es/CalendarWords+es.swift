extension CalendarWords {
    /// Spanish (CLDR's forms).
    static let es = CalendarWords(
        language: .es,
        weekdays: ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"],
        weekdayHeaders: ["lu", "ma", "mi", "ju", "vi", "sá", "do"],
        months: [
            "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
            "noviembre", "diciembre",
        ],
        shortMonths: ["ene.", "feb.", "mar.", "abr.", "may.", "jun.", "jul.", "ago.", "sept.", "oct.", "nov.", "dic."],
        shortWeekdays: ["lun.", "mar.", "mié.", "jue.", "vie.", "sáb.", "dom."])
}
