// The logo's box on a page, and the check that it is the same on several pages: the logo never
// moves from page to page (public-frame.spec.ts, console.spec.ts).
import type { Page } from "@playwright/test";
import { expect } from "@playwright/test";

export type Box = { x: number; y: number; width: number; height: number };

/** The box of the page's one logo, scrolled to the top. */
export async function logoBox(page: Page, path: string): Promise<Box> {
  const brand = page.locator("[data-brand]");
  await expect(brand, path).toHaveCount(1);
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await brand.boundingBox();
  expect(box, path).not.toBeNull();
  return box!;
}

/** Every page's logo box is the first page's, to a pixel. */
export function expectSameBox(boxes: Map<string, Box>) {
  const all = [...boxes];
  const [firstPath, first] = all[0]!;
  for (const [path, box] of all.slice(1))
    for (const key of ["x", "y", "width", "height"] as const)
      expect(
        Math.abs(box[key] - first[key]),
        `${path}: logo ${key} ${box[key]} vs ${first[key]} on ${firstPath}`,
      ).toBeLessThanOrEqual(1);
}
