"use client";

// A moment of delight when the day's goal is reached or a streak milestone falls (what to show is
// decided by ./decide.ts): the card where it happens (the dashboard's All Done card, the break's
// finish card) plays a ring burst and confetti in the brand's colours, once per day and milestone
// (the log is kept in localStorage), and the words are announced once to screen readers. One
// celebration at a time: nothing floats over the page.
import { Flame, PartyPopper } from "lucide-react";
import { useEffect, useState, type CSSProperties } from "react";
import { createPortal } from "react-dom";
import {
  celebrationText,
  decideCelebration,
  parseCelebrationLog,
  recordCelebration,
  type Celebration,
  type DayProgress,
} from "@/components/celebrate/decide";
import styles from "./celebrate.module.css";

export const CELEBRATION_STORAGE_KEY = "limber:celebrated";

function readLog() {
  try {
    return parseCelebrationLog(localStorage.getItem(CELEBRATION_STORAGE_KEY));
  } catch {
    return {};
  }
}

function writeLog(log: ReturnType<typeof readLog>) {
  try {
    localStorage.setItem(CELEBRATION_STORAGE_KEY, JSON.stringify(log));
  } catch {
    // storage disabled: the moment may show again, nothing worse
  }
}

// Teal shades of the brand with one warm accent, bursting all round the badge.
const COLOURS = ["#0e6f68", "#14b8a6", "#5eead4", "#0f766e", "#f59e0b", "#99f6e4"];
const PIECES = Array.from({ length: 26 }, (_, i) => {
  const angle = ((360 * i) / 26 + (i % 3) * 7) * (Math.PI / 180);
  const dist = 90 + ((i * 53) % 110);
  return {
    dx: Math.round(Math.cos(angle) * dist * 1.5),
    dy: Math.round(Math.sin(angle) * dist),
    rot: ((i * 97) % 360) + 180,
    delay: (i % 4) * 40,
    colour: COLOURS[i % COLOURS.length]!,
  };
});

export function Burst({ kind }: { kind: Celebration["kind"] }) {
  const Icon = kind === "streak" ? Flame : PartyPopper;
  return (
    <span className="relative flex size-16 shrink-0 items-center justify-center">
      <svg viewBox="0 0 64 64" className="absolute inset-0 size-full text-primary" aria-hidden="true">
        <g className={styles.ray} stroke="currentColor" strokeWidth="3" strokeLinecap="round">
          {Array.from({ length: 8 }, (_, i) => {
            const a = (i * Math.PI) / 4;
            return (
              <line
                key={i}
                x1={32 + Math.cos(a) * 24}
                y1={32 + Math.sin(a) * 24}
                x2={32 + Math.cos(a) * 30}
                y2={32 + Math.sin(a) * 30}
              />
            );
          })}
        </g>
        <circle cx="32" cy="32" r="20" className="fill-secondary" />
        <circle cx="32" cy="32" r="20" fill="none" stroke="currentColor" strokeWidth="3" />
      </svg>
      <Icon className="relative size-7 text-primary" aria-hidden="true" />
    </span>
  );
}

/**
 * The moment to show for `day`, decided once the page is in the browser and recorded so it shows
 * once per day and milestone; `announcement` is its words for the live region.
 */
export function useCelebrationMoment(day: DayProgress) {
  const { completedToday, totalToday, streakCount, localDate } = day;
  const [mounted, setMounted] = useState(false);
  const [shown, setShown] = useState<Celebration | null>(null);
  const [announcement, setAnnouncement] = useState("");
  useEffect(() => setMounted(true), []);
  useEffect(() => {
    if (!mounted) return;
    const last = readLog();
    const next = decideCelebration({ completedToday, totalToday, streakCount, localDate }, last);
    if (!next) return;
    writeLog(recordCelebration(next, localDate, last));
    // The live region is already in the page (empty): filling it a frame later is announced.
    const id = requestAnimationFrame(() => {
      setShown(next);
      const { title, body } = celebrationText(next);
      setAnnouncement(`${title} ${body}`);
    });
    return () => cancelAnimationFrame(id);
  }, [mounted, completedToday, totalToday, streakCount, localDate]);
  return { mounted, shown, hide: () => setShown(null), announcement };
}

/** The moment's words for screen readers, in <body> from the first render so filling it is announced. */
export function CelebrationAnnouncer({ text, mounted }: { text: string; mounted: boolean }) {
  if (!mounted) return null;
  return createPortal(
    <div role="status" aria-live="polite" className="sr-only" data-testid="celebration-announcer">
      {text}
    </div>,
    document.body,
  );
}

/** The confetti burst, drawn inside a `relative` parent (none under reduced motion). */
export function Confetti() {
  return (
    <div className={styles.confetti} aria-hidden="true">
      {PIECES.map((p, i) => (
        <span
          key={i}
          className={styles.piece}
          style={
            {
              "--dx": `${p.dx}px`,
              "--dy": `${p.dy}px`,
              "--rot": `${p.rot}deg`,
              "--delay": `${p.delay}ms`,
              background: p.colour,
            } as CSSProperties
          }
        />
      ))}
    </div>
  );
}

/** The card's entrance (none under reduced motion). */
export const popClass = styles.card;

/** A number that ticks up into place once the card is in (an inline-block; none under reduced motion). */
export const tickClass = styles.tick;
