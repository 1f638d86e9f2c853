"use client";

import * as React from "react";
import { Label as LabelPrimitive } from "radix-ui";

import { labelClasses } from "@/components/ui/classes";
import { cn } from "@/lib/utils";

function Label({ className, ...props }: React.ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      data-slot="label"
      className={cn(labelClasses, className)}
      {...props}
    />
  );
}

export { Label };
