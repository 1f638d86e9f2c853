import { describe, expect, it } from "vitest";
import { breakButton } from "@/components/breaks/break-classes";
import { buttonVariants } from "@/components/ui/classes";
import { cn } from "@/lib/utils";

describe("the guided break's button classes match <Button>'s", () => {
  const set = (s: string) => [...new Set(s.split(/\s+/).filter(Boolean))].sort();
  it.each([
    [
      "step",
      breakButton.step,
      cn(buttonVariants({ variant: "outline", className: "h-14 flex-col gap-0.5 text-sm lg:flex-row lg:gap-2" })),
    ],
    ["primary", breakButton.primary, cn(buttonVariants({ className: "h-14 text-base" }))],
    [
      "end",
      breakButton.end,
      cn(buttonVariants({ variant: "ghost", size: "sm", className: "ml-auto h-11 text-muted-foreground" })),
    ],
  ])("%s", (_name, written, merged) => {
    expect(set(written)).toEqual(set(merged));
  });
});
