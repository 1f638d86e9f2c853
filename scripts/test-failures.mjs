// The failed tests of a Vitest and a Playwright JSON report, one line each (file › name: first error
// line), for scripts/test.mjs to print just above its final count: CI keeps only a long log's tail.
import path from "node:path";

const firstLine = (text) =>
  String(text ?? "")
    .replace(/\x1b\[[0-9;]*m/g, "")
    .trim()
    .split("\n")[0]
    .slice(0, 300);

/** Vitest's report (`--reporter=json`); `root` makes its absolute file names relative. */
export function vitestFailures(report, root) {
  const out = [];
  for (const file of report?.testResults ?? []) {
    const name = path.relative(root, file.name ?? "");
    const tests = file.assertionResults ?? [];
    for (const t of tests)
      if (t.status === "failed") out.push(`${name} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    // A file that failed outside its tests (an import or hook error) has no failed test to name.
    if (file.status === "failed" && !tests.some((t) => t.status === "failed"))
      out.push(`${name}: ${firstLine(file.message)}`);
  }
  return out;
}

/** Playwright's report (`--reporter=json`): the tests it did not expect to end as they did. */
export function playwrightFailures(report) {
  const out = [];
  const walk = (suite, titles) => {
    const here = suite.title ? [...titles, suite.title] : titles; // the first title is the file's
    for (const child of suite.suites ?? []) walk(child, here);
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== "unexpected") continue;
        const error = (t.results ?? []).findLast((r) => r.error)?.error;
        out.push(
          `${spec.file}:${spec.line} › [${t.projectName}] ${[...here.slice(1), spec.title].join(" › ")}: ${firstLine(error?.message)}`,
        );
      }
    }
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return out;
}
