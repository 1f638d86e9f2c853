// Limber's service worker: a plain script (no build step, no imports), registered by
// components/pwa/register-sw.tsx. It keeps a break opened once usable offline, and shows the break
// notifications (payload: lib/push/payload.ts), whose buttons work with the break's signed tokens,
// without a session. Bump VERSION whenever this file changes: old caches go on activate.
"use strict";

const VERSION = "v1";
const SHELL = `limber-shell-${VERSION}`; // the offline page and the icons, precached
const PAGES = `limber-pages-${VERSION}`; // pages as last loaded (a guided break opened once)
const STATIC = `limber-static-${VERSION}`; // /_next/static: content-hashed, never changes
const ASSETS = `limber-assets-${VERSION}`; // other files of ours (icons, manifest, images)
const CURRENT = [SHELL, PAGES, STATIC, ASSETS];

const OFFLINE_URL = "/offline.html";
const ICON = "/icons/icon-192.png";
const BADGE = "/icons/badge-96.png";
const SHELL_URLS = [OFFLINE_URL, ICON, BADGE, "/icons/icon-512.png", "/icon.svg"];
const NAV_TIMEOUT_MS = 4000;
const MAX_PAGES = 30;
const MAX_STATIC = 300;
// The owner console is never kept on the device.
const UNCACHED_PAGES = /^\/(admin|owner-unlock)(\/|$)/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(SHELL_URLS))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith("limber-") && !CURRENT.includes(n)).map((n) => caches.delete(n))),
      )
      .then(() => self.clients.claim()),
  );
});

// ---- Requests ----

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  // Signing out (or a session found ended) forgets the pages kept for offline use: they are the
  // signed-in user's. The request itself goes on untouched.
  if (url.pathname === "/api/auth/logout" || url.pathname === "/api/auth/expired") {
    event.waitUntil(caches.delete(PAGES));
    return;
  }
  // Calls and changes always go to the server, as the page sent them.
  if (req.method !== "GET" || url.pathname.startsWith("/api/") || url.pathname === "/sw.js") return;
  if (req.mode === "navigate") {
    event.respondWith(navigate(event, url));
    return;
  }
  if (url.pathname.startsWith("/_next/static/")) {
    event.respondWith(cacheFirst(event));
    return;
  }
  // The router's page data (React Server Components) is live: never served stale. Opening a
  // guided break in the app is such a request: its page is also kept, for a reload offline.
  if (req.headers.has("rsc") || url.searchParams.has("_rsc")) {
    if (/^\/break\/\d+$/.test(url.pathname) && !req.headers.has("next-router-prefetch")) event.waitUntil(keepPage(url));
    return;
  }
  if (req.headers.has("range")) return;
  event.respondWith(staleWhileRevalidate(event));
});

const pageKey = (url) => {
  const u = new URL(url);
  u.searchParams.delete("_rsc");
  u.hash = "";
  return u.href;
};

async function trim(cacheName, max) {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  // Oldest first (insertion order).
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((k) => cache.delete(k)));
}

/** Keeps a page as loaded (a 200 of ours, not redirected), or forgets it when it no longer is one. */
async function storePage(key, res) {
  const cache = await caches.open(PAGES);
  if (res.ok && !res.redirected && !UNCACHED_PAGES.test(new URL(key).pathname)) {
    await cache.put(key, res);
    await trim(PAGES, MAX_PAGES);
  } else {
    await cache.delete(key);
  }
}

async function keepPage(url) {
  const key = pageKey(url);
  try {
    await storePage(key, await fetch(key, { credentials: "same-origin" }));
  } catch {
    // offline or refused: nothing to keep
  }
}

/**
 * Pages: the network first; a copy kept from an earlier visit if the network fails, or takes more
 * than 4 s; with no copy, the offline page.
 */
async function navigate(event, url) {
  const key = pageKey(url);
  let stored = Promise.resolve();
  const network = fetch(event.request).then((res) => {
    stored = storePage(key, res.clone()).catch(() => {});
    return res;
  });
  // Kept alive until the page is stored, even when the kept copy answered first.
  event.waitUntil(
    network.then(
      () => stored,
      () => {},
    ),
  );
  const cached = await caches.match(key, { cacheName: PAGES, ignoreVary: true });
  if (!cached) {
    try {
      return await network;
    } catch {
      return (await caches.match(OFFLINE_URL, { cacheName: SHELL, ignoreVary: true })) || Response.error();
    }
  }
  let timer;
  const slow = new Promise((resolve) => {
    timer = setTimeout(() => resolve(cached), NAV_TIMEOUT_MS);
  });
  try {
    return await Promise.race([network.catch(() => cached), slow]);
  } finally {
    clearTimeout(timer);
  }
}

/** Content-hashed build files: from the cache once fetched. */
async function cacheFirst(event) {
  const req = event.request;
  const cache = await caches.open(STATIC);
  const hit = await cache.match(req, { ignoreVary: true });
  if (hit) return hit;
  const res = await fetch(req);
  if (res.ok) {
    const copy = res.clone();
    event.waitUntil(
      cache
        .put(req, copy)
        .then(() => trim(STATIC, MAX_STATIC))
        .catch(() => {}),
    );
  }
  return res;
}

/** Our other files: the kept copy at once, refreshed in the background. */
async function staleWhileRevalidate(event) {
  const req = event.request;
  let saved = Promise.resolve();
  const network = fetch(req).then((res) => {
    if (res.ok) {
      const copy = res.clone();
      saved = caches.open(ASSETS).then((cache) => cache.put(req, copy));
    }
    return res;
  });
  event.waitUntil(network.then(() => saved).catch(() => {}));
  const hit = await caches.match(req, { cacheName: ASSETS, ignoreVary: true });
  return hit || network;
}

// The page's build files loaded before this worker was there (components/pwa/register-sw.tsx):
// kept like the ones fetched through it. Only our own /_next/static/ files.
self.addEventListener("message", (event) => {
  const urls = event.data && Array.isArray(event.data.cache) ? event.data.cache : [];
  const prefix = `${self.location.origin}/_next/static/`;
  const ours = urls.filter((u) => typeof u === "string" && u.startsWith(prefix)).slice(0, 200);
  if (ours.length === 0) return;
  event.waitUntil(
    caches.open(STATIC).then((cache) =>
      Promise.all(
        ours.map((u) =>
          cache
            .match(u)
            .then((hit) => hit || cache.add(u))
            .catch(() => {}),
        ),
      ),
    ),
  );
});

// ---- Notifications ----

/** The payload as sent (lib/push/payload.ts), or null when it is not one of ours. */
function readPayload(data) {
  let p = null;
  try {
    p = data ? data.json() : null;
  } catch {
    return null;
  }
  if (!p || p.v !== 1 || typeof p.title !== "string") return null;
  return {
    v: 1,
    title: p.title,
    body: typeof p.body === "string" ? p.body : "",
    tag: typeof p.tag === "string" && p.tag ? p.tag : "limber",
    url: typeof p.url === "string" ? p.url : "/dashboard",
    done: typeof p.done === "string" && p.done ? p.done : undefined,
    snooze: typeof p.snooze === "string" && p.snooze ? p.snooze : undefined,
  };
}

self.addEventListener("push", (event) => {
  // Every push must show something (userVisibleOnly): an unreadable one still says what it is about.
  const p = readPayload(event.data) || {
    v: 1,
    title: "Time for your movement break",
    body: "",
    tag: "limber",
    url: "/dashboard",
  };
  const actions = [];
  if (p.done) actions.push({ action: "done", title: "I did it" });
  if (p.done && p.snooze) actions.push({ action: "snooze", title: "Snooze 15 min" });
  event.waitUntil(
    self.registration.showNotification(p.title, {
      body: p.body,
      tag: p.tag,
      data: p,
      icon: ICON,
      badge: BADGE,
      actions,
      requireInteraction: false,
      renotify: true,
      timestamp: Date.now(),
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  const n = event.notification;
  const p = n.data || {};
  n.close();
  if (event.action === "done" && p.done) event.waitUntil(act("/api/breaks/complete", p.done, p, doneText));
  else if (event.action === "snooze" && p.snooze) event.waitUntil(act("/api/breaks/snooze", p.snooze, p, snoozeText));
  else event.waitUntil(openApp(p.url));
});

function doneText(answer) {
  const title = answer.alreadyCompleted ? "Already counted. Nice work!" : "Counted. Nice work!";
  const progress =
    typeof answer.totalToday === "number" && answer.totalToday > 0
      ? `${answer.completedToday} of ${answer.totalToday} breaks done today.`
      : "";
  return { title, body: progress };
}

function snoozeText() {
  return { title: "Snoozed", body: "We'll remind you again in about 15 minutes." };
}

/**
 * A notification button: the break's signed token is the credential (no session, no cookie sent),
 * and a short notification under the same tag says how it went.
 */
async function act(path, token, p, describe) {
  let outcome;
  try {
    const res = await fetch(path, {
      method: "POST",
      credentials: "omit",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token }),
    });
    const answer = await res.json().catch(() => ({}));
    outcome = res.ok
      ? describe(answer)
      : {
          title: "That didn't work",
          body: typeof answer.message === "string" ? answer.message : "Please open Limber and try again.",
        };
  } catch {
    outcome = { title: "You're offline", body: "Open Limber when you're back online to try again." };
  }
  await self.registration.showNotification(outcome.title, {
    body: outcome.body,
    tag: p.tag || "limber",
    // A tap on the confirmation opens the break too; its buttons are used up.
    data: { v: 1, title: outcome.title, body: outcome.body, tag: p.tag, url: p.url },
    icon: ICON,
    badge: BADGE,
    silent: true,
    renotify: false,
  });
}

/** Focuses a Limber window and takes it to `path`, or opens one there. Only paths of this app. */
async function openApp(path) {
  const safe = typeof path === "string" && path.startsWith("/") && !path.startsWith("//") ? path : "/dashboard";
  const target = new URL(safe, self.location.origin).href;
  const all = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const exact = all.find((c) => c.url === target);
  if (exact) return exact.focus();
  // navigate() works only on a window this worker controls.
  const [client] = await self.clients.matchAll({ type: "window" });
  if (client) {
    try {
      const focused = await client.focus();
      return (await focused.navigate(target)) || focused;
    } catch {
      // it could not be moved: a new window instead
    }
  }
  return self.clients.openWindow(target);
}

// ---- A new subscription from the push service ----

function keyBytes(base64url) {
  const raw = atob(base64url.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((base64url.length + 3) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil(
    (async () => {
      let sub = event.newSubscription;
      if (!sub) {
        let key =
          event.oldSubscription && event.oldSubscription.options && event.oldSubscription.options.applicationServerKey;
        if (!key) {
          const res = await fetch("/api/push/public-key", { credentials: "omit" });
          if (!res.ok) return;
          key = keyBytes((await res.json()).publicKey);
        }
        sub = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      }
      // Needs the session cookie, which a same-origin fetch from here carries.
      await fetch("/api/user/push/subscriptions", {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(sub.toJSON()),
      });
    })().catch(() => {}),
  );
});
