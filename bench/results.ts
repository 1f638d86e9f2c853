// Merges one benchmark's figures into bench/results/latest.json.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

const file = path.join(process.cwd(), "bench", "results", "latest.json");

export async function recordResult(key: string, figures: unknown) {
  await mkdir(path.dirname(file), { recursive: true });
  let current: Record<string, unknown> = {};
  try {
    current = JSON.parse(await readFile(file, "utf8"));
  } catch {
    // first run
  }
  current[key] = figures;
  current.recordedAt = new Date().toISOString();
  await writeFile(file, JSON.stringify(current, null, 2) + "\n");
}
