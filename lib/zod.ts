// zod for schemas shared by the browser and the server (forms, their actions and route handlers):
// the mini build, so a form ships only the checks it uses. Import it as a namespace from here,
// `import * as z from "@/lib/zod"`, never from "zod/mini" directly: the CSP has no 'unsafe-eval',
// and zod probes `new Function` when it builds an object parser unless told it is jitless, which
// the browser reports as a CSP violation. On the server the setting would be process-wide, and
// zod's compiled parsers are allowed there. (A star re-export keeps the import tree-shaken: a
// namespace object handed on as a value would pull in all of zod, its locales included.)
import { config } from "zod/mini";

if (typeof window !== "undefined") config({ jitless: true });

export * from "zod/mini";
