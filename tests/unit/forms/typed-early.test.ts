// The inline script and its reader, on a stand-in window (the unit project has no DOM): the script
// sees only `window`, `addEventListener` and `location`, which is all it uses.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TYPED_EARLY_SCRIPT, takeTypedEarly } from "@/components/forms/typed-early";

type Field = { name: string; type: string; value: string; form: object | null };
const g = globalThis as unknown as Record<string, unknown>;
let listener: ((e: { target: Field }) => void) | undefined;
const page = { pathname: "/welcome" };

beforeEach(() => {
  g.window = g;
  g.location = page;
  page.pathname = "/welcome";
  listener = undefined;
  new Function("window", "addEventListener", "location", TYPED_EARLY_SCRIPT)(
    g,
    (type: string, fn: typeof listener) => {
      if (type === "input") listener = fn;
    },
    page,
  );
});
afterEach(() => {
  delete g.window;
  delete g.location;
  delete g.__limberTyped;
});

const form = {};
function type(field: Omit<Field, "value" | "form"> & { form?: object | null }, value: string) {
  listener!({ target: { form, ...field, value } });
}

describe("values typed before hydration", () => {
  it("records the last value typed into each named text-like field of a form, and gives it back once", () => {
    type({ name: "times.0", type: "time" }, "07:45");
    type({ name: "times.0", type: "time" }, "07:50");
    type({ name: "notes", type: "textarea" }, "knees");
    type({ name: "agree", type: "checkbox" }, "on");
    type({ name: "", type: "text" }, "unnamed");
    type({ name: "loose", type: "text", form: null }, "not in a form");

    expect(takeTypedEarly(() => true)).toEqual([
      ["times.0", "07:50"],
      ["notes", "knees"],
    ]);
    // Taken once: a form met later gets nothing, and nothing more is recorded.
    type({ name: "times.0", type: "time" }, "08:00");
    expect(takeTypedEarly(() => true)).toEqual([]);
  });

  it("keeps only the form's own fields, typed on this page", () => {
    type({ name: "email", type: "email" }, "a@example.com");
    page.pathname = "/";
    type({ name: "code", type: "text" }, "123456");
    type({ name: "other", type: "text" }, "x");
    page.pathname = "/welcome";
    expect(takeTypedEarly((name) => name !== "other")).toEqual([["email", "a@example.com"]]);
  });

  it("gives nothing when the script never ran", () => {
    delete g.__limberTyped;
    expect(takeTypedEarly(() => true)).toEqual([]);
  });
});
