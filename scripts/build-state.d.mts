export declare const BUILD_SOURCES: string[];
export declare function buildIsStale(root: string, distDir?: string): boolean;
