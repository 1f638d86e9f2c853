import { describe, expect, it } from "vitest";
import { NETWORK_FAILURE } from "@/components/forms/use-form-action";
import { saveFailedText } from "@/components/settings/form-state";
import type { SaveSettingsState } from "@/lib/actions/save-settings";

/** A refused or failed save as the settings form receives it. */
const failed = (status: number, fieldErrors?: Record<string, string>) =>
  ({ ok: false, status, code: "invalid_input", message: "", fieldErrors }) as unknown as SaveSettingsState;

// The Save bar after a save that did not go through: "Not saved." and what to do (the edits stay).
describe("the Save bar's 'Not saved.' line", () => {
  it("says nothing when the save went through or has not run", () => {
    expect(saveFailedText({})).toBe("");
    expect(saveFailedText({ ok: true, data: { changed: [], settings: {} as never } })).toBe("");
  });
  it("asks to check the connection when the server could not be reached", () => {
    expect(saveFailedText({ ...NETWORK_FAILURE } as unknown as SaveSettingsState)).toBe(
      "Check your connection, then try again.",
    );
  });
  it("points at the marked fields when the server refused some", () => {
    expect(saveFailedText(failed(400, { "times.0": "Required" }))).toBe("Fix the marked fields, then try again.");
  });
  it("asks to try again otherwise (rate limited, signed out, server error)", () => {
    expect(saveFailedText(failed(429))).toBe("Please try again.");
    expect(saveFailedText(failed(500, {}))).toBe("Please try again.");
  });
});
