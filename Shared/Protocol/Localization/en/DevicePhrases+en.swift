extension DevicePhrases {
    package var en: String {
        switch self {
        case .serverSilentRecently:
            "the server at {address} did not answer {ago} s ago; it is tried again in {left} s (gorilla sync tries now)"
        case .diskFull:
            "the disk holding the local cache is full ({path}): nothing was saved; free some space and try again"
        case .cacheNotWritten: "the local cache could not be written ({path}: {reason}): nothing was saved"
        }
    }
}
