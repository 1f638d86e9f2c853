import { ImageResponse } from "next/og";
import { NextResponse } from "next/server";
import { figureSvg, isFigurePattern } from "@/lib/mail/figure-image";

// The reminder e-mail's exercise figure as a PNG (/figures/<pattern>.png, and /figures/<pattern>.dark.png
// in the dark theme's colours for mail clients in dark mode): mail clients show no inline SVG and
// block data: images, so the e-mail links this public image. Drawn from the pattern's still picture
// at twice the e-mail's 72 px; the disc's corners are transparent.
const SIZE = 144;

export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  const [, pattern, dark] = /^([a-z0-9-]+)(\.dark)?\.png$/.exec((await params).file) ?? [];
  if (!pattern || !isFigurePattern(pattern)) return NextResponse.json({ message: "Not found" }, { status: 404 });
  const svg = figureSvg(pattern, dark ? "dark" : "light");
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
  return new ImageResponse(
    // eslint-disable-next-line @next/next/no-img-element -- rendered to a PNG by next/og, not a page
    <img src={src} width={SIZE} height={SIZE} alt="" />,
    { width: SIZE, height: SIZE, headers: { "cache-control": "public, max-age=86400" } },
  );
}
