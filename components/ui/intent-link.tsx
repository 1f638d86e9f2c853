"use client";

import Link from "next/link";
import { useState, type ComponentProps } from "react";

type Props = Omit<ComponentProps<typeof Link>, "prefetch">;

/**
 * `next/link` that prefetches its page when the user reaches for it (pointer over it, finger down,
 * keyboard focus) instead of as soon as it is on screen. Every page shows the tab bar, so viewport
 * prefetching fetched and wrote three or four pages into the router cache while the page itself was
 * still starting: on a phone-speed CPU one such write was a 650 ms task. A reach gives the fetch a
 * head start of 100 ms (touch) to a second or more (hover); the page it opens is dynamic anyway.
 */
export function IntentLink({ onPointerEnter, onTouchStart, onFocus, ...props }: Props) {
  const [reached, setReached] = useState(false);
  // Each reach marks the link, then runs the caller's own handler.
  const reach =
    <E,>(own?: (event: E) => void) =>
    (event: E) => {
      setReached(true);
      own?.(event);
    };
  return (
    <Link
      {...props}
      // null: Next's default prefetch, which starts once the link is (already) visible.
      prefetch={reached ? null : false}
      onPointerEnter={reach(onPointerEnter)}
      onTouchStart={reach(onTouchStart)}
      onFocus={reach(onFocus)}
    />
  );
}
