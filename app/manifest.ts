import type { MetadataRoute } from "next";
import { PRODUCT_NAME } from "@/lib/brand";

// The web app manifest (/manifest.webmanifest): what makes Limber installable. Colours are the
// palette's (app/globals.css: --primary, --background); the icons are drawn from the logo by
// scripts/make-icons.mjs. The theme colour is also the root layout's (viewport.themeColor).
const THEME_COLOR = "#0e6f68";
const BACKGROUND_COLOR = "#fbfdfc";

export default function manifest(): MetadataRoute.Manifest {
  return {
    id: "/dashboard",
    name: PRODUCT_NAME,
    short_name: PRODUCT_NAME,
    description: "Short movement breaks on your schedule, with a guided timer. Free, no ads.",
    start_url: "/dashboard",
    scope: "/",
    display: "standalone",
    background_color: BACKGROUND_COLOR,
    theme_color: THEME_COLOR,
    lang: "en",
    categories: ["health", "fitness", "productivity"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
