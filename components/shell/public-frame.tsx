// The one frame of every page outside the signed-in app shell: login, /welcome, /email-test, /verify,
// /disclaimer, the 404, /owner-unlock and the pages an e-mail's links open (/done, /snooze, /skip,
// /unsubscribe). Server HTML only (no client code), so the login page stays light.
//
// The logo sits in a header row exactly where the app shell's does (same row width, padding and
// height at every breakpoint), so it never moves between pages, signed in or out; the page's
// column is centred below it, with the same top margin on every page.
import type { ReactNode } from "react";
import { Brand } from "./logo";

/**
 * The header row's box: shared with the app shell's top bar (components/shell/app-shell.tsx) and the
 * guided break's focus frame (focus-frame.tsx), so the logo is at the same x and y on every page at
 * every width.
 */
export const HEADER_ROW = "mx-auto flex h-14 w-full max-w-5xl items-center gap-6 px-4 md:h-16";

/**
 * The page's column. `card` is the one width of the card pages (a form or a message); `prose` the
 * privacy page's reading width; `wide` the guided break opened from an e-mail; `split` the login
 * page, whose pitch and card stand side by side from `lg`. All are one phone-wide column below `sm`.
 */
const COLUMNS = {
  card: "max-w-lg",
  prose: "max-w-2xl",
  wide: "max-w-3xl",
  split: "max-w-[62rem]", // the header row's inner width: the pitch starts under the logo
} as const;

export type PublicColumn = keyof typeof COLUMNS;

export function PublicFrame({
  children,
  column = "card",
  aside,
  home = "/",
}: {
  children: ReactNode;
  column?: PublicColumn;
  /** The header's right-hand side (a signed-in page's way out: Logout, Close, Console). */
  aside?: ReactNode;
  /**
   * Where the logo leads: the login screen (signed in, "/" is the dashboard); null on the login
   * screen itself, whose first Tab then reaches the e-mail field.
   */
  home?: string | null;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header data-frame="public" className={HEADER_ROW}>
        {home ? (
          <a href={home} className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            <Brand />
          </a>
        ) : (
          <Brand />
        )}
        {aside ? <div className="ml-auto flex items-center gap-2">{aside}</div> : null}
      </header>
      <main id="main" className="w-full flex-1 px-4 pt-6 pb-16 md:pt-10">
        <div className={`mx-auto w-full ${COLUMNS[column]}`}>{children}</div>
      </main>
    </div>
  );
}
