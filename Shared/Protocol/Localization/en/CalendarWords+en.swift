extension CalendarWords {
    /// English.
    static let en = CalendarWords(
        language: .en,
        weekdays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
        weekdayHeaders: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
        months: [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ],
        shortMonths: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
        shortWeekdays: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
}
