/// The one style sheet of the web door (`/style.css`): a phone first, a readable column on a desktop, no script.
/// Served as a file of its own since the Content-Security-Policy allows no inline style or script.
enum WebStyle {
    static let css = """
        :root { color-scheme: light dark; --accent: #2f6f4f; --line: #8884; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 17px/1.45 system-ui, sans-serif; }
        header { display: flex; align-items: center; justify-content: space-between; gap: 1rem;
                 padding: .75rem 1rem; border-bottom: 1px solid var(--line); }
        header strong { color: var(--accent); }
        main { max-width: 40rem; margin: 0 auto; padding: 1rem; }
        h1 { font-size: 1.5rem; margin: .5rem 0 1rem; }
        h2 { font-size: 1.15rem; margin: 1.5rem 0 .5rem; }
        label { display: block; margin: .75rem 0 .25rem; font-weight: 600; }
        input { width: 100%; padding: .6rem; font: inherit; border: 1px solid var(--line); border-radius: .4rem; }
        button { font: inherit; padding: .55rem 1rem; margin-top: .75rem; border: 0; border-radius: .4rem;
                 background: var(--accent); color: #fff; cursor: pointer; }
        header button { margin: 0; background: transparent; color: inherit; border: 1px solid var(--line); }
        .problem { padding: .6rem .8rem; border-radius: .4rem; background: #c0392b22; }
        .note { opacity: .8; font-size: .9rem; }
        ul.appointments { list-style: none; padding: 0; }
        ul.appointments li { border: 1px solid var(--line); border-radius: .5rem; padding: .75rem; margin: .75rem 0; }
        .answer { font-weight: 600; }
        @media (min-width: 48rem) { body { font-size: 18px; } main { padding: 2rem; } }
        """
}
