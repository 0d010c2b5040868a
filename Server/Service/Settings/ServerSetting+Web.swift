import Foundation

/// The settings of the web door: where it listens, the address people use, how long a sign-in lasts.
extension ServerSetting {
    package static let web = ServerSetting(
        "web", .text, valueName: "host:port",
        help: "Serve the web pages and the calendar feed over HTTPS here (off: none, as --no-web; port 0 with --port 0).",
        read: { .text($0.webAddress?.description ?? "off") },
        write: { configuration, value in
            guard case .text(let text) = value else { return }
            if text == "off" {
                configuration.webAddress = nil
                return
            }
            guard let address = ListenAddress(parsing: text) else {
                throw SettingProblem(message: "takes HOST:PORT, a port (0–65535) or off, not \(text)")
            }
            configuration.webAddress = address
        })
    package static let webURL = ServerSetting(
        "web-url", .text, valueName: "url",
        help: "The address people open in a browser, sent to devices (default: https://HOST:WEBPORT).",
        read: { $0.webURL.map(SettingValue.text) },
        write: { configuration, value in
            guard case .text(let text) = value, !text.isEmpty else { return }
            guard let url = URLComponents(string: text), url.scheme == "https" || url.scheme == "http",
                url.host?.isEmpty == false, url.query == nil, url.fragment == nil
            else {
                throw SettingProblem(message: "takes an https://HOST[:PORT][/PATH] address, not \(text)")
            }
            configuration.webURL = text.hasSuffix("/") ? String(text.dropLast()) : text
        })
    package static let webSessionLifetime = number(
        "web-session-lifetime", \.webSessionLifetime, 60...unbounded,
        help: "Seconds a web sign-in lasts before the browser must sign in again.")
}
