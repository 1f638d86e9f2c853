// A looping stick figure that shows an exercise's movement (lib/figures): inline SVG, animated by
// SVG's own <animate> (no library), in brand teal on a soft disc. Under
// prefers-reduced-motion the animated copy is hidden by CSS and a still frame shows instead. SMIL
// runs on the main thread (style, layout and paint every frame), so `moving={false}` draws only the
// still frame: the guided break moves its figure only while the break runs.
// Decorative (aria-hidden): the exercise's name is always written next to it.
import { useId, useLayoutEffect, useRef } from "react";
import { figurePatternFor } from "@/lib/figures/map";
import {
  DESK_TOP,
  PATTERNS,
  samplePattern,
  type FigurePattern,
  type PatternSpec,
  type SampledPattern,
} from "@/lib/figures/patterns";
import { VIEW, type FigureFrame, type Point } from "@/lib/figures/rig";

const sampled = new Map<FigurePattern, SampledPattern>();
function framesOf(pattern: FigurePattern): SampledPattern {
  let s = sampled.get(pattern);
  if (!s) sampled.set(pattern, (s = samplePattern(PATTERNS[pattern])));
  return s;
}

const r1 = (n: number) => Math.round(n * 10) / 10;
const pts = (p: readonly Point[]) => p.map(([x, y]) => `${r1(x)},${r1(y)}`).join(" ");

type Part = "b" | "lb" | "band" | "spine" | "la" | "a";

function partPoints(f: FigureFrame, part: Part, spec: PatternSpec): Point[] {
  if (part !== "band") return f[part];
  const [from, to] = spec.band!;
  return [f[from].at(-1)!, f[to].at(-1)!];
}

const LINE = { fill: "none", stroke: "currentColor", strokeLinecap: "round", strokeLinejoin: "round" } as const;

function Body({
  spec,
  s,
  frames,
  times,
  repeat = "indefinite",
}: {
  spec: PatternSpec;
  s: SampledPattern;
  frames: FigureFrame[];
  times: number[] | null;
  repeat?: string;
}) {
  const first = frames[0]!;
  const keyTimes = times?.map((t) => Math.round(t * 1000) / 1000).join(";");
  const animate = (attributeName: string, values: string[]) =>
    times ? (
      <animate
        attributeName={attributeName}
        values={values.join(";")}
        keyTimes={keyTimes}
        dur={`${spec.dur}s`}
        repeatCount={repeat}
      />
    ) : null;
  const line = (part: Part, extra: Record<string, unknown> = {}) => (
    <polyline key={part} points={pts(partPoints(first, part, spec))} {...LINE} strokeWidth={5} {...extra}>
      {animate(
        "points",
        frames.map((f) => pts(partPoints(f, part, spec))),
      )}
    </polyline>
  );
  // In a side view the far arm and leg are paler, for depth.
  const far = spec.view === "side" ? { strokeOpacity: 0.4 } : {};
  const legs = spec.base !== "desk";
  const breathing = frames.some((f) => f.pulse > 0);
  return (
    <>
      {breathing && (
        <circle
          cx={r1(first.chest[0])}
          cy={r1(first.chest[1])}
          r={r1(first.pulse)}
          fill="currentColor"
          fillOpacity={0.25}
        >
          {animate(
            "r",
            frames.map((f) => String(r1(f.pulse))),
          )}
        </circle>
      )}
      {legs && line("lb", far)}
      {line("b", far)}
      {spec.band && line("band", { strokeWidth: 2.5, strokeOpacity: 0.6 })}
      {line("spine")}
      {legs && line("la")}
      {line("a")}
      <circle cx={r1(first.head[0])} cy={r1(first.head[1])} r={r1(s.headR)} fill="currentColor">
        {animate(
          "cx",
          frames.map((f) => String(r1(f.head[0]))),
        )}
        {animate(
          "cy",
          frames.map((f) => String(r1(f.head[1]))),
        )}
      </circle>
    </>
  );
}

const OPEN_EYE = "M20 60Q60 24 100 60Q60 96 20 60Z";
const SHUT_EYE = "M20 60Q60 58 100 60Q60 64 20 60Z";

/** The eye exercises: one eye looking around, and a slow blink. */
function Eye({ animated, clipId, repeat = "indefinite" }: { animated: boolean; clipId: string; repeat?: string }) {
  const dur = "6s";
  const lid = animated ? (
    <animate
      attributeName="d"
      values={`${OPEN_EYE};${OPEN_EYE};${SHUT_EYE};${OPEN_EYE};${OPEN_EYE}`}
      keyTimes="0;0.44;0.5;0.56;1"
      dur={dur}
      repeatCount={repeat}
    />
  ) : null;
  const look = "0;0.2;0.4;0.7;1";
  return (
    <>
      <clipPath id={clipId}>
        <path d={OPEN_EYE}>{lid}</path>
      </clipPath>
      <path d={OPEN_EYE} className="fill-card">
        {lid}
      </path>
      <g clipPath={`url(#${clipId})`}>
        <circle cx={60} cy={60} r={16} fill="currentColor">
          {animated && (
            <animate attributeName="cx" values="60;43;60;77;60" keyTimes={look} dur={dur} repeatCount={repeat} />
          )}
          {animated && (
            <animate attributeName="cy" values="60;55;60;55;60" keyTimes={look} dur={dur} repeatCount={repeat} />
          )}
        </circle>
      </g>
      <path d={OPEN_EYE} {...LINE} strokeWidth={4}>
        {lid}
      </path>
    </>
  );
}

/**
 * The exercise's figure, looping unless `moving` is false (a still frame under reduced motion), or
 * `loops` times each time `plays` goes up and then at rest on its first pose. Size it with `className`.
 */
export function ExerciseFigure({
  name,
  className,
  moving = true,
  loops,
  plays = 0,
}: {
  name: string;
  className?: string;
  moving?: boolean;
  loops?: number;
  /** With `loops`: how many times it was asked to play (0: still). */
  plays?: number;
}) {
  const repeat = loops ? String(loops) : "indefinite";
  const svg = useRef<SVGSVGElement>(null);
  // A `loops` figure stands still until asked (`plays` goes up), then runs its loops from the start.
  // SMIL runs on the main thread (style, layout, paint each frame): on the dashboard, a figure that
  // moved on its own, even after the page had gone idle, doubled the page's main-thread time.
  useLayoutEffect(() => {
    const el = svg.current;
    if (!loops || !moving || !el) return;
    if (!plays) return el.pauseAnimations();
    el.setCurrentTime(0);
    el.unpauseAnimations();
  }, [loops, moving, plays]);
  // Used in url(#...): letters, digits and dashes only.
  const id = `fig${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const pattern = figurePatternFor(name);
  const spec = PATTERNS[pattern];
  const s = pattern === "eyes" ? null : framesOf(pattern);
  const scenery = { ...LINE, strokeWidth: 3, strokeOpacity: 0.35 };
  return (
    <svg
      ref={svg}
      viewBox={`0 0 ${VIEW} ${VIEW}`}
      className={`shrink-0 text-primary ${className ?? ""}`}
      aria-hidden="true"
      focusable="false"
      data-figure={pattern}
    >
      <clipPath id={`${id}-disc`}>
        <circle cx={VIEW / 2} cy={VIEW / 2} r={VIEW / 2} />
      </clipPath>
      <circle cx={VIEW / 2} cy={VIEW / 2} r={VIEW / 2} className="fill-secondary" />
      <g clipPath={`url(#${id}-disc)`}>
        {s?.floor.length ? <polyline points={pts(s.floor)} {...scenery} strokeOpacity={0.2} /> : null}
        {s?.scenery.map((l, i) => (
          <polyline key={i} points={pts(l)} {...scenery} />
        ))}
        {/* The moving figure, and the still one shown instead when the user asks for less motion. */}
        {moving && (
          <g data-motion="animated" className="motion-reduce:hidden">
            {s ? (
              <Body spec={spec} s={s} frames={s.frames} times={s.times} repeat={repeat} />
            ) : (
              <Eye animated clipId={`${id}-a`} repeat={repeat} />
            )}
          </g>
        )}
        <g data-motion="still" className={moving ? "hidden motion-reduce:inline" : undefined}>
          {s ? <Body spec={spec} s={s} frames={[s.still]} times={null} /> : <Eye animated={false} clipId={`${id}-s`} />}
        </g>
        {s?.deskFront && (
          <>
            <rect x={0} y={DESK_TOP} width={VIEW} height={VIEW - DESK_TOP} fill="currentColor" fillOpacity={0.1} />
            <line x1={0} y1={DESK_TOP} x2={VIEW} y2={DESK_TOP} {...scenery} strokeWidth={4} strokeOpacity={0.45} />
          </>
        )}
      </g>
    </svg>
  );
}
