/// What the CLI says about this device's own state: a server it stopped waiting for, a cache it cannot write.
package enum DevicePhrases: String, Phrases {
    /// A command answered from the local copy without trying the server, which did not answer `ago` seconds ago;
    /// it is tried again `left` seconds from now.
    case serverSilentRecently
    /// The disk holding the local cache is full; nothing of the command was saved.
    case diskFull
    /// The local cache could not be written (read-only, an I/O error); nothing of the command was saved.
    case cacheNotWritten
}
