export declare function listTs(dir: string): string[];
export declare function folderOf(rel: string): string;
export declare function importsOfLib(): { from: string; to: string }[];
export declare function folderGraph(edges?: { from: string; to: string }[]): Record<string, Record<string, number>>;
export declare function mutualPairs(graph: Record<string, Record<string, number>>): [string, string][];
