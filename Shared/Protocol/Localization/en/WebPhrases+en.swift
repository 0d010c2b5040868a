extension WebPhrases {
    package var en: String {
        switch self {
        case .feedName: "Training (Gorilla Coach)"
        case .product: "Gorilla Coach"
        case .signIn: "Sign in"
        case .userLabel: "Username or email"
        case .passwordLabel: "Password"
        case .forgottenPassword:
            "Forgot your password? Your coach resets it (gorilla clients reset-password), or the server's operator does."
        case .signOut: "Sign out"
        case .homeTitle: "Home"
        case .greeting: "Hello, {name}"
        case .nextAppointments: "Next appointments"
        case .noAppointments: "You have no appointment ahead."
        case .appointmentTime: "{when} · {minutes} min"
        case .confirm: "Confirm"
        case .decline: "I can't come"
        case .declineReason: "Reason"
        case .confirmed: "Confirmed"
        case .declined: "Declined: {reason}"
        case .unanswered: "Not answered yet"
        case .notFoundTitle: "Not found"
        case .notFoundText: "This address does not exist or is not yours."
        case .forbiddenTitle: "Form refused"
        case .forbiddenText: "The form does not carry the right security token. Go back to the page and try again."
        case .failureTitle: "Something went wrong"
        case .failureText: "It could not be done. Try again in a while."
        case .backHome: "Back to the start"
        }
    }
}
