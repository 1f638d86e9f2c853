import { useId, type ComponentProps, type ReactNode } from "react";
import { labelClasses } from "@/components/ui/label-classes";
import { Switch } from "@/components/ui/switch";

export interface SwitchRowProps extends Omit<ComponentProps<"input">, "type" | "role" | "id"> {
  label: string;
  /** One short line under the label, announced as the switch's description. */
  description: ReactNode;
}

/** Settings' one way to show an on/off setting: the label and its line, the switch at the row's end. */
export function SwitchRow({ label, description, ...input }: SwitchRowProps) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="grid min-w-0 gap-1">
        <label htmlFor={id} className={labelClasses}>
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch {...input} id={id} aria-describedby={`${id}-hint`} />
    </div>
  );
}
