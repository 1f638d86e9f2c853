"use client";

import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";

export interface ConsoleTab<T extends string> {
  value: T;
  label: string;
  /** Rendered only while the tab is active (as Radix Tabs did). */
  content: ReactNode;
}

export interface ConsoleTabsProps<T extends string> {
  value: T;
  onValueChange: (value: T) => void;
  tabs: ConsoleTab<T>[];
  "aria-label": string;
}

/**
 * The WAI-ARIA tabs pattern, without a library: a tablist whose tabs move focus and activate with
 * the arrow keys, Home and End (only the active tab is in the Tab order), and a focusable
 * tabpanel named by its tab.
 */
export function ConsoleTabs<T extends string>({
  value,
  onValueChange,
  tabs,
  "aria-label": label,
}: ConsoleTabsProps<T>) {
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (v: T) => `${id}-tab-${v}`;
  const panelId = (v: T) => `${id}-panel-${v}`;

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((t) => t.value === value);
    const last = tabs.length - 1;
    const next =
      e.key === "ArrowRight"
        ? (index + 1) % tabs.length
        : e.key === "ArrowLeft"
          ? (index - 1 + tabs.length) % tabs.length
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    const target = tabs[next]!.value;
    onValueChange(target);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(target))}`)?.focus();
  }

  const active = tabs.find((t) => t.value === value);
  return (
    <div className="flex flex-col gap-4">
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        className="inline-flex h-12 w-fit items-center justify-center rounded-lg bg-muted p-[3px] text-muted-foreground"
      >
        {tabs.map((t) => {
          const selected = t.value === value;
          return (
            <button
              key={t.value}
              type="button"
              role="tab"
              id={tabId(t.value)}
              aria-selected={selected}
              aria-controls={panelId(t.value)}
              data-state={selected ? "active" : "inactive"}
              tabIndex={selected ? 0 : -1}
              onClick={() => onValueChange(t.value)}
              className="inline-flex h-[calc(100%-1px)] flex-1 items-center justify-center gap-1.5 rounded-md border border-transparent px-3 py-1 text-sm font-medium whitespace-nowrap text-muted-foreground transition-[color,box-shadow] outline-hidden hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-muted data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm"
            >
              {t.label}
            </button>
          );
        })}
      </div>
      {active && (
        <div
          role="tabpanel"
          id={panelId(active.value)}
          aria-labelledby={tabId(active.value)}
          tabIndex={0}
          data-state="active"
          className="flex-1 rounded-md outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        >
          {active.content}
        </div>
      )}
    </div>
  );
}
