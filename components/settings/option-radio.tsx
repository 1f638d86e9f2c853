"use client";

import { useId, type ReactNode } from "react";
import { RadioGroupItem } from "@/components/ui/radio-group";
import { cn } from "@/lib/utils";

export interface OptionRadioProps {
  value: string;
  /** The radio's accessible name. */
  label: ReactNode;
  /** Extra text, announced as the radio's description. */
  description?: ReactNode;
  className?: string;
  labelClassName?: string;
}

/**
 * A radio drawn as a bordered, fully clickable option (≥48 px tall). The name is only the label,
 * so "5 minutes" / "Low" / "1" stay exact; the description is linked with aria-describedby.
 * Must be rendered inside a RadioGroup.
 */
export function OptionRadio({ value, label, description, className, labelClassName }: OptionRadioProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const descId = `${id}-desc`;
  return (
    <label
      htmlFor={id}
      className={cn(
        "flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border bg-card px-3 py-2.5 transition-colors hover:bg-muted",
        "has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent has-[[data-state=checked]]:text-accent-foreground",
        className,
      )}
    >
      <RadioGroupItem id={id} value={value} aria-labelledby={labelId} aria-describedby={description ? descId : undefined} />
      <span className="grid min-w-0 gap-0.5">
        <span id={labelId} className={cn("text-sm leading-tight font-medium", labelClassName)}>
          {label}
        </span>
        {description && (
          <span id={descId} className="text-sm leading-tight text-muted-foreground">
            {description}
          </span>
        )}
      </span>
    </label>
  );
}
