import { describe, expect, it } from "vitest";
import { playwrightFailures, vitestFailures } from "../../scripts/test-failures.mjs";

// Trimmed from real reports of Vitest 4 and Playwright (--reporter=json) on a failing test.
const vitest = {
  testResults: [
    {
      name: "/repo/tests/unit/a.test.ts",
      status: "failed",
      message: "",
      assertionResults: [
        {
          fullName: "tmp fails",
          status: "failed",
          failureMessages: [
            "\u001b[31mAssertionError: expected 2 to be 3\u001b[39m // Object.is equality\n    at a.test.ts:2:40",
          ],
        },
        { fullName: "tmp passes", status: "passed", failureMessages: [] },
      ],
    },
    {
      name: "/repo/tests/integration/b.test.ts",
      status: "failed",
      message: "Error: Cannot find module '@/lib/gone'\nRequire stack:",
      assertionResults: [],
    },
    {
      name: "/repo/tests/unit/c.test.ts",
      status: "passed",
      message: "",
      assertionResults: [{ fullName: "ok", status: "passed", failureMessages: [] }],
    },
  ],
};

const result = (status: string, message?: string) => ({ status, ...(message ? { error: { message } } : {}) });
const playwright = {
  suites: [
    {
      title: "x.spec.ts",
      file: "x.spec.ts",
      specs: [
        {
          title: "top level",
          file: "x.spec.ts",
          line: 4,
          tests: [{ projectName: "chromium", status: "expected", results: [result("passed")] }],
        },
      ],
      suites: [
        {
          title: "group",
          file: "x.spec.ts",
          specs: [
            {
              title: "fails here",
              file: "x.spec.ts",
              line: 9,
              tests: [
                {
                  projectName: "chromium",
                  status: "unexpected",
                  results: [
                    result("failed", "Error: first try"),
                    result("failed", "Error: \u001b[2mexpect(\u001b[22mreceived).toBe(expected)\n\nExpected: 3"),
                  ],
                },
              ],
            },
            {
              title: "flaky",
              file: "x.spec.ts",
              line: 12,
              tests: [
                {
                  projectName: "chromium",
                  status: "flaky",
                  results: [result("failed", "Error: once"), result("passed")],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

describe("the failed tests npm test names at the end", () => {
  it("names Vitest's failed tests, and a file that failed outside its tests, by relative path and first error line", () => {
    expect(vitestFailures(vitest, "/repo")).toEqual([
      "tests/unit/a.test.ts › tmp fails: AssertionError: expected 2 to be 3 // Object.is equality",
      "tests/integration/b.test.ts: Error: Cannot find module '@/lib/gone'",
    ]);
  });

  it("names Playwright's unexpected results with file, line, project and describe path, from the last try's error", () => {
    expect(playwrightFailures(playwright)).toEqual([
      "x.spec.ts:9 › [chromium] group › fails here: Error: expect(received).toBe(expected)",
    ]);
  });

  it("names nothing for a missing report or one with nothing failed", () => {
    expect(vitestFailures(null, "/repo")).toEqual([]);
    expect(playwrightFailures(undefined)).toEqual([]);
    expect(playwrightFailures({ suites: [{ title: "y.spec.ts", specs: [] }] })).toEqual([]);
  });
});
