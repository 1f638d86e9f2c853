"use client";

// react-hook-form on a server action (./use-form-action): with scripts, the shared zod schema
// checks the values first (the resolver) and focuses the first field in error, and only a valid
// form is posted, as the same FormData the form posts without scripts; the server's field errors
// come back onto their fields, the first one focused. Without scripts, the server's render shows
// the values as they were sent and the field errors (useForm's initial `errors`). The schema is
// imported when first needed (lazyResolver), so zod is not in the page's first JavaScript.
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { useEffect, useMemo, useState, type FormEvent } from "react";
import {
  useForm,
  type DefaultValues,
  type FieldErrors as RhfErrors,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
  type UseFormProps,
} from "react-hook-form";
import type { FieldErrors, FormState } from "@/lib/actions/types";
import { submitGate } from "./submit-gate";
import { takeTypedEarly } from "./typed-early";
import { useFormAction, type FormAction } from "./use-form-action";

export { NETWORK_FAILURE } from "./use-form-action";

/** Field errors from an action as react-hook-form's errors object ("times.1" → { times: [, {…}] }). */
export function toFormErrors<V extends FieldValues>(fieldErrors: FieldErrors | undefined): RhfErrors<V> {
  const out: Record<string, unknown> = {};
  for (const [name, message] of Object.entries(fieldErrors ?? {})) {
    const parts = name.split(".");
    let node = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = { type: "server", message };
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out as RhfErrors<V>;
}

/** Loads a form's shared zod schema (a standard schema over the form's values). */
export type SchemaLoader<V> = () => Promise<StandardSchemaV1<V, unknown>>;

/**
 * react-hook-form's standard-schema resolver over a schema that is imported when first needed:
 * zod and the schemas stay out of the page's first JavaScript, and out of the work done while it
 * loads. They are fetched as soon as the user enters the form (`warm`, on its first focus), so a
 * first submit does not wait for them.
 */
export function lazyResolver<V extends FieldValues>(load: SchemaLoader<V>) {
  let ready: Promise<Resolver<V, unknown, unknown>> | undefined;
  const warm = () =>
    (ready ??= Promise.all([load(), import("@hookform/resolvers/standard-schema")]).then(
      ([schema, { standardSchemaResolver }]) => standardSchemaResolver(schema) as Resolver<V, unknown, unknown>,
    ));
  const resolver: Resolver<V, unknown, unknown> = async (values, context, options) =>
    (await warm())(values, context, options);
  return { resolver, warm };
}

export interface UseActionFormOptions<V extends FieldValues, S extends FormState<unknown, V>> {
  action: FormAction<S>;
  initialState: S;
  /** The shared zod schema, imported when needed: `() => import("…/schemas").then((m) => m.schema)`. */
  schema: SchemaLoader<V>;
  defaultValues: V;
  mode?: UseFormProps<V>["mode"];
  /** Runs once per answer from the action (not for the state a page was rendered with). */
  onResult?: (state: S) => void;
  /** Adjusts the values just before they are checked and sent (e.g. snapping times). */
  beforeSubmit?: () => void;
}

/** Runs `fn` once the browser has painted the current frame (at once in a hidden tab, which paints nothing). */
function afterNextPaint(fn: () => void) {
  if (document.visibilityState === "hidden") setTimeout(fn, 0);
  else requestAnimationFrame(() => setTimeout(fn, 0));
}

export function useActionForm<V extends FieldValues, S extends FormState<unknown, V>>({
  action,
  initialState,
  schema,
  defaultValues,
  // Checked on submit, then again on every change: checking on blur would show a message as the
  // pointer presses Submit, move the button and lose the click.
  mode = "onSubmit",
  onResult,
  beforeSubmit,
}: UseActionFormOptions<V, S>) {
  const posted = useFormAction(action, initialState, (next) => {
    if (next.ok === false && next.fieldErrors) {
      const entries = Object.entries(next.fieldErrors).filter(([name]) => name !== "root");
      entries.forEach(([name, message], i) =>
        form.setError(name as Path<V>, { type: "server", message }, { shouldFocus: i === 0 }),
      );
    }
    onResult?.(next);
  });
  const { rendered } = posted;
  const initialErrors = useMemo(
    () => (rendered.ok === false ? toFormErrors<V>(rendered.fieldErrors) : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the first render's state
    [],
  );
  const [{ resolver, warm }] = useState(() => lazyResolver(schema));
  const form = useForm<V, unknown, unknown>({
    resolver,
    // After a refused post (or a step of a multi-step form) the form shows what was sent; after an
    // accepted one, what the page read afresh.
    defaultValues: ((rendered.ok !== true && rendered.values) || defaultValues) as DefaultValues<V>,
    errors: initialErrors,
    mode,
    reValidateMode: "onChange",
    shouldFocusError: true,
  });

  // Typed before the scripts ran (React's hydration reset those inputs): put back, as if typed now.
  useEffect(() => {
    const isField = (name: string) => typeof form.getValues(name as Path<V>) === "string";
    for (const [name, value] of takeTypedEarly(isField))
      form.setValue(name as Path<V>, value as PathValue<V, Path<V>>, { shouldDirty: true });
  }, [form]);

  // The press is painted first: checking the values and re-rendering the form for the submit
  // takes several frames of a phone's CPU, which would otherwise hold the press's next paint.
  // A second press meanwhile is the same submit.
  const [press] = useState(() => submitGate(afterNextPaint));
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    press(posted.isSending(), () => {
      beforeSubmit?.();
      return form.handleSubmit(async () => {
        if (posted.formRef.current) await posted.send(new FormData(posted.formRef.current));
      })();
    });
  }

  return {
    form,
    /** The first field in error when the page was rendered after a refused post (focus it). */
    autoFocusField: rendered.ok === false ? Object.keys(rendered.fieldErrors ?? {})[0] : undefined,
    state: posted.state,
    pending: posted.pending,
    send: posted.send,
    reset: posted.reset,
    formRef: posted.formRef,
    /** Spread on the <form>: it posts to the action by itself until the scripts take over. */
    formProps: { ...posted.formProps, onSubmit, onFocus: () => void warm() },
  };
}
