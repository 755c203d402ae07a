/// The styles of the habit and note pages, after the app's own rules.
extension AppAssets {
    static let pageRules = """
        nav{overflow-x:auto;scrollbar-width:none}
        nav a{white-space:nowrap}
        @media (max-width:480px){nav{gap:0;padding:4px;justify-content:space-between}nav a{padding:0 5px;font-size:.9rem}}
        .all{list-style:none;margin:0;padding:0}
        .all li{padding:4px 0 8px;border-top:1px solid var(--l0);overflow-wrap:anywhere}
        .all li:first-child{border-top:0}
        .all a{display:inline-flex;align-items:center;min-height:44px;font-weight:600}
        .pin{font-size:.75rem;font-weight:600;color:var(--muted);border:1px solid var(--muted);border-radius:6px;padding:0 5px;vertical-align:middle}
        .habit{position:relative}
        .habit .more{position:absolute;right:0;top:4px;display:inline-flex;align-items:center;justify-content:center;min-width:44px;min-height:44px;text-decoration:none;font-size:1.4rem;color:var(--muted)}
        .habit>form .row{padding-right:48px}
        .about{display:grid;grid-template-columns:auto 1fr;gap:2px 12px;margin:.4rem 0}
        .about dt,.numbers dt{color:var(--muted)}
        .about dd,.numbers dd{margin:0}
        .numbers{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0}
        .cards{display:grid;grid-template-columns:repeat(3,1fr);gap:8px;margin:12px 0}
        .cards .card{margin:0;text-align:center;padding:10px 6px}
        .card .big{font-size:1.5rem;font-weight:700;margin:.2rem 0;color:var(--text)}
        .card p{margin:.2rem 0}
        .card .muted{font-size:.8rem}
        .card .mark{width:28px;height:28px}
        .marks{letter-spacing:.1em;font-size:.9rem}
        .primary{background:var(--accent);border-color:var(--accent);color:var(--surface);font-weight:600}
        .scroll{overflow-x:auto}
        .scroll:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
        svg.year text{font-size:9px;fill:var(--muted)}
        svg.year .l0{fill:var(--l0)}svg.year .l1{fill:var(--l1)}svg.year .l2{fill:var(--l2)}svg.year .l3{fill:var(--l3)}svg.year .l4{fill:var(--l4)}
        svg.strength{vertical-align:middle;max-width:100%;height:auto}
        svg.strength path{fill:none;stroke:var(--accent);stroke-width:2}
        svg.strength .base{stroke:var(--l0);stroke-width:1}
        .notes,.lines,.taglist{list-style:none;margin:0;padding:0}
        .notes li,.lines li{padding:6px 0;border-top:1px solid var(--l0);overflow-wrap:anywhere}
        .notes li:first-child,.lines li:first-child{border-top:0}
        .notes a,.lines a{display:inline-flex;align-items:center;min-height:44px}
        .taglist{display:flex;flex-wrap:wrap;gap:4px 12px}
        .tag{display:inline-flex;align-items:center;min-height:44px;padding:0 4px}
        .results h3{font-size:1rem;margin:.6rem 0 0}
        .prose{background:var(--surface);border-radius:12px;padding:4px 14px;overflow-wrap:anywhere}
        .prose a{text-decoration:underline}
        .prose pre{white-space:pre-wrap;overflow-wrap:anywhere;background:var(--bg);padding:8px;border-radius:8px}
        .prose blockquote{margin:.4rem 0;padding-left:10px;border-left:3px solid var(--l2);color:var(--muted)}
        .prose .missing{text-decoration:underline dotted;color:var(--muted)}
        input[type=search]{width:14em}
        .pins a{display:inline-flex;align-items:center;min-height:44px}
        nav.pages{position:static;display:flex;flex-wrap:wrap;align-items:center;gap:4px 16px;padding:8px 0 0;background:none;border:0;overflow:visible}
        nav.pages a{padding:0 8px}

        """
}
