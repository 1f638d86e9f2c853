// next/headers for server actions called in-process by the integration tests (vitest.config.mts
// aliases "next/headers" here): headers() and cookies() read the request that Client.action()
// is running, and cookies().set() records what the action's response would set.
import { AsyncLocalStorage } from "node:async_hooks";

export interface SetCookie {
  value: string;
  options: {
    path?: string;
    maxAge?: number;
    expires?: Date;
    httpOnly?: boolean;
    secure?: boolean;
    sameSite?: string;
    domain?: string;
  };
}

export interface ActionRequest {
  headers: Headers;
  /** Cookies the action set, by name, in order. */
  set: Map<string, SetCookie>;
}

export const actionRequest = new AsyncLocalStorage<ActionRequest>();

function current(): ActionRequest {
  const r = actionRequest.getStore();
  if (!r) throw new Error("next/headers was used outside Client.action()");
  return r;
}

function requestCookies(r: ActionRequest): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of r.headers.get("cookie")?.split(";") ?? []) {
    const eq = part.indexOf("=");
    if (eq > 0) out.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  for (const [name, c] of r.set) {
    if (c.options.maxAge === 0 || c.value === "") out.delete(name);
    else out.set(name, c.value);
  }
  return out;
}

export async function headers() {
  return current().headers;
}

export async function cookies() {
  const r = current();
  return {
    get: (name: string) => {
      const value = requestCookies(r).get(name);
      return value === undefined ? undefined : { name, value };
    },
    getAll: () => [...requestCookies(r)].map(([name, value]) => ({ name, value })),
    has: (name: string) => requestCookies(r).has(name),
    set: (name: string, value: string, options: SetCookie["options"] = {}) => {
      r.set.set(name, { value, options });
    },
    delete: (name: string) => {
      r.set.set(name, { value: "", options: { maxAge: 0, path: "/" } });
    },
  };
}
