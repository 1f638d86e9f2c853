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
  mainThreadMs: number | null;
  mainThreadByGroup: Record<string, number>;
  /** Scripting plus parse/compile time by script file name (bootup-time). */
  scriptsMs: Record<string, number>;
  lcpElement: string | null;
  finalUrl: string;
  failing: string[];
  performanceRuns: number[];
}

export type LighthouseResult =
  | ({
      ran: true;
      version: string;
      formFactor: string;
      throttling: string;
      runsPerUrl: number;
      benchmarkIndex?: number;
      chromium?: string;
      warnings?: string[];
    } & Record<string, unknown>)
  | { ran: false; reason: string };

export declare const LIGHTHOUSE_ROUTES: { route: string; signedIn: boolean; maxBehindAnchor: number }[];

export declare const SCALED_TARGETS: {
  mainThreadFactor: number;
  tbtOverAnchorMs: number;
  lcpMs: number;
  scoreBehind: number;
};

export declare function scaledSlowdown(benchmarkIndex: number): number;

export declare function runLighthouse(options: {
  baseUrl: string;
  cookie: string;
  anchorUrl?: string;
  cpuSlowdown?: number;
  runs?: number;
}): LighthouseResult;

export declare function measurePage(options: {
  url: string;
  cookie?: string;
  cpuSlowdown?: number;
}): Omit<LighthouseRoute, "performanceRuns">;
