import BrainFormat
import BrainInterchange

/// The web app's files: its styles (every theme, light and dark, from `Palette`), its script,
/// the manifest and the icon. They hold nothing of the vault, so they are served without a
/// session (a home screen fetches the manifest's icon without cookies) and the same to everyone.
enum AppAssets {
    /// The paths served without a session.
    static let paths = ["/app/app.css", "/app/app.js", "/app/manifest.webmanifest", "/app/icon.svg", "/favicon.ico", "/app/organism.css"] + installPaths

    static var routes: [Router.Route] { [
        Router.Route(method: "GET", pattern: ["app", "app.css"], open: true, inline: true) { _, _ throws(APIError) in
            asset(stylesheet, "text/css; charset=utf-8")
        },
        Router.Route(method: "GET", pattern: ["app", "app.js"], open: true, inline: true) { _, _ throws(APIError) in
            asset(script, "text/javascript; charset=utf-8")
        },
        Router.Route(method: "GET", pattern: ["app", "manifest.webmanifest"], open: true, inline: true) { _, _ throws(APIError) in
            asset(manifest, "application/manifest+json")
        },
        Router.Route(method: "GET", pattern: ["app", "icon.svg"], open: true, inline: true) { _, _ throws(APIError) in
            asset(icon, "image/svg+xml")
        },
        // Asked for by every browser on every page without an icon link (the pairing page).
        Router.Route(method: "GET", pattern: ["favicon.ico"], open: true, inline: true) { _, _ throws(APIError) in
            asset(icon, "image/svg+xml")
        },
    ] + installRoutes }

    static func asset(_ text: String, _ type: String) -> HTTPResponse {
        var response = HTTPResponse.text(text, type: type)
        // The same bytes until the server changes: a browser may keep them for a day.
        response.set("Cache-Control", "max-age=86400")
        return response
    }

    /// Every theme's palette as CSS variables under `[data-theme]`, light, and dark where the
    /// page says dark or the device prefers it (`data-appearance="auto"`).
    static let stylesheet: String = {
        var css = ""
        for theme in Theme.allCases {
            let light = ReportPage.variables(theme.palette(.light)), dark = ReportPage.variables(theme.palette(.dark))
            css += "[data-theme=\(theme.rawValue)]{\(light)}\n[data-theme=\(theme.rawValue)][data-appearance=dark]{\(dark)}\n"
            css += "@media (prefers-color-scheme: dark){[data-theme=\(theme.rawValue)][data-appearance=auto]{\(dark)}}\n"
        }
        return css + rules + installRules + pageRules
    }()

    static let rules = """
        *{box-sizing:border-box}
        html{-webkit-text-size-adjust:100%;scroll-padding-top:64px}
        body{margin:0;background:var(--bg);color:var(--text);font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;padding-bottom:env(safe-area-inset-bottom)}
        a{color:var(--accent)}
        .skip{position:absolute;left:-999px;top:0;background:var(--surface);padding:12px}
        .skip:focus{left:8px;z-index:2}
        nav{display:flex;gap:4px;padding:4px 12px;background:var(--surface);border-bottom:1px solid var(--l0);position:sticky;top:0;z-index:1}
        nav a{display:inline-flex;align-items:center;min-height:44px;padding:0 14px;border-radius:8px;text-decoration:none;font-weight:600}
        nav a[aria-current=page]{background:var(--l0);color:var(--text)}
        main{max-width:720px;margin:0 auto;padding:12px 12px 40px}
        h1{font-size:1.4rem;margin:.4rem 0;color:var(--accent)}
        h2{font-size:1.05rem;margin:0 0 .4rem;color:var(--accent)}
        .muted{color:var(--muted);font-weight:400}
        .bad{color:var(--bad)}
        section{background:var(--surface);border-radius:12px;padding:12px;margin:12px 0}
        .day{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:0 12px}
        .momentum{margin:0;color:var(--muted)}
        .momentum strong{color:var(--good)}
        .checkin a{display:inline-flex;align-items:center;min-height:44px}
        .offline{margin:0;padding:10px 12px;background:var(--warn);color:var(--bg);font-weight:600}
        .rest{background:var(--surface);border-left:4px solid var(--warn);padding:10px 12px;border-radius:8px}
        .coach{color:var(--muted);font-style:italic}
        .habits{list-style:none;margin:0;padding:0}
        .habit{border-top:1px solid var(--l0);padding:4px 0}
        .habit:first-child{border-top:0}
        .habit form{margin:0}
        button,summary,input,textarea{font:inherit;color:inherit}
        button{min-height:44px;min-width:44px;border:1px solid var(--muted);background:var(--bg);border-radius:10px;padding:0 14px;cursor:pointer}
        button:focus-visible,summary:focus-visible,a:focus-visible,input:focus-visible,textarea:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
        .row{display:flex;width:100%;align-items:center;gap:10px;min-height:48px;text-align:left;border:0;background:none;padding:2px 4px;flex-wrap:wrap}
        .row.static{cursor:default}
        .mark{display:inline-flex;align-items:center;justify-content:center;width:32px;height:32px;flex:none;border:2px solid var(--muted);border-radius:50%;font-weight:700}
        .done .mark{background:var(--good);border-color:var(--good);color:var(--surface)}
        .skipped .mark{border-style:dashed}
        .name{font-weight:600;flex:1 1 0;min-width:0;overflow-wrap:anywhere}
        .detail{color:var(--muted);font-size:.9rem;flex:1 1 100%;padding-left:42px}
        .done .name{color:var(--good)}
        details>summary{list-style:none;cursor:pointer}
        details>summary::-webkit-details-marker{display:none}
        .skipper{display:inline-block;margin-left:42px}
        .skipper>summary,.pad>summary:not(:has(.row)){display:inline-flex;align-items:center;min-height:44px;color:var(--muted);padding:0 6px}
        .pad>summary .row{pointer-events:none}
        .line{display:flex;flex-wrap:wrap;gap:8px;align-items:end;padding:6px 0 8px 42px}
        .line label,.stack label{display:flex;flex-direction:column;gap:2px;font-size:.9rem;color:var(--muted)}
        input,textarea{min-height:44px;border:1px solid var(--muted);border-radius:8px;background:var(--bg);padding:6px 10px;font-size:1rem}
        .line input[type=number]{width:9em;font-size:1.3rem}
        textarea{width:100%}
        .stack{display:flex;flex-direction:column;gap:10px;align-items:stretch}
        .stack button{align-self:flex-start}
        .scale{border:0;padding:0;margin:0;display:flex;flex-wrap:wrap;gap:6px}
        .scale legend{font-size:.9rem;color:var(--muted);padding:0;margin-bottom:4px;width:100%}
        .scale input{position:absolute;opacity:0;width:1px;height:1px}
        .scale label{display:inline-flex;align-items:center;justify-content:center;min-width:44px;min-height:44px;border:1px solid var(--muted);border-radius:10px;color:var(--text);font-size:1rem}
        .scale input:checked+label{background:var(--accent);border-color:var(--accent);color:var(--surface)}
        .scale input:focus-visible+label{outline:3px solid var(--accent);outline-offset:2px}
        .intentions{margin:.2rem 0 .4rem;padding-left:1.2rem}
        .reflection{margin:0;padding:6px 12px;border-left:3px solid var(--l2);color:var(--muted)}
        .notdue>summary{min-height:44px;display:flex;align-items:center;color:var(--muted)}
        .pending .mark{opacity:.6}
        .milestones li{border-top:1px solid var(--l0)}
        .milestones li:first-child{border-top:0}
        .milestones{list-style:none;margin:0;padding:0}
        .areas{margin:0;padding-left:1.2rem}
        .areas li{margin:.3rem 0}
        meter{width:8em;height:1em;vertical-align:middle}
        .line.flat{padding-left:0}
        @media (min-width:900px){main{padding:20px 24px 48px}.habits{columns:2 320px}.habit{break-inside:avoid}}

        """

    /// Makes a tap instant (the row shows ✓ at once, the form posts in the background and the
    /// server's answer, the habit's row, replaces it) and applies live updates from `/app/events`.
    /// Without it every form posts and the server redirects back.
    static let script = """
        'use strict';
        (function () {
          var main = function () { return document.getElementById('main'); };
          var offline = function (shown) { var n = document.getElementById('offline'); if (n) n.hidden = !shown; };
          var busy = 0, stale = false;
          function swap(doc) {
            var next = doc.getElementById('main');
            if (!next || next.innerHTML === main().innerHTML) return;
            var open = Array.prototype.map.call(main().querySelectorAll('details[open]'), function (d) { var li = d.closest('li'); return (li ? li.id : '') + '|' + d.className; });
            main().replaceWith(next);
            open.forEach(function (key) {
              var parts = key.split('|');
              var scope = parts[0] ? document.getElementById(parts[0]) : next;
              var d = scope && scope.querySelector('details.' + parts[1].split(' ')[0]);
              if (d && !d.querySelector('input:focus')) d.open = true;
            });
          }
          function parse(html) { return new DOMParser().parseFromString(html, 'text/html'); }
          function refresh() {
            if (busy > 0 || (document.activeElement && /^(INPUT|TEXTAREA)$/.test(document.activeElement.tagName))) { stale = true; return; }
            stale = false;
            fetch(location.pathname + location.search, { credentials: 'same-origin', headers: { 'Accept': 'text/html' } })
              .then(function (r) { offline(false); return r.text(); })
              .then(function (html) { if (busy === 0) swap(parse(html)); else stale = true; })
              .catch(function () { offline(true); });
          }
          function settle() { busy -= 1; if (busy === 0 && stale) refresh(); }
          // The server's answer to a tap on a habit: its row as Today renders it now, in place of
          // the tapped one (focus kept; the rest of the page follows by the live update), or the
          // whole page (a failed write, with the library's message).
          function place(doc, li) {
            var row = doc.body.firstElementChild;
            if (doc.getElementById('main') || !row || row.id !== li.id) { swap(doc); return; }
            if (!li.isConnected) { stale = true; return; }
            var focused = li.contains(document.activeElement);
            li.replaceWith(row);
            var target = focused && row.querySelector('button, summary');
            if (target) target.focus();
          }
          document.addEventListener('submit', function (event) {
            var form = event.target;
            if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== 'post' || !window.fetch) return;
            event.preventDefault();
            var li = form.closest('li.habit');
            var kind = form.getAttribute('data-instant');
            if (li && (kind === 'done' || kind === 'amount')) {
              li.classList.remove('open'); li.classList.add('done', 'pending');
              var mark = li.querySelector('.mark'); if (mark) mark.textContent = '\\u2713';
            } else if (li && kind === 'undo') {
              li.classList.remove('done', 'skipped'); li.classList.add('open', 'pending');
              var m = li.querySelector('.mark'); if (m) m.textContent = '';
            }
            var data = new URLSearchParams(new FormData(form, event.submitter || undefined));
            var url = form.action + (li ? '?fragment=row' : '');
            busy += 1;
            fetch(url, { method: 'POST', body: data, credentials: 'same-origin', headers: { 'Accept': 'text/html' } })
              .then(function (r) { offline(false); return r.text(); })
              .then(function (html) { var doc = parse(html); if (li) place(doc, li); else swap(doc); settle(); })
              .catch(function () { offline(true); if (li) li.classList.remove('pending'); settle(); });
          });
          if (window.EventSource) {
            var source = new EventSource('/app/events');
            source.addEventListener('change', refresh);
            source.addEventListener('open', function () { offline(false); });
            source.addEventListener('error', function () { if (source.readyState === EventSource.CLOSED) offline(true); });
            // Signing out ends the session the stream belongs to: closed first, it does not ask
            // again (and meet a 401) while the browser forgets the kept pages and posts.
            window.addEventListener('submit', function (event) {
              if (event.target instanceof HTMLFormElement && event.target.getAttribute('action') === '/app/signout') source.close();
            }, true);
          }
          window.addEventListener('offline', function () { offline(true); });
          window.addEventListener('online', function () { offline(false); refresh(); });
        })();

        """

    static let manifest = """
        {
          "name": "Brain",
          "short_name": "Brain",
          "description": "Habits, check-ins and goals kept in plain-text files.",
          "start_url": "/app",
          "scope": "/",
          "display": "standalone",
          "background_color": "\(Theme.standard.palette(.light).background.hex)",
          "theme_color": "\(Theme.standard.palette(.light).accent.hex)",
          "icons": [
            {"src": "/app/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
            {"src": "/app/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "maskable"},
            {"src": "/app/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": "/app/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": "/app/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"}
          ]
        }

        """

    /// A round seed with a sprout on the theme's green: legible at 16 px and on a home screen
    /// (maskable: the drawing keeps inside the middle 80 %).
    static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
        <rect width="512" height="512" fill="\(Theme.standard.palette(.light).accent.hex)"/>
        <circle cx="256" cy="300" r="110" fill="\(Theme.standard.palette(.light).background.hex)"/>
        <path d="M256 300 V150 M256 210 C 210 200 190 160 196 130 C 236 136 256 170 256 210 M256 180 C 296 170 318 136 314 108 C 276 112 256 146 256 180" stroke="\(Theme.standard.palette(.light).background.hex)" stroke-width="18" fill="none" stroke-linecap="round"/>
        </svg>

        """
}
