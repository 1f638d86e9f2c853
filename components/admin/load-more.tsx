"use client";

import { useId } from "react";
import { buttonVariants } from "@/components/ui/classes";

// The small size's gap-1.5 replaces the base gap-2 (joined, not merged: no tailwind-merge here).
const loadMoreButton = buttonVariants({ variant: "outline", size: "sm" }).replace(" gap-2 ", " ");

export interface LoadMoreFooterProps {
  /** What is shown, e.g. "Showing 50 of 120 users" (announced politely when it changes). */
  summary: string;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onLoadMore: () => void;
  /** Names the list for screen readers, e.g. "users". */
  what: string;
}

/** The "Load more" button under a console table, with a count of the rows shown. */
export function LoadMoreFooter({ summary, hasMore, loading, failed, onLoadMore, what }: LoadMoreFooterProps) {
  const summaryId = useId();
  return (
    <div className="flex flex-col items-center gap-2 border-t px-2 pt-3 pb-1">
      <p id={summaryId} role="status" className="text-xs text-muted-foreground">
        {summary}
      </p>
      {failed && (
        <p role="alert" className="text-sm text-destructive">
          {`Could not load more ${what}. Please try again.`}
        </p>
      )}
      {hasMore && (
        <button
          type="button"
          data-slot="button"
          className={loadMoreButton}
          // aria-disabled, not disabled: a disabled button drops keyboard focus while the page loads.
          aria-disabled={loading || undefined}
          aria-describedby={summaryId}
          onClick={() => {
            if (!loading) onLoadMore();
          }}
        >
          {loading ? "Loading..." : "Load More"}
        </button>
      )}
    </div>
  );
}
