// The reminder e-mail's figure image (lib/mail/figure-image.ts, served as a PNG by
// app/figures/[file]/route.tsx): every pattern draws as standalone SVG with the theme's colours.
import { describe, expect, it } from "vitest";
import { FIGURE_PATTERNS } from "@/lib/figures/patterns";
import { figureImagePath, figureSvg, isFigurePattern } from "@/lib/mail/figure-image";

describe("figure image", () => {
  it("draws every pattern as a disc with the figure, no CSS classes or currentColor", () => {
    for (const pattern of FIGURE_PATTERNS) {
      const svg = figureSvg(pattern);
      expect(svg, pattern).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 120 120"/);
      expect(svg, pattern).toContain('fill="#e4f1ed"'); // the disc
      expect(svg, pattern).toMatch(pattern === "eyes" ? /<path d="M20 60/ : /<polyline points="[\d., -]+"/);
      expect(svg, pattern).not.toMatch(/class=|currentColor|NaN|undefined/);
    }
  });

  it("draws the dark theme's copy in the dark theme's colours (a dark disc, the light teal figure)", () => {
    for (const pattern of FIGURE_PATTERNS) {
      const svg = figureSvg(pattern, "dark");
      expect(svg, pattern).toContain('fill="#1e332e"'); // the disc: the dark theme's --secondary
      expect(svg, pattern).toMatch(/stroke="#5cc6b9"/); // the figure: the dark theme's --primary
      expect(svg, pattern).not.toMatch(/#e4f1ed|#0e6f68|#ffffff/);
      // The same drawing as the light one, only recoloured.
      expect(svg.replace(/#[0-9a-f]{6}/g, ""), pattern).toBe(figureSvg(pattern).replace(/#[0-9a-f]{6}/g, ""));
    }
  });

  it("names the image by the exercise's pattern, and knows only real patterns", () => {
    expect(figureImagePath("Sit-to-Stand")).toBe("/figures/sit-to-stand.png");
    expect(figureImagePath("Something new")).toBe("/figures/stretch.png"); // the generic stretch
    expect(figureImagePath("Sit-to-Stand", "dark")).toBe("/figures/sit-to-stand.dark.png");
    expect(isFigurePattern("sit-to-stand")).toBe(true);
    expect(isFigurePattern("../etc/passwd")).toBe(false);
    expect(isFigurePattern("")).toBe(false);
  });
});
