"use client";

import { lazy, Suspense, useEffect, useState } from "react";
import { onFirstToast } from "@/components/ui/toast";

// sonner and its styles come with the first toast: most page views never show one.
const LoadedToaster = lazy(() => import("./sonner"));

export function LazyToaster() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => onFirstToast(() => setNeeded(true)), []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <LoadedToaster />
    </Suspense>
  );
}
