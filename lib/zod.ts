// zod for modules that also run in the browser (shared schemas, client forms): import `z` from
// here, before any schema is built. The CSP has no 'unsafe-eval', and zod probes `new Function`
// as soon as it builds an object schema unless told it is jitless: the browser reports the blocked
// probe as a CSP violation (zod then interprets anyway). Browser only: on the server the setting
// would be process-wide and zod's compiled parsers are allowed there.
import { z } from "zod";

if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
