/// Appointments, series, booking, the calendar, the agenda and the watch.
public enum CalendarPhrases: String, Phrases {
    case placeholder
}
