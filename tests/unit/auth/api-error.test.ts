import { APIError } from "better-auth/api";
import { describe, expect, it } from "vitest";
import { isApiError } from "@/lib/auth/login";

describe("isApiError", () => {
  it("knows Better Auth's errors from another bundle's copy of the class, and nothing else", () => {
    // What a route handler's bundle throws, as a server action's bundle sees it: same name and shape, another class.
    class OtherBundleApiError extends Error {
      override name = "APIError";
      status = "BAD_REQUEST";
      body = { message: "Invalid OTP", code: "INVALID_OTP" };
    }
    expect(isApiError(new APIError("BAD_REQUEST", { message: "Invalid OTP" }))).toBe(true);
    expect(isApiError(new OtherBundleApiError("Invalid OTP"))).toBe(true);
    expect(isApiError(new Error("connection refused"))).toBe(false);
    expect(isApiError({ name: "APIError", status: 400, body: {} })).toBe(false);
  });
});
