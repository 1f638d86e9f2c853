// Types for bench/lighthouse.mjs (the project type-checks bench/*.ts, which imports it).
export declare const LIGHTHOUSE_VERSION: string;

export interface LighthouseRoute {
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  speedIndexMs: number | null;
  finalUrl: string;
  failing: string[];
  performanceRuns: number[];
}

export type LighthouseResult =
  | ({ ran: true; version: string; formFactor: string; throttling: string; runsPerUrl: number; benchmarkIndex?: number; chromium?: string; warnings?: string[] } & Record<string, unknown>)
  | { ran: false; reason: string };

export declare const LIGHTHOUSE_ROUTES: { route: string; signedIn: boolean; maxBehindAnchor: number }[];

export declare function runLighthouse(options: { baseUrl: string; cookie: string; anchorUrl?: string; runs?: number }): LighthouseResult;
