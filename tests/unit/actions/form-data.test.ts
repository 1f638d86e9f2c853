import { describe, expect, it } from "vitest";
import { days, text, texts } from "@/lib/actions/form-data";

const file = () => new File(["x"], "x.txt", { type: "text/plain" });

describe("reading a posted form (a file where text belongs reads as empty)", () => {
  it("a file in a text field is empty", () => {
    const form = new FormData();
    form.set("token", file());
    expect(text(form, "token")).toBe("");
    expect(text(form, "missing")).toBe("");
  });

  it("a file among checkbox values is kept as empty, so the day it stands for is refused, not skipped", () => {
    const form = new FormData();
    form.append("activeDays", file());
    form.append("activeDays", "0");
    expect(texts(form, "activeDays")).toEqual(["", "0"]);
    // The fuzzer's case: [file, "0"] once read as [0], a valid Sunday-only schedule.
    const read = days(form, "activeDays");
    expect(read).toHaveLength(2);
    expect(read[0]).toBeNaN();
    expect(read[1]).toBe(0);
  });
});
