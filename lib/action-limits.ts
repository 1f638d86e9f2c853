// The largest server-action body Limber accepts, shared by next.config.ts (Next.js's own limit) and
// proxy.ts (which answers 413 before Next.js reads the body). Limber's largest form (Settings) posts
// about 1 KB and a push subscription about 0.5 KB; Next.js's default is 1 MB.
export const ACTION_BODY_LIMIT_BYTES = 64 * 1024;
/** The same limit in Next.js's notation (`experimental.serverActions.bodySizeLimit`). */
export const ACTION_BODY_LIMIT = "64kb";
