export function ProgressRing({ completed, total }: { completed: number; total: number }) {
  const done = Math.min(completed, total);
  const pct = total > 0 ? Math.round((done / total) * 100) : 0;
  const r = 52;
  const c = 2 * Math.PI * r;
  return (
    <div
      className="relative size-40"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      aria-label="Today's movement progress"
    >
      <svg viewBox="0 0 120 120" className="size-full -rotate-90" aria-hidden="true">
        <circle cx="60" cy="60" r={r} fill="none" strokeWidth="12" className="stroke-muted" />
        <circle
          cx="60"
          cy="60"
          r={r}
          fill="none"
          strokeWidth="12"
          strokeLinecap="round"
          className="stroke-primary motion-safe:transition-[stroke-dashoffset] motion-safe:duration-500"
          strokeDasharray={c}
          strokeDashoffset={c * (1 - pct / 100)}
        />
      </svg>
      <span className="absolute inset-0 flex items-center justify-center text-2xl font-bold">
        {pct >= 100 ? "Complete!" : `${pct}%`}
      </span>
    </div>
  );
}
