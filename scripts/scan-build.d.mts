export interface ScanFinding {
  file: string;
  name: string;
  line: number;
  column: number;
  snippet: string;
}
export declare function analyzeChunk(code: string): {
  reads: { name: string; line: number; column: number; index: number }[];
  declares: Set<string>;
};
export declare function scanChunks(files: { name: string; code: string }[], extraGlobals?: string[]): ScanFinding[];
export declare function buildChunks(distDir: string): string[];
