#!/usr/bin/env node
// Draws the install and notification icons in public/icons/ from the logo itself
// (components/shell/logo.tsx: its figure, its corner radius) in the brand teal (--primary in
// app/globals.css), with the Chromium that Playwright drives. Run it after changing the logo:
//   node scripts/make-icons.mjs
import { readFileSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const logo = readFileSync(path.join(root, "components/shell/logo.tsx"), "utf8");
const css = readFileSync(path.join(root, "app/globals.css"), "utf8");

function pick(source, re, what) {
  const m = source.match(re);
  if (!m) throw new Error(`make-icons: could not find ${what}`);
  return m[1];
}
const teal = pick(css, /--primary:\s*(#[0-9a-fA-F]{6})/, "--primary in app/globals.css");
const radius = pick(logo, /<rect[^>]*\brx="([\d.]+)"/, "the logo's corner radius");
const d = pick(logo, /<path[\s\S]*?\bd="([^"]+)"/, "the logo's path");
const stroke = pick(logo, /strokeWidth="([\d.]+)"/, "the logo's stroke width");
const [cx, cy, r] = ["cx", "cy", "r"].map((a) =>
  pick(logo, new RegExp(`<circle[^>]*\\b${a}="([\\d.]+)"`), `the logo's circle ${a}`),
);

/** The figure, in the logo's 32-unit box, scaled by `s` around its centre. */
function figure(colour, s = 1) {
  const t = `translate(16 16) scale(${s}) translate(-16 -16)`;
  return (
    `<g transform="${t}"><path d="${d}" fill="none" stroke="${colour}" stroke-width="${stroke}" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour}"/></g>`
  );
}

const svg = (body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="100%" height="100%">${body}</svg>`;

// purpose "any": the logo as drawn in the app (rounded square, transparent corners).
const any = svg(`<rect width="32" height="32" rx="${radius}" fill="${teal}"/>${figure("#fff")}`);
// purpose "maskable": full bleed; the figure well inside the safe zone (a circle of 40 % radius).
const maskable = svg(`<rect width="32" height="32" fill="${teal}"/>${figure("#fff", 0.78)}`);
// iOS rounds the corners itself and shows transparency as black: full bleed, a little padding.
const apple = svg(`<rect width="32" height="32" fill="${teal}"/>${figure("#fff", 0.86)}`);
// Android's status-bar badge uses the alpha channel only: the figure alone, as large as it fits.
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="6 5.5 21 21" width="100%" height="100%">${figure("#fff")}</svg>`;

const icons = [
  { file: "icon-192.png", size: 192, svg: any },
  { file: "icon-512.png", size: 512, svg: any },
  { file: "icon-maskable-512.png", size: 512, svg: maskable },
  { file: "apple-touch-icon.png", size: 180, svg: apple },
  { file: "badge-96.png", size: 96, svg: badge },
];

const out = path.join(root, "public/icons");
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium" });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${icon.svg}`,
    );
    const png = await page.screenshot({
      omitBackground: true,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    writeFileSync(path.join(out, icon.file), png);
    console.log(`public/icons/${icon.file}: ${icon.size}x${icon.size}, ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
