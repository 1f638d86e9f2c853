"use client";

import { Check } from "lucide-react";
import { createContext, useContext, useId, type ReactNode, type Ref } from "react";
/** Joins class lists (these classes never conflict, so no merging is needed). */
const join = (...classes: (string | false | undefined)[]) => classes.filter(Boolean).join(" ");

interface OptionGroupState {
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  /** Given to the checked radio (the first one when none is): where the form puts the focus. */
  inputRef?: Ref<HTMLInputElement>;
  firstValue?: string;
}

const OptionGroupContext = createContext<OptionGroupState | null>(null);

export interface OptionGroupProps {
  /** The form field's name: the checked radio posts it (also before scripts run). */
  name?: string;
  value: string;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** The value of the first option, which takes `inputRef` when nothing is checked. */
  firstValue?: string;
  "aria-labelledby"?: string;
  "aria-describedby"?: string;
  className?: string;
  children: ReactNode;
}

/**
 * A group of native radio buttons (one `name`): the browser gives the arrow keys, Tab to the
 * checked option and Space, with no JavaScript library.
 */
export function OptionGroup({
  name,
  value,
  onValueChange,
  onBlur,
  inputRef,
  firstValue,
  className,
  children,
  ...aria
}: OptionGroupProps) {
  const generated = useId();
  return (
    <div role="radiogroup" {...aria} className={join("grid pt-0.5", className ?? "gap-3")}>
      <OptionGroupContext value={{ name: name ?? generated, value, onValueChange, onBlur, inputRef, firstValue }}>
        {children}
      </OptionGroupContext>
    </div>
  );
}

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
 * The checked tile's mark, shared with the day boxes (day-selector.tsx), shown by CSS alone
 * (`group-has-checked/option`), so also before scripts run. It never moves its label (when it took
 * room above the label only once chosen, the label jumped down under the finger): a tile wears it
 * on its top border, a day box (of fixed height) keeps its room while it is hidden.
 */
export const SELECTED_CHECK = "shrink-0 items-center justify-center rounded-full";

/**
 * A radio drawn as a compact, centred, fully clickable tile (≥48 px tall), so three fit side by
 * side on a phone; Settings and onboarding draw every choice this way. The checked one is
 * unmistakable in both themes: a 2 px primary border (6:1 against the card in light, 7.8:1 in
 * dark), a primary tint (the text on it 12:1 or more, its second line 5:1 or more) and a check
 * on its top border. The name is only the label, so "5 minutes" / "Low" / "1" stay exact; the
 * description is linked with aria-describedby. Must be rendered inside an OptionGroup.
 */
export function OptionRadio({ value, label, description, className, labelClassName }: OptionRadioProps) {
  const group = useContext(OptionGroupContext);
  if (!group) throw new Error("OptionRadio must be rendered inside an OptionGroup");
  const id = useId();
  const labelId = `${id}-label`;
  const descId = `${id}-desc`;
  return (
    <label
      htmlFor={id}
      className={join(
        "group/option relative flex min-h-12 cursor-pointer flex-col items-center justify-center gap-0.5 rounded-lg border bg-card px-2 pt-2.5 pb-1.5 text-center transition-colors hover:bg-muted",
        "has-checked:border-primary has-checked:bg-primary/12 has-checked:inset-ring-1 has-checked:inset-ring-primary dark:has-checked:bg-primary/20",
        "has-focus-visible:ring-2 has-focus-visible:ring-ring has-focus-visible:ring-offset-2 has-focus-visible:ring-offset-background",
        className,
      )}
    >
      {/* The native radio covers the tile, unseen: it keeps the keys, the form post and the name. */}
      <input
        type="radio"
        id={id}
        ref={group.value === value || (group.value === "" && group.firstValue === value) ? group.inputRef : undefined}
        name={group.name}
        value={value}
        checked={group.value === value}
        onChange={() => group.onValueChange(value)}
        onBlur={group.onBlur}
        aria-labelledby={labelId}
        aria-describedby={description ? descId : undefined}
        className="absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-lg opacity-0 outline-hidden"
      />
      <span
        aria-hidden="true"
        data-check
        className={`${SELECTED_CHECK} absolute -top-[7px] left-1/2 hidden size-3.5 -translate-x-1/2 bg-primary text-primary-foreground ring-2 ring-card group-has-checked/option:flex`}
      >
        <Check className="size-2.5" strokeWidth={4} />
      </span>
      <span id={labelId} className={join("leading-tight font-medium", labelClassName ?? "text-sm")}>
        {label}
      </span>
      {description && (
        <span id={descId} className="text-xs leading-tight text-muted-foreground">
          {description}
        </span>
      )}
    </label>
  );
}
