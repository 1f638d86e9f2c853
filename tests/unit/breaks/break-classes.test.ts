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
      cn(
        buttonVariants({
          variant: "outline",
          className: "h-16 flex-col gap-1 px-2 has-[>svg]:px-2 text-xs md:text-sm",
        }),
      ),
    ],
    ["primary", breakButton.primary, cn(buttonVariants({ className: "h-16 text-base" }))],
    [
      "end",
      breakButton.end,
      cn(
        buttonVariants({
          variant: "outline",
          size: "sm",
          className: "h-11 min-w-11 rounded-full px-3.5 has-[>svg]:px-3",
        }),
      ),
    ],
  ])("%s", (_name, written, merged) => {
    expect(set(written)).toEqual(set(merged));
  });
});
