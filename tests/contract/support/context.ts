// What the global setup hands to the test files (Vitest's provide/inject): one server for the run.
import { inject } from "vitest";

export interface ContractContext {
  /** The server's APP_URL: http://127.0.0.1:<port>. */
  baseUrl: string;
  /** The server's DATA_DIR (its outbox is `outbox/` inside). */
  dataDir: string;
  /** Where the calls are recorded and the server log is written. */
  runDir: string;
  /** The repository root and the build folder being tested (absolute). */
  root: string;
  distDir: string;
  /** The loopback push service the server may post to, and its "host:port" entry. */
  pushStubUrl: string;
  pushStubHost: string;
  /** The loopback calendar server (support/ics-stub.ts) the app may fetch over http: CALENDAR_FETCH_ALLOW. */
  icsStubUrl: string;
  cronSecret: string;
  adminCode: string;
  adminEmail: string;
  /** "postgres" when TEST_DATABASE_URL gave a throwaway database, else the embedded "pglite". */
  database: "postgres" | "pglite";
}

declare module "vitest" {
  export interface ProvidedContext {
    contract: ContractContext;
  }
}

export function contract(): ContractContext {
  return inject("contract");
}
