/// Shared clients: sharing a client with a colleague of the gym and ending it (`gorilla clients share|unshare`), a
/// shared client's mark in lists, what a sync says when a client leaves the device, a client's coaches, and the mark
/// of a row of the catalogue of the colleague who shares a client.
package enum SharePhrases: String, Phrases {
    case helpClientsShare
    case helpClientsUnshare
    case helpShareClient
    case helpShareWith
    case helpShareUntil
    case helpUnshareWith
    case shared
    case sharedUntil
    case unshared
    case stillSharedWith
    case sharedWithNobody
    case untilNotADay
    case untilPassed
    case sharedLost
    case clientGone
    case sharedBy
    case coaches
    case sharedCoach
    case shareClients
    case sharedWriteRefused
    case sharedCodeRefused
    case scheduledBy
    case colleagueMark
}
