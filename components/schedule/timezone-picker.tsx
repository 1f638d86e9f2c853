"use client";

// A searchable time zone picker (an editable ARIA combobox with a listbox): the spec's 20 zones
// first, then every zone the browser knows, each with its current UTC offset. Zones are shown by
// name ("New York (Eastern Time, UTC−5)", "UTC+05:00" for Etc/GMT-5: zone-label.ts); the form's
// value stays the IANA id. Type a city, a region, a zone's name or an offset ("madrid", "eastern",
// "+5:30"); arrows move, Enter picks, Escape closes. Until scripts run the input itself carries the
// zone's id (`name`), so the form posts it before scripts run too (a typed zone is then checked by
// the server); once they run, a hidden input carries the id and the text field shows its name. Offsets are worked out in idle time once the pointer or the focus
// reaches the field: some 400 zones take ~100 ms of a laptop's CPU (~400 ms on a mid-range phone),
// which must not sit in the page's load nor in the first keystroke.
import { Check, ChevronsUpDown } from "lucide-react";
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type Ref } from "react";
import { useHydrated } from "@/components/providers/use-hydrated";
import { inputClasses } from "@/components/ui/input-classes";
import { OFFERED_TIMEZONES } from "@/lib/schedule/constants";
import { searchZones, zoneIds, zoneOption, type ZoneOption } from "@/lib/schedule/zones";
import { zoneLabel, zoneParts, type ZoneParts } from "./zone-label";

/** A zone as the list shows it: its name's parts and full label, both searchable too. */
interface PickerOption extends ZoneOption {
  parts: ZoneParts;
  label: string;
}

function pickerOption(id: string, at: Date): PickerOption {
  const option = zoneOption(id, at);
  const parts = zoneParts(id, at);
  const label = zoneLabel(id, at);
  return { ...option, parts, label, search: `${option.search} ${label.toLowerCase()}` };
}

/**
 * All options, computed in idle slices (each well under a frame) once the user shows interest in
 * the field (`wanted`: pointer over it or focus in it), not while the page loads. Until they are
 * ready, an open list offers the common zones (a few milliseconds); typing finishes whatever is
 * left at once, since a search must see every zone.
 */
function useZoneOptions(wanted: boolean, open: boolean) {
  const [options, setOptions] = useState<PickerOption[] | null>(null);
  const progress = useRef<{ ids: string[]; at: Date; out: PickerOption[] } | null>(null);
  const step = useCallback((count: number) => {
    progress.current ??= { ids: zoneIds(), at: new Date(), out: [] };
    const { ids, at, out } = progress.current;
    const end = Math.min(ids.length, out.length + count);
    for (let i = out.length; i < end; i++) out.push(pickerOption(ids[i]!, at));
    if (out.length < ids.length) return false;
    setOptions(out);
    return true;
  }, []);
  useEffect(() => {
    if (!wanted || options) return;
    let cancelled = false;
    const idle: (cb: () => void) => void =
      typeof window.requestIdleCallback === "function"
        ? (cb) => window.requestIdleCallback(cb, { timeout: 500 })
        : (cb) => setTimeout(cb, 16);
    const slice = () => {
      // Three formatters a zone (offset, name, short offset): 20 zones keep a slice well under a frame.
      if (!cancelled && !step(20)) idle(slice);
    };
    idle(slice);
    return () => {
      cancelled = true;
    };
  }, [wanted, options, step]);
  const common = useMemo(() => {
    if (!open || options) return null;
    const at = new Date();
    return OFFERED_TIMEZONES.map((id) => pickerOption(id, at));
  }, [open, options]);
  const finish = useCallback(() => void (options || step(Infinity)), [options, step]);
  return { options: options ?? common ?? [], complete: options !== null, finish };
}

export interface TimezonePickerProps {
  id?: string;
  name: string;
  value: string;
  onChange: (timezone: string) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
}

export function TimezonePicker({ id, name, value, onChange, onBlur, ref, ...aria }: TimezonePickerProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null); // null: not editing, the input shows `value`
  const [activeIndex, setActiveIndex] = useState(0);
  const [wanted, setWanted] = useState(false);
  const { options, complete, finish } = useZoneOptions(wanted, open);
  const listRef = useRef<HTMLUListElement>(null);
  // The zone's name needs the browser's time zone data: the id until hydrated (as the server drew it).
  const hydrated = useHydrated();
  const shown = useMemo(() => (hydrated ? zoneLabel(value) : value), [hydrated, value]);

  // In the order shown: the common zones, then all others (each part in search rank order). The
  // chosen zone's own option is added only while the list is open: working out its offset builds
  // the page's first Intl formatter, which must not sit in the page's load.
  const results = useMemo(() => {
    const all =
      !open || !value || options.some((o) => o.id === value) ? options : [pickerOption(value, new Date()), ...options];
    const found = searchZones(all, query ?? "") as PickerOption[]; // the same objects, filtered and ranked
    return [...found.filter((o) => o.common), ...found.filter((o) => !o.common)];
  }, [options, query, value, open]);

  // Keep the active option in view while arrowing through the list.
  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`)?.scrollIntoView({ block: "nearest" });
  }, [activeIndex, open]);

  function openList() {
    setOpen(true);
    const at = results.findIndex((o) => o.id === value);
    setActiveIndex(at >= 0 && query === null ? at : 0);
  }

  function close() {
    setOpen(false);
    setQuery(null);
  }

  function pick(option: PickerOption | undefined) {
    if (option) onChange(option.id);
    close();
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!open) return openList();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActiveIndex((i) => Math.min(Math.max(i + step, 0), Math.max(results.length - 1, 0)));
    } else if (e.key === "Enter" && open) {
      e.preventDefault(); // picks the zone; does not submit the form
      pick(results[activeIndex]);
    } else if (e.key === "Escape" && open) {
      e.preventDefault();
      close();
    } else if ((e.key === "Home" || e.key === "End") && open && query === null) {
      e.preventDefault();
      setActiveIndex(e.key === "Home" ? 0 : results.length - 1);
    }
  }

  const active = open ? results[activeIndex] : undefined;
  const commonCount = results.findIndex((o) => !o.common) < 0 ? results.length : results.findIndex((o) => !o.common);
  const common = results.slice(0, commonCount);
  const rest = results.slice(commonCount);

  function renderOption(o: PickerOption, index: number) {
    const selected = o.id === value;
    // UTC and fixed offsets are named by their offset already.
    const offsetShown = !o.parts.place.startsWith("UTC");
    return (
      <li
        key={o.id}
        id={`${listId}-${index}`}
        role="option"
        aria-selected={selected}
        aria-label={o.label}
        data-index={index}
        data-active={index === activeIndex || undefined}
        // Keeps the focus in the input while the option is clicked.
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => pick(o)}
        onMouseMove={() => setActiveIndex(index)}
        className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 text-sm data-[active]:bg-accent data-[active]:text-accent-foreground"
      >
        <Check className={`size-4 shrink-0 ${selected ? "text-primary" : "invisible"}`} aria-hidden="true" />
        <span className="grid min-w-0 flex-1">
          <span className="truncate">{o.parts.place}</span>
          {o.parts.generic && <span className="truncate text-xs text-muted-foreground">{o.parts.generic}</span>}
        </span>
        {offsetShown && <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{o.offset}</span>}
      </li>
    );
  }

  return (
    <div className="relative">
      {hydrated && <input type="hidden" name={name} value={value} />}
      <input
        ref={ref}
        id={id}
        name={hydrated ? undefined : name}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={active ? `${listId}-${activeIndex}` : undefined}
        autoComplete="off"
        spellCheck={false}
        // A long name ("Tokyo (Japan Standard Time, UTC+9)" at 375 px) ends in an ellipsis, not mid-letter.
        className={`${inputClasses} pr-9 text-ellipsis`}
        value={query ?? shown}
        placeholder="Search a city or an offset"
        onChange={(e) => {
          finish();
          setQuery(e.target.value);
          setOpen(true);
          setActiveIndex(0);
        }}
        // Typing replaces the zone shown rather than adding to it.
        onFocus={(e) => {
          e.currentTarget.select();
          setWanted(true);
        }}
        onPointerEnter={() => setWanted(true)}
        onClick={() => (open ? close() : openList())}
        onKeyDown={onKeyDown}
        onBlur={() => {
          // A zone typed in full counts as picked; anything else goes back to the chosen zone.
          const typed = query?.trim().toLowerCase().replace(/ /g, "_");
          const exact = typed ? options.find((o) => o.id.toLowerCase() === typed) : undefined;
          if (exact) onChange(exact.id);
          close();
          onBlur?.();
        }}
        {...aria}
      />
      <ChevronsUpDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label="Time zones"
        hidden={!open}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
      >
        {open && complete && results.length === 0 && (
          <li className="px-2 py-2 text-sm text-muted-foreground">No time zone matches “{query}”.</li>
        )}
        {open && common.length > 0 && (
          <li role="presentation">
            <div className="px-2 pt-1 pb-1 text-xs font-medium text-muted-foreground" aria-hidden="true">
              Common
            </div>
            <ul role="group" aria-label="Common time zones">
              {common.map((o, i) => renderOption(o, i))}
            </ul>
          </li>
        )}
        {open && rest.length > 0 && (
          <li role="presentation">
            <div className="px-2 pt-2 pb-1 text-xs font-medium text-muted-foreground" aria-hidden="true">
              All time zones
            </div>
            <ul role="group" aria-label="All time zones">
              {rest.map((o, i) => renderOption(o, commonCount + i))}
            </ul>
          </li>
        )}
        {open && !complete && (
          <li role="presentation" className="px-2 py-2 text-sm text-muted-foreground">
            Loading all time zones...
          </li>
        )}
      </ul>
    </div>
  );
}
