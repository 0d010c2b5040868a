extension SharePhrases {
    package var en: String {
        switch self {
        case .helpClientsShare:
            "Share a client with another coach of your gym: they see the client's history, statistics, measurements and appointments."
        case .helpClientsUnshare: "End the sharing of a client, with one colleague (--with) or with all."
        case .helpShareClient: "The client (name, username or id)."
        case .helpShareWith: "The colleague's username."
        case .helpShareUntil: "The last day of the share (YYYY-MM-DD); without it, until you end it."
        case .helpUnshareWith: "The colleague's username; without it, every colleague."
        case .shared: "{client} is shared with {users}."
        case .sharedUntil: "{client} is shared with {user} until {day} (included)."
        case .unshared: "{client}: {count|share|shares} ended."
        case .stillSharedWith: "{client} is still shared with {users}."
        case .sharedWithNobody: "{client} is shared with nobody now."
        case .untilNotADay: "--until {text} is not a day: write it as YYYY-MM-DD."
        case .untilPassed: "--until {day} has already passed: name today or a day to come."
        case .sharedLost: "{client} is no longer shared with you: their rows left this device."
        case .clientGone: "{client} now has another coach: their rows left this device (your conversation stays)."
        case .colleagueMark: "({coach}'s)"
        case .sharedBy: "shared by {user}"
        case .coaches: "Coaches"
        case .sharedCoach: "{coach} (shared)"
        case .shareClients: "share clients"
        case .sharedWriteRefused:
            "{client} is {coach}'s client, shared with you: only sessions and appointments can be recorded for them, and messages written to them."
        case .sharedCodeRefused:
            "{client} is {coach}'s client, shared with you: their registration code is for {coach} to give."
        case .scheduledBy: "scheduled by {user}"
        }
    }
}
