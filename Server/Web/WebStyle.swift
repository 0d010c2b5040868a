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
        header { flex-wrap: wrap; }
        nav { display: flex; flex-wrap: wrap; gap: .25rem .9rem; order: 3; width: 100%; }
        nav a { color: inherit; text-decoration: none; padding: .2rem 0; border-bottom: 2px solid transparent; }
        nav a:hover { border-bottom-color: var(--accent); }
        a { color: var(--accent); }
        table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; }
        th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid var(--line); }
        td.number, th.number { text-align: right; }
        .scroll { overflow-x: auto; }
        ul.list { list-style: none; padding: 0; }
        ul.list li { padding: .45rem 0; border-bottom: 1px solid var(--line); }
        figure.chart { margin: 1rem 0; }
        figure.chart svg { width: 100%; height: auto; border-radius: .4rem; }
        select, textarea { width: 100%; padding: .6rem; font: inherit; border: 1px solid var(--line); border-radius: .4rem; }
        ol.messages { list-style: none; padding: 0; }
        ol.messages li { margin: .5rem 0; padding: .5rem .75rem; border-radius: .5rem; border: 1px solid var(--line); }
        ol.messages li.mine { margin-left: 2rem; }
        ol.messages li.theirs { margin-right: 2rem; }
        .secret code { word-break: break-all; }
        .week { display: grid; gap: .5rem; }
        .week section { border: 1px solid var(--line); border-radius: .5rem; padding: .5rem .75rem; }
        .week h2 { margin: .25rem 0; font-size: 1rem; }
        .pager { display: flex; justify-content: space-between; }
        dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
        dt { font-weight: 600; }
        dd { margin: 0; }
        @media (min-width: 64rem) { main.wide { max-width: 72rem; } .week { grid-template-columns: repeat(7, 1fr); } }
        @media (min-width: 48rem) { body { font-size: 18px; } main { padding: 2rem; } }
        """
}
