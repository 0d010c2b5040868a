/// A piece of an HTML page, escaped by construction: text and attribute values are always escaped, and markup comes
/// only from the element functions, so no value a person typed can become markup.
///
/// The web door's pages are built with it rather than from template files (docs/architecture.md, "The web door").
struct HTML: Sendable {
    /// The markup, ready to send.
    private(set) var markup: String

    private init(markup: String) { self.markup = markup }

    /// Text, escaped.
    static func text(_ text: String) -> HTML { HTML(markup: escape(text)) }

    /// An element with its attributes (each value escaped; a nil value leaves the attribute out) and children.
    static func element(
        _ name: String, _ attributes: KeyValuePairs<String, String?> = [:], _ children: [HTML] = []
    )
        -> HTML
    {
        HTML(markup: open(name, attributes) + children.map(\.markup).joined() + "</\(name)>")
    }

    /// A chart drawn by ``GorillaShared/SVGChart`` (which escapes every text it writes), put inline without its XML
    /// declaration: the one place markup not built here enters a page.
    static func chart(_ svg: String) -> HTML {
        var markup = Substring(svg)
        if markup.hasPrefix("<?xml"), let end = markup.firstIndex(of: "\n") {
            markup = markup[markup.index(after: end)...]
        }
        return HTML(markup: String(markup))
    }

    /// An element without an end tag (`input`, `meta`, `link`).
    static func void(_ name: String, _ attributes: KeyValuePairs<String, String?>) -> HTML {
        HTML(markup: open(name, attributes))
    }

    /// A whole page: the doctype and its `html` element.
    static func document(language: String, head: [HTML], body: [HTML]) -> HTML {
        HTML(
            markup: "<!DOCTYPE html>"
                + element("html", ["lang": language], [element("head", [:], head), element("body", [:], body)]).markup)
    }

    private static func open(_ name: String, _ attributes: KeyValuePairs<String, String?>) -> String {
        var tag = "<" + name
        for (key, value) in attributes {
            guard let value else { continue }
            tag += " \(key)=\"\(escape(value))\""
        }
        return tag + ">"
    }

    /// `text` with the five characters that could end text or an attribute value written as references.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
