// public/sw.js, run as it is in a node:vm context with a fake service-worker global: what a push
// shows, what the notification's buttons post (the break's signed tokens, no session), where a tap
// goes, and which requests it answers (never calls to /api/ or changes) and how, offline included.
import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { beforeEach, describe, expect, it, vi } from "vitest";

const ORIGIN = "https://limber.test";
const source = readFileSync(path.resolve(__dirname, "../../../public/sw.js"), "utf8");

type Listener = (event: Record<string, unknown>) => void;
type FetchFn = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** An in-memory Cache Storage, keyed by URL. */
function fakeCaches() {
  const store = new Map<string, Map<string, Response>>();
  const keyOf = (r: RequestInfo | URL) =>
    new URL(typeof r === "string" ? r : r instanceof URL ? r.href : r.url, ORIGIN).href;
  const open = async (name: string) => {
    if (!store.has(name)) store.set(name, new Map());
    const m = store.get(name)!;
    return {
      match: async (r: RequestInfo) => m.get(keyOf(r))?.clone(),
      put: async (r: RequestInfo, res: Response) => void m.set(keyOf(r), res),
      delete: async (r: RequestInfo) => m.delete(keyOf(r)),
      keys: async () => [...m.keys()].map((k) => new Request(k)),
      addAll: async (urls: string[]) => {
        for (const u of urls) m.set(keyOf(u), new Response(`precached ${u}`, { status: 200 }));
      },
    };
  };
  return {
    store,
    api: {
      open,
      keys: async () => [...store.keys()],
      delete: async (name: string) => store.delete(name),
      match: async (r: RequestInfo, opts: { cacheName?: string } = {}) => {
        for (const [name, m] of store)
          if (!opts.cacheName || opts.cacheName === name) {
            const hit = m.get(keyOf(r));
            if (hit) return hit.clone();
          }
        return undefined;
      },
    },
  };
}

function load() {
  const listeners: Record<string, Listener> = {};
  const showNotification = vi.fn(async (_title: string, _options: Record<string, unknown>) => undefined);
  const windows: { url: string; focus: ReturnType<typeof vi.fn>; navigate: ReturnType<typeof vi.fn> }[] = [];
  const clients = {
    matchAll: vi.fn(async () => windows),
    openWindow: vi.fn(async (url: string) => ({ url })),
    claim: vi.fn(async () => undefined),
  };
  const fetchSpy = vi.fn<FetchFn>(
    async () => new Response("{}", { status: 200, headers: { "content-type": "application/json" } }),
  );
  const caches = fakeCaches();
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    registration: { showNotification, pushManager: { subscribe: vi.fn() } },
    clients,
    skipWaiting: vi.fn(async () => undefined),
    addEventListener: (type: string, fn: Listener) => {
      listeners[type] = fn;
    },
  };
  const context = vm.createContext({
    self,
    caches: caches.api,
    fetch: (...args: Parameters<FetchFn>) => fetchSpy(...args),
    URL,
    Request,
    Response,
    Headers,
    setTimeout,
    clearTimeout,
    atob,
    Uint8Array,
    Promise,
    JSON,
    Date,
    Math,
  });
  vm.runInContext(source, context, { filename: "sw.js" });

  /** Dispatches an event; resolves when everything it waits on has settled. */
  async function dispatch(type: string, init: Record<string, unknown>) {
    const waits: Promise<unknown>[] = [];
    let responded: Promise<Response> | undefined;
    const event = {
      ...init,
      waitUntil: (p: Promise<unknown>) => void waits.push(p),
      respondWith: (p: Promise<Response>) => {
        responded = Promise.resolve(p);
      },
    };
    listeners[type]!(event);
    const response = responded ? await responded : undefined;
    // Waits may be added while others run.
    for (let i = 0; i < waits.length; i++) await waits[i];
    return { response, responded: responded !== undefined };
  }
  return { listeners, showNotification, clients, windows, fetchSpy, caches, dispatch };
}

type Sw = ReturnType<typeof load>;

const payload = {
  v: 1,
  title: "Time for your movement break",
  body: "Neck Rolls, then 2 more: a 10-minute break.",
  tag: "break-2026-03-02-0",
  url: "/break/0?t=done-token-abcdef",
  done: "done-token-abcdef",
  snooze: "snooze-token-abcdef",
};

const push = (sw: Sw, data: unknown) => sw.dispatch("push", { data: { json: () => data } });
const click = (sw: Sw, action: string, data: unknown = payload) =>
  sw.dispatch("notificationclick", { action, notification: { data, close: vi.fn() } });

/** A request as the browser hands it to the worker (navigations cannot be built with `new Request`). */
function req(pathname: string, init: { method?: string; mode?: string; headers?: Record<string, string> } = {}) {
  return {
    url: `${ORIGIN}${pathname}`,
    method: init.method ?? "GET",
    mode: init.mode ?? "cors",
    headers: new Headers(init.headers),
  };
}

describe("push", () => {
  let sw: Sw;
  beforeEach(() => {
    sw = load();
  });

  it("shows the payload's title, body and tag, with 'I did it' and 'Snooze 15 min'", async () => {
    await push(sw, payload);
    expect(sw.showNotification).toHaveBeenCalledTimes(1);
    const [title, options] = sw.showNotification.mock.calls[0]!;
    expect(title).toBe("Time for your movement break");
    expect(options).toMatchObject({
      body: "Neck Rolls, then 2 more: a 10-minute break.",
      tag: "break-2026-03-02-0",
      data: payload,
      icon: "/icons/icon-192.png",
      badge: "/icons/badge-96.png",
      requireInteraction: false,
      renotify: true,
    });
    expect(options.actions).toEqual([
      { action: "done", title: "I did it" },
      { action: "snooze", title: "Snooze 15 min" },
    ]);
  });

  it("has no Snooze without its token, and no buttons at all on a test notification", async () => {
    await push(sw, { ...payload, snooze: undefined });
    expect(sw.showNotification.mock.calls[0]![1].actions).toEqual([{ action: "done", title: "I did it" }]);
    await push(sw, {
      v: 1,
      title: "Notifications are on",
      body: "Limber will remind you here.",
      tag: "test",
      url: "/settings",
    });
    const [title, options] = sw.showNotification.mock.calls[1]!;
    expect(title).toBe("Notifications are on");
    expect(options).toMatchObject({ tag: "test", actions: [] });
  });

  it("still shows a notification for a push it cannot read (userVisibleOnly)", async () => {
    await sw.dispatch("push", { data: { json: () => JSON.parse("not json") } });
    await push(sw, { v: 2, title: 3 });
    expect(sw.showNotification).toHaveBeenCalledTimes(2);
    for (const [title, options] of sw.showNotification.mock.calls) {
      expect(title).toBe("Time for your movement break");
      expect(options.actions).toEqual([]);
    }
  });
});

describe("notification buttons and taps", () => {
  let sw: Sw;
  beforeEach(() => {
    sw = load();
  });

  it("'I did it' posts the done token to /api/breaks/complete, without cookies, and confirms under the same tag", async () => {
    sw.fetchSpy.mockResolvedValueOnce(
      Response.json({ completed: true, alreadyCompleted: false, completedToday: 1, totalToday: 2 }),
    );
    await click(sw, "done");
    expect(sw.fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = sw.fetchSpy.mock.calls[0]!;
    expect(url).toBe("/api/breaks/complete");
    expect(init).toMatchObject({
      method: "POST",
      credentials: "omit",
      headers: { "content-type": "application/json" },
    });
    expect(JSON.parse(String(init!.body))).toEqual({ token: "done-token-abcdef" });
    expect(sw.showNotification).toHaveBeenCalledTimes(1);
    const [title, options] = sw.showNotification.mock.calls[0]!;
    expect(title).toBe("Counted. Nice work!");
    expect(options).toMatchObject({ body: "1 of 2 breaks done today.", tag: payload.tag });
    expect(options.actions).toBeUndefined();
    expect(sw.clients.openWindow).not.toHaveBeenCalled();
  });

  it("'Snooze 15 min' posts the snooze token to /api/breaks/snooze and says when it comes again", async () => {
    sw.fetchSpy.mockResolvedValueOnce(
      Response.json({ timeDisplay: "10:00 AM", remindAtDisplay: "10:17 AM", remindAt: "x", remaining: 1 }),
    );
    await click(sw, "snooze");
    const [url, init] = sw.fetchSpy.mock.calls[0]!;
    expect(url).toBe("/api/breaks/snooze");
    expect(JSON.parse(String(init!.body))).toEqual({ token: "snooze-token-abcdef" });
    const [title, options] = sw.showNotification.mock.calls[0]!;
    expect(title).toBe("Snoozed");
    expect(options).toMatchObject({ body: "We'll remind you again in about 15 minutes.", tag: payload.tag });
  });

  it("shows the server's message when a button is refused, and says so when offline", async () => {
    sw.fetchSpy.mockResolvedValueOnce(
      Response.json({ message: "This break has already been snoozed twice." }, { status: 400 }),
    );
    await click(sw, "snooze");
    expect(sw.showNotification.mock.calls[0]![1]).toMatchObject({
      body: "This break has already been snoozed twice.",
      tag: payload.tag,
    });
    sw.fetchSpy.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await click(sw, "done");
    expect(sw.showNotification.mock.calls[1]![0]).toBe("You're offline");
  });

  it("a plain tap opens the break in a new window when none is open", async () => {
    await click(sw, "");
    expect(sw.fetchSpy).not.toHaveBeenCalled();
    expect(sw.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/break/0?t=done-token-abcdef`);
  });

  it("a plain tap focuses an open Limber window and takes it to the break", async () => {
    const focused = { url: `${ORIGIN}/dashboard`, focus: vi.fn(), navigate: vi.fn(async (u: string) => ({ url: u })) };
    focused.focus.mockResolvedValue(focused);
    sw.windows.push(focused);
    await click(sw, "");
    expect(focused.focus).toHaveBeenCalled();
    expect(focused.navigate).toHaveBeenCalledWith(`${ORIGIN}/break/0?t=done-token-abcdef`);
    expect(sw.clients.openWindow).not.toHaveBeenCalled();
  });

  it("a tap never leaves the app: a foreign url opens the dashboard", async () => {
    await click(sw, "", { ...payload, url: "//evil.example/x" });
    expect(sw.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/dashboard`);
  });
});

describe("requests", () => {
  let sw: Sw;
  beforeEach(() => {
    sw = load();
  });

  it("never answers calls to /api/ or requests that change something", async () => {
    for (const r of [
      req("/api/user/dashboard"),
      req("/api/breaks/complete", { method: "POST" }),
      req("/dashboard", { method: "POST", mode: "navigate" }),
      req("/settings", { method: "POST", headers: { "next-action": "abc" } }),
      req("/api/auth/logout", { method: "POST" }),
    ]) {
      const { responded } = await sw.dispatch("fetch", { request: r });
      expect(responded, `${r.method} ${r.url}`).toBe(false);
    }
    expect(sw.fetchSpy).not.toHaveBeenCalled();
  });

  it("leaves the router's live page data and other origins alone", async () => {
    for (const r of [
      req("/dashboard?_rsc=1x", { headers: { rsc: "1" } }),
      { ...req("/x"), url: "https://fonts.example/a.woff2" },
    ]) {
      expect((await sw.dispatch("fetch", { request: r })).responded).toBe(false);
    }
  });

  it("a page opened once comes back from the cache offline; a page never opened gets the offline page", async () => {
    await sw.dispatch("install", {});
    sw.fetchSpy.mockResolvedValueOnce(
      new Response("<h1>Your break</h1>", { status: 200, headers: { "content-type": "text/html" } }),
    );
    const first = await sw.dispatch("fetch", { request: req("/break/0", { mode: "navigate" }) });
    expect(await first.response!.text()).toBe("<h1>Your break</h1>");

    sw.fetchSpy.mockRejectedValue(new TypeError("Failed to fetch"));
    const again = await sw.dispatch("fetch", { request: req("/break/0", { mode: "navigate" }) });
    expect(await again.response!.text()).toBe("<h1>Your break</h1>");
    const other = await sw.dispatch("fetch", { request: req("/history", { mode: "navigate" }) });
    expect(await other.response!.text()).toBe("precached /offline.html");
  });

  it("signing out forgets the pages kept for offline use", async () => {
    sw.fetchSpy.mockResolvedValueOnce(new Response("<h1>Settings of sam@example.com</h1>", { status: 200 }));
    await sw.dispatch("fetch", { request: req("/settings", { mode: "navigate" }) });
    expect(sw.caches.store.get("limber-pages-v1")?.size).toBe(1);
    const { responded } = await sw.dispatch("fetch", { request: req("/api/auth/logout", { method: "POST" }) });
    expect(responded).toBe(false);
    expect(sw.caches.store.has("limber-pages-v1")).toBe(false);
  });

  it("keeps the build files a page loaded before the worker was there, and nothing else", async () => {
    sw.fetchSpy.mockImplementation(async () => new Response("file", { status: 200 }));
    const store: Record<string, unknown> = {};
    // cache.add fetches and stores; the fake Cache Storage has no add(): stand in for it.
    const open = sw.caches.api.open;
    sw.caches.api.open = async (name: string) => {
      const cache = await open(name);
      return { ...cache, add: async (u: string) => void (store[u] = await cache.put(u, await sw.fetchSpy(u))) };
    };
    await sw.dispatch("message", {
      data: {
        cache: [
          `${ORIGIN}/_next/static/chunks/main-1.js`,
          `${ORIGIN}/api/user/today`,
          "https://cdn.example/_next/static/x.js",
          `${ORIGIN}/dashboard`,
          42,
        ],
      },
    });
    expect(Object.keys(store)).toEqual([`${ORIGIN}/_next/static/chunks/main-1.js`]);
    expect([...sw.caches.store.get("limber-static-v1")!.keys()]).toEqual([`${ORIGIN}/_next/static/chunks/main-1.js`]);
  });

  it("build files are served from the cache once fetched", async () => {
    sw.fetchSpy.mockResolvedValueOnce(new Response("chunk", { status: 200 }));
    const url = "/_next/static/chunks/app-abc123.js";
    expect(await (await sw.dispatch("fetch", { request: new Request(`${ORIGIN}${url}`) })).response!.text()).toBe(
      "chunk",
    );
    sw.fetchSpy.mockRejectedValue(new TypeError("Failed to fetch"));
    expect(await (await sw.dispatch("fetch", { request: new Request(`${ORIGIN}${url}`) })).response!.text()).toBe(
      "chunk",
    );
    expect(sw.fetchSpy).toHaveBeenCalledTimes(1);
  });
});
