import Foundation
import BrainFormat

/// What makes the web app installable and keeps it readable offline (docs/WEBAPP.md): the PNG
/// icons (`icon.svg` drawn, AppIcons.swift), the service worker `/app/sw.js` and the small
/// script `/app/offline.js` that registers it, and signing out (`POST /app/signout`), which
/// ends the session and has the browser forget every page it kept.
extension AppAssets {
    /// The paths of this file served without a session: they hold nothing of the vault.
    static let installPaths = ["/app/sw.js", "/app/offline.js", "/app/apple-touch-icon.png", "/app/icon-192.png", "/app/icon-512.png"]

    static var installRoutes: [Router.Route] { [
        Router.Route(method: "GET", pattern: ["app", "sw.js"], open: true, inline: true) { _, _ throws(APIError) in
            var response = HTTPResponse.text(serviceWorker, type: "text/javascript; charset=utf-8")
            // `/app` itself (Today) is outside `/app/`, the scope a script in /app/ may take alone.
            response.set("Service-Worker-Allowed", "/app")
            // A new server's worker is taken up on the next page.
            response.set("Cache-Control", "no-cache")
            return response
        },
        Router.Route(method: "GET", pattern: ["app", "offline.js"], open: true, inline: true) { _, _ throws(APIError) in
            asset(offlineScript, "text/javascript; charset=utf-8")
        },
        Router.Route(method: "GET", pattern: ["app", "apple-touch-icon.png"], open: true, inline: true) { _, _ throws(APIError) in png(180) },
        Router.Route(method: "GET", pattern: ["app", "icon-192.png"], open: true, inline: true) { _, _ throws(APIError) in png(192) },
        Router.Route(method: "GET", pattern: ["app", "icon-512.png"], open: true, inline: true) { _, _ throws(APIError) in png(512) },
        Router.Route(method: "POST", pattern: ["app", "signout"], inline: true) { router, call throws(APIError) in try router.signOut(call) },
    ] }

    /// The icon of `size` pixels as PNG bytes.
    static func png(_ size: Int) -> [UInt8]? {
        AppIcons.base64[size].flatMap { Data(base64Encoded: $0) }.map { Array($0) }
    }

    static func png(_ size: Int) -> HTTPResponse {
        var response = HTTPResponse(status: .ok, headers: [HTTPHeader("Content-Type", "image/png")], body: png(size) ?? [])
        response.set("Cache-Control", "max-age=86400")
        return response
    }

    /// The sign-out button at the foot of every page (outside `main`, which a live update
    /// replaces) and its rules.
    static let signOutForm = "<footer class=\"foot\"><form class=\"signout\" method=\"post\" action=\"/app/signout\"><button type=\"submit\">Sign out</button></form></footer>"
    static let installRules = """
        .foot{max-width:720px;margin:0 auto;padding:0 12px 40px}
        .signout{margin:0}
        .signout button{background:none;color:var(--accent);font-weight:600}

        """

    /// The service worker: every GET under `/app` goes to the server first; a page the server
    /// answered is kept (with the files the pages use), and when the server cannot be reached a
    /// page opened again is the kept one, its `#offline` line shown. A `401` (the session ended)
    /// or the word `forget` from a page (signing out) deletes everything kept. The events are
    /// never kept.
    static let serviceWorker = """
        'use strict';
        var SHELL = 'brain-shell', PAGES = 'brain-pages';
        var FILES = ['/app/app.css', '/app/app.js', '/app/offline.js', '/app/icon.svg', '/app/manifest.webmanifest', '/app/icon-192.png'];
        self.addEventListener('install', function (event) {
          event.waitUntil(caches.open(SHELL).then(function (cache) { return cache.addAll(FILES); }).then(function () { return self.skipWaiting(); }));
        });
        self.addEventListener('activate', function (event) { event.waitUntil(self.clients.claim()); });
        function forget() {
          return caches.keys().then(function (keys) { return Promise.all(keys.map(function (key) { return caches.delete(key); })); });
        }
        self.addEventListener('message', function (event) { if (event.data === 'forget') event.waitUntil(forget()); });
        function page(url) { var u = new URL(url); return u.origin + u.pathname + u.search; }
        function keep(key, response) {
          if (response.status === 401) return forget();
          var type = response.headers.get('Content-Type') || '';
          if (!response.ok || response.type !== 'basic' || !/^(text\\/html|text\\/css|text\\/javascript|image\\/|application\\/manifest)/.test(type)) return Promise.resolve();
          var copy = response.clone();
          return caches.open(/^text\\/html/.test(type) ? PAGES : SHELL).then(function (cache) { return cache.put(key, copy); });
        }
        function shownOffline(kept) {
          if (!/^text\\/html/.test(kept.headers.get('Content-Type') || '')) return kept;
          return kept.text().then(function (html) {
            return new Response(html.replace(/(<p id="offline"[^>]*?) hidden>/, '$1>'), { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
          });
        }
        self.addEventListener('fetch', function (event) {
          var request = event.request, url = new URL(request.url);
          if (url.origin !== location.origin || url.pathname === '/app/events' || url.pathname === '/app/sw.js') return;
          if (url.pathname !== '/app' && url.pathname.indexOf('/app/') !== 0) return;
          if (request.method === 'POST') {
            // A tap's answer is the page it led to: kept as that page's last state.
            if (url.pathname === '/app/signout') return;
            event.respondWith(fetch(request).then(function (response) {
              if (response.redirected) event.waitUntil(keep(page(response.url), response));
              return response;
            }));
            return;
          }
          if (request.method !== 'GET') return;
          event.respondWith(fetch(request).then(function (response) {
            event.waitUntil(keep(page(request.url), response));
            return response;
          }, function (error) {
            // Only a page opened anew falls back; the app's own fetches learn the server is away.
            if (request.mode !== 'navigate' && request.destination === '') throw error;
            return caches.match(page(request.url), { ignoreVary: true }).then(function (kept) {
              if (!kept) throw error;
              return shownOffline(kept);
            });
          }));
        });

        """

    /// Registers the service worker (pages only: the worker keeps nothing before a session);
    /// on a kept page shown offline, asks the server again every two seconds and reloads once
    /// it answers; on signing out, tells the worker to forget before the form posts.
    static let offlineScript = """
        'use strict';
        (function () {
          if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
          navigator.serviceWorker.register('/app/sw.js', { scope: '/app' }).catch(function () {});
          window.addEventListener('submit', function (event) {
            var form = event.target;
            if (!(form instanceof HTMLFormElement) || form.getAttribute('action') !== '/app/signout') return;
            // The form posts as the browser does it (not through app.js), so the answer's
            // Clear-Site-Data and the page it shows take over.
            event.stopPropagation();
            if (navigator.serviceWorker.controller) navigator.serviceWorker.controller.postMessage('forget');
          }, true);
          var notice = document.getElementById('offline');
          if (!notice || notice.hidden) return;
          var timer = setInterval(function () {
            fetch(location.pathname, { credentials: 'same-origin', cache: 'no-store', headers: { 'Accept': 'text/html' } })
              .then(function (response) { if (response.ok) { clearInterval(timer); location.reload(); } })
              .catch(function () {});
          }, 2000);
        })();

        """
}

extension Router {
    /// `POST /app/signout`: ends this browser's session, expires its cookie and has the browser
    /// delete what it kept of the pages (`Clear-Site-Data`).
    func signOut(_ call: Call) throws(APIError) -> HTTPResponse {
        guard case .session(let secret) = call.caller else {
            throw APIError(status: .badRequest, code: "bad-request", message: "only a browser's session signs out; revoke a token with brain serve token revoke")
        }
        do {
            try credentials.endSession(secret)
        } catch {
            throw APIError(status: .internalError, code: "io", message: error.description)
        }
        var response = page("Signed out", "<p>This browser is signed out and has forgotten the pages it kept. Open a pairing link (<code>brain serve pair</code>) to sign in again.</p>")
        response.headers.append(HTTPHeader("Set-Cookie", "\(Router.sessionCookie)=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict"))
        response.headers.append(HTTPHeader("Clear-Site-Data", "\"cache\", \"storage\""))
        return response
    }
}
