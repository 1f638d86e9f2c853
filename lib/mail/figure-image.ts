// An exercise figure's still picture as standalone SVG markup, for the reminder e-mail's image
// (app/figures/[file]/route.tsx turns it into a PNG: mail clients show no inline SVG). The same
// drawing as components/figures/exercise-figure.tsx's still frame (the page's reduced-motion
// picture), with a theme's colours written in instead of CSS classes: the light one, and the dark
// one for mail clients in dark mode (the e-mail swaps the two by its dark-mode stylesheet).
import { figurePatternFor } from "@/lib/figures/map";
import { DESK_TOP, FIGURE_PATTERNS, PATTERNS, samplePattern, type FigurePattern } from "@/lib/figures/patterns";
import { VIEW, type FigureFrame, type Point } from "@/lib/figures/rig";

export type FigureScheme = "light" | "dark";

/** Each theme's --primary (the figure), --secondary (the disc) and --card (the eye's white), from app/globals.css. */
const THEMES: Record<FigureScheme, { ink: string; disc: string; card: string }> = {
  light: { ink: "#0e6f68", disc: "#e4f1ed", card: "#ffffff" },
  dark: { ink: "#5cc6b9", disc: "#1e332e", card: "#172421" },
};

const r1 = (n: number) => Math.round(n * 10) / 10;
const pts = (p: readonly Point[]) => p.map(([x, y]) => `${r1(x)},${r1(y)}`).join(" ");

const OPEN_EYE = "M20 60Q60 24 100 60Q60 96 20 60Z";

export function isFigurePattern(name: string): name is FigurePattern {
  return (FIGURE_PATTERNS as readonly string[]).includes(name);
}

/** The path of an exercise's figure image under the app's URL (`<pattern>.png`, or `<pattern>.dark.png`). */
export function figureImagePath(exerciseName: string, scheme: FigureScheme = "light"): string {
  return `/figures/${figurePatternFor(exerciseName)}${scheme === "dark" ? ".dark" : ""}.png`;
}

/** The pattern's still picture: a disc with the figure (and its chair, desk or floor), in a theme's colours. */
export function figureSvg(pattern: FigurePattern, scheme: FigureScheme = "light"): string {
  const { ink, disc, card } = THEMES[scheme];
  const line = `fill="none" stroke="${ink}" stroke-linecap="round" stroke-linejoin="round"`;
  const polyline = (p: readonly Point[], attrs: string) => `<polyline points="${pts(p)}" ${line} ${attrs}/>`;
  const spec = PATTERNS[pattern];
  const half = VIEW / 2;
  const inner: string[] = [];
  if (pattern === "eyes") {
    inner.push(
      `<clipPath id="eye"><path d="${OPEN_EYE}"/></clipPath>`,
      `<path d="${OPEN_EYE}" fill="${card}"/>`,
      `<g clip-path="url(#eye)"><circle cx="60" cy="60" r="16" fill="${ink}"/></g>`,
      `<path d="${OPEN_EYE}" ${line} stroke-width="4"/>`,
    );
  } else {
    const s = samplePattern(spec);
    const f: FigureFrame = s.still;
    const scenery = `stroke-width="3"`;
    if (s.floor.length) inner.push(polyline(s.floor, `${scenery} stroke-opacity="0.2"`));
    for (const l of s.scenery) inner.push(polyline(l, `${scenery} stroke-opacity="0.35"`));
    const far = spec.view === "side" ? ` stroke-opacity="0.4"` : "";
    const legs = spec.base !== "desk";
    if (f.pulse > 0)
      inner.push(
        `<circle cx="${r1(f.chest[0])}" cy="${r1(f.chest[1])}" r="${r1(f.pulse)}" fill="${ink}" fill-opacity="0.25"/>`,
      );
    if (legs) inner.push(polyline(f.lb, `stroke-width="5"${far}`));
    inner.push(polyline(f.b, `stroke-width="5"${far}`));
    if (spec.band) {
      const [from, to] = spec.band;
      inner.push(polyline([f[from].at(-1)!, f[to].at(-1)!], `stroke-width="2.5" stroke-opacity="0.6"`));
    }
    inner.push(polyline(f.spine, `stroke-width="5"`));
    if (legs) inner.push(polyline(f.la, `stroke-width="5"`));
    inner.push(polyline(f.a, `stroke-width="5"`));
    inner.push(`<circle cx="${r1(f.head[0])}" cy="${r1(f.head[1])}" r="${r1(s.headR)}" fill="${ink}"/>`);
    if (s.deskFront)
      inner.push(
        `<rect x="0" y="${DESK_TOP}" width="${VIEW}" height="${VIEW - DESK_TOP}" fill="${ink}" fill-opacity="0.1"/>`,
        `<line x1="0" y1="${DESK_TOP}" x2="${VIEW}" y2="${DESK_TOP}" ${line} stroke-width="4" stroke-opacity="0.45"/>`,
      );
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${VIEW} ${VIEW}" width="${VIEW}" height="${VIEW}">` +
    `<clipPath id="disc"><circle cx="${half}" cy="${half}" r="${half}"/></clipPath>` +
    `<circle cx="${half}" cy="${half}" r="${half}" fill="${disc}"/>` +
    `<g clip-path="url(#disc)">${inner.join("")}</g></svg>`
  );
}
