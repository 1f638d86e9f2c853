"use client";

// shadcn/ui's Form pattern over react-hook-form: Form (the provider), FormField (a Controller that
// names its item), FormItem, FormLabel, FormControl, FormDescription and FormMessage, which link
// the label, the hint and the error to the control (htmlFor, aria-describedby, aria-invalid).
// Written without Radix's Slot and tailwind-merge, so the login page stays light: FormControl
// passes its props to its one child element, and classes are joined, not merged.
import { cloneElement, createContext, isValidElement, use, useId, type ComponentProps, type ReactElement } from "react";
import {
  Controller,
  FormProvider,
  type ControllerProps,
  type FieldError,
  type FieldPath,
  type FieldValues,
  type FormProviderProps,
} from "react-hook-form";
import { labelClasses } from "./label-classes";

const join = (...classes: (string | false | null | undefined)[]) => classes.filter(Boolean).join(" ");

/** The field a page rendered after a refused post (without scripts) opens with the focus on. */
const AutoFocusContext = createContext<string | undefined>(undefined);

function Form<TFieldValues extends FieldValues, TContext = unknown, TTransformedValues = TFieldValues>({
  autoFocusField,
  ...props
}: FormProviderProps<TFieldValues, TContext, TTransformedValues> & { autoFocusField?: string }) {
  return (
    <AutoFocusContext value={autoFocusField}>
      <FormProvider {...props} />
    </AutoFocusContext>
  );
}

type FormFieldContextValue = { name: string; error: FieldError | undefined };
const FormFieldContext = createContext<FormFieldContextValue | null>(null);

/**
 * A Controller that hands its field's state (from its own subscription) to the label, control and
 * message below it: one subscription per field, not one per part (each a listener on every change
 * of the form's state, and work while a page hydrates).
 */
function FormField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>({ render, ...props }: ControllerProps<TFieldValues, TName, TTransformedValues>) {
  return (
    <Controller
      {...props}
      render={(args) => (
        <FormFieldContext value={{ name: props.name, error: args.fieldState.error }}>{render(args)}</FormFieldContext>
      )}
    />
  );
}

type FormItemContextValue = { id: string; described: boolean };
const FormItemContext = createContext<FormItemContextValue | null>(null);

const descriptionId = (itemId: string) => `${itemId}-form-item-description`;

/** The item (or field) around the caller; the form's parts only work inside both. */
function need<T>(value: T | null): T {
  if (!value) throw new Error("Form parts belong inside <FormField> and <FormItem>");
  return value;
}

/** The ids and state of the field around the caller. */
function useFormField() {
  const field = need(use(FormFieldContext));
  const item = need(use(FormItemContext));
  return {
    name: field.name,
    error: field.error,
    formItemId: `${item.id}-form-item`,
    formDescriptionId: descriptionId(item.id),
    formMessageId: `${item.id}-form-item-message`,
    described: item.described,
  };
}

/**
 * One field: label, control, hint and message. `described`: the item has a FormDescription, which
 * the control then names in aria-describedby (an id that names nothing would be reported).
 */
function FormItem({ className, described = false, ...props }: ComponentProps<"div"> & { described?: boolean }) {
  const id = useId();
  return (
    <FormItemContext value={{ id, described }}>
      <div data-slot="form-item" className={join("grid content-start gap-2", className)} {...props} />
    </FormItemContext>
  );
}

function FormLabel({ className, ...props }: ComponentProps<"label">) {
  const { error, formItemId } = useFormField();
  return (
    <label
      data-slot="form-label"
      data-error={!!error}
      className={join(labelClasses, "data-[error=true]:text-destructive", className)}
      htmlFor={formItemId}
      {...props}
    />
  );
}

/** Gives its one child the field's id, its description and message, and aria-invalid. */
function FormControl({ children }: { children: ReactElement<Record<string, unknown>> }) {
  const { error, formItemId, formDescriptionId, formMessageId, described, name } = useFormField();
  const autoFocus = use(AutoFocusContext) === name;
  if (!isValidElement(children)) return null;
  const own = children.props["aria-describedby"];
  const describedBy = [
    typeof own === "string" ? own : null,
    described ? formDescriptionId : null,
    error ? formMessageId : null,
  ]
    .filter(Boolean)
    .join(" ");
  return cloneElement(children, {
    id: formItemId,
    "data-slot": "form-control",
    "aria-describedby": describedBy || undefined,
    "aria-invalid": !!error || undefined,
    ...(autoFocus && { autoFocus: true }),
  });
}

/** Needs only its item's id: no subscription to the form's state (one less per described field). */
function FormDescription({ className, ...props }: ComponentProps<"p">) {
  const item = need(use(FormItemContext));
  return (
    <p
      data-slot="form-description"
      id={descriptionId(item.id)}
      className={join("text-sm text-muted-foreground", className)}
      {...props}
    />
  );
}

/** The field's error (or its children when there is none); renders nothing when both are empty. */
function FormMessage({ className, children, ...props }: ComponentProps<"p">) {
  const { error, formMessageId } = useFormField();
  const body = error ? String(error.message ?? "") : children;
  if (!body) return null;
  return (
    <p
      data-slot="form-message"
      id={formMessageId}
      className={join("text-sm font-medium text-destructive", className)}
      {...props}
    >
      {body}
    </p>
  );
}

export { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage, useFormField };
