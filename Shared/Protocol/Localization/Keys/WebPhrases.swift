/// What the web door's pages say: sign-in, the client's home, and the pages that refuse.
package enum WebPhrases: String, Phrases {
    /// The product's name in the page header.
    case product
    /// The sign-in page's title and button.
    case signIn
    /// The label of the field that takes a username or an email.
    case userLabel
    /// The label of the password field.
    case passwordLabel
    /// Under the sign-in form: who resets a forgotten password.
    case forgottenPassword
    /// The sign-out button.
    case signOut
    /// The client's home page title.
    case homeTitle
    /// A greeting with the account's first name.
    case greeting
    /// The heading of the next appointments.
    case nextAppointments
    /// Said when there is no appointment ahead.
    case noAppointments
    /// An appointment's time and length: `{when}`, `{minutes}`.
    case appointmentTime
    /// The confirm button.
    case confirm
    /// The decline button.
    case decline
    /// The label of the reason given with a decline.
    case declineReason
    /// The answer shown once confirmed.
    case confirmed
    /// The answer shown once declined, with the reason: `{reason}`.
    case declined
    /// The answer shown while the client has not answered.
    case unanswered
    /// The title of the page a missing (or someone else's) address gets.
    case notFoundTitle
    /// What that page says.
    case notFoundText
    /// The title of the page a form without its token gets.
    case forbiddenTitle
    /// What that page says.
    case forbiddenText
    /// The title of the page an unexpected failure gets (nothing internal is shown).
    case failureTitle
    /// What that page says.
    case failureText
    /// A link back to the start.
    case backHome
    /// The calendar feed's name in calendar apps.
    case feedName
    /// The join page (a client registering from their coach's link): its title, its greeting, its fields.
    case joinTitle
    case joinIntro
    case nameLabel
    case surnameLabel
    case usernameLabel
    case emailLabel
    case newPasswordLabel
    case joinButton
    /// What to do when the link does not work.
    case joinAskCoach
    /// The messages pages.
    case messagesTitle
    case noCorrespondents
    case conversationWith
    case noMessages
    case you
    case messageLabel
    case send
}
