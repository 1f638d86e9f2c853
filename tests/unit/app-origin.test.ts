// The Origin rule of every state-changing call (lib/http.ts isAppOrigin): APP_URL's scheme, host
// and port exactly; loopback names alias each other only when APP_URL itself is this machine.
import { describe, expect, it } from "vitest";
import { isAppOrigin } from "@/lib/platform/http";

describe("isAppOrigin", () => {
  it("a public APP_URL: only its exact origin", () => {
    const app = "https://limber.example.com";
    expect(isAppOrigin("https://limber.example.com", app)).toBe(true);
    expect(isAppOrigin("https://limber.example.com", `${app}/`)).toBe(true);
    for (const other of [
      "http://limber.example.com",
      "https://limber.example.com:8443",
      "https://evil.example",
      "https://limber.example.com.evil.example",
      "https://localhost",
      "http://127.0.0.1",
      "null",
      "",
      "https://limber.example.com/",
    ]) {
      expect(isAppOrigin(other, app), other).toBe(false);
    }
  });

  it("an http APP_URL on a port: an https page of the same host does not pass", () => {
    expect(isAppOrigin("http://app.example:8080", "http://app.example:8080")).toBe(true);
    expect(isAppOrigin("https://app.example:8080", "http://app.example:8080")).toBe(false);
    expect(isAppOrigin("http://app.example", "http://app.example:8080")).toBe(false);
  });

  it("a loopback APP_URL: any loopback name with the same scheme and port", () => {
    const app = "http://localhost:3000";
    for (const ok of ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"])
      expect(isAppOrigin(ok, app), ok).toBe(true);
    for (const no of [
      "http://127.0.0.1:3001",
      "https://127.0.0.1:3000",
      "http://10.0.0.5:3000",
      "http://localhost.evil.example:3000",
      "http://127.0.0.1:3000/x",
    ]) {
      expect(isAppOrigin(no, app), no).toBe(false);
    }
  });
});
