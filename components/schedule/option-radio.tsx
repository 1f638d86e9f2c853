"use client";

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
    <div role="radiogroup" {...aria} className={join("grid", className ?? "gap-3")}>
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
  /**
   * "row" (the default): the radio's dot, then the label and description. "tile": a compact,
   * centred choice without the dot (its border and fill show the checked one, as the day boxes
   * do), so three fit side by side on a phone.
   */
  variant?: "row" | "tile";
}

/**
 * A radio drawn as a bordered, fully clickable option (≥48 px tall). The name is only the label,
 * so "5 minutes" / "Low" / "1" stay exact; the description is linked with aria-describedby.
 * Must be rendered inside an OptionGroup.
 */
export function OptionRadio({
  value,
  label,
  description,
  className,
  labelClassName,
  variant = "row",
}: OptionRadioProps) {
  const group = useContext(OptionGroupContext);
  if (!group) throw new Error("OptionRadio must be rendered inside an OptionGroup");
  const id = useId();
  const labelId = `${id}-label`;
  const descId = `${id}-desc`;
  const inputProps = {
    type: "radio",
    id,
    ref: group.value === value || (group.value === "" && group.firstValue === value) ? group.inputRef : undefined,
    name: group.name,
    value,
    checked: group.value === value,
    onChange: () => group.onValueChange(value),
    onBlur: group.onBlur,
    "aria-labelledby": labelId,
    "aria-describedby": description ? descId : undefined,
  } as const;
  if (variant === "tile") {
    return (
      <label
        htmlFor={id}
        className={join(
          "relative flex min-h-12 cursor-pointer flex-col items-center justify-center gap-0.5 rounded-lg border bg-card px-2 py-2 text-center transition-colors hover:bg-muted",
          "has-checked:border-primary has-checked:bg-accent has-checked:text-accent-foreground",
          "has-focus-visible:ring-2 has-focus-visible:ring-ring has-focus-visible:ring-offset-2 has-focus-visible:ring-offset-background",
          className,
        )}
      >
        {/* The native radio covers the tile, unseen: it keeps the keys, the form post and the name. */}
        <input
          {...inputProps}
          className="absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-lg opacity-0 outline-hidden"
        />
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
  return (
    <label
      htmlFor={id}
      className={join(
        "flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border bg-card px-3 py-2.5 transition-colors hover:bg-muted",
        "has-checked:border-primary has-checked:bg-accent has-checked:text-accent-foreground",
        className,
      )}
    >
      <input
        {...inputProps}
        className={join(
          "relative m-0 size-5 shrink-0 cursor-pointer appearance-none rounded-full border border-input bg-card shadow-xs transition-colors outline-hidden",
          "focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
          // The checked dot (10 px, as before), drawn as a background: no extra element.
          "checked:border-primary checked:bg-[radial-gradient(circle,var(--color-primary)_0_4.5px,transparent_5px)]",
          "disabled:cursor-not-allowed disabled:opacity-50",
        )}
      />
      <span className="grid min-w-0 gap-0.5">
        <span id={labelId} className={join("leading-tight font-medium", labelClassName ?? "text-sm")}>
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
