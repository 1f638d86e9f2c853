import { Check } from "lucide-react";

// The ring's geometry in its 120-unit viewBox. The label sits in the hole inside the stroke (the
// box inset by 60 - (R - STROKE / 2) = 14 units, 11.667 %), so it can never run over the ring: at
// 100 % a check and "Complete!" in a size that fits the hole (the ring is 8 rem: 6.1 rem of hole).
const R = 52;
const STROKE = 12;

export function ProgressRing({ completed, total }: { completed: number; total: number }) {
  const done = Math.min(completed, total);
  const pct = total > 0 ? Math.round((done / total) * 100) : 0;
  const c = 2 * Math.PI * R;
  const complete = pct >= 100;
  return (
    <div
      className="relative size-32 shrink-0"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      aria-valuetext={complete ? "Complete" : `${pct}%`}
      aria-label="Today's movement progress"
    >
      <svg viewBox="0 0 120 120" className="size-full -rotate-90" aria-hidden="true">
        {/* The track in dark mode: the brand's tint (the muted grey was nearly the card's own colour). */}
        <circle
          cx="60"
          cy="60"
          r={R}
          fill="none"
          strokeWidth={STROKE}
          className="stroke-muted dark:stroke-primary/25"
        />
        {/* A count made while the page is open fills the ring to its new value (under reduced motion
            it takes its value at once); the page's first paint has its value already, so no motion then. */}
        <circle
          data-testid="ring-fill"
          cx="60"
          cy="60"
          r={R}
          fill="none"
          strokeWidth={STROKE}
          strokeLinecap="round"
          className="stroke-primary motion-safe:transition-[stroke-dashoffset] motion-safe:duration-500"
          strokeDasharray={c}
          strokeDashoffset={c * (1 - pct / 100)}
        />
      </svg>
      <div data-testid="ring-hole" className="absolute inset-[11.667%] flex items-center justify-center rounded-full">
        {complete ? (
          <span className="flex flex-col items-center gap-0.5 text-primary">
            <Check className="size-5" strokeWidth={3} aria-hidden="true" />
            <span className="text-sm leading-tight font-bold">Complete!</span>
          </span>
        ) : (
          <span className="text-2xl font-bold tabular-nums">{`${pct}%`}</span>
        )}
      </div>
    </div>
  );
}
