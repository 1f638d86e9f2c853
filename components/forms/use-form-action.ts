"use client";

// A <form> posting to a server action, with progressive enhancement:
// - before the page's scripts run, the form posts itself to the action (React renders it with the
//   action's hidden fields) and the server renders the page again with the action's answer as the
//   state (`rendered`): the result, the values as sent and the field errors;
// - with scripts, `send` calls the action itself, one request at a time, so an unreachable server
//   is an answer ("Network error"), not a crash, and keeps the answer as `state`.
import { useActionState, useRef, useState, type FormEvent } from "react";
import type { FormState } from "@/lib/actions/types";

export type FormAction<S> = (state: S, form: FormData) => Promise<S>;

/** The answer when the action could not be reached (offline, server gone): nothing was changed. */
export const NETWORK_FAILURE = { ok: false, status: 0, message: "Network error" } as const;

export function useFormAction<S extends FormState<unknown, unknown>>(
  action: FormAction<S>,
  initialState: S,
  onResult?: (state: S) => void,
) {
  const [rendered, formAction] = useActionState(
    action as (state: Awaited<S>, form: FormData) => Promise<S>,
    initialState as Awaited<S>,
  );
  const [state, setState] = useState<S>(rendered);
  const [pending, setPending] = useState(false);
  const sending = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  /** Posts `data` to the action (ignored while one is under way) and applies its answer. */
  async function send(data: FormData): Promise<S | undefined> {
    if (sending.current) return undefined;
    sending.current = true;
    setPending(true);
    let next: S;
    try {
      next = await action(state, data);
    } catch (error) {
      console.error("Action failed", error);
      next = { ...NETWORK_FAILURE } as S;
    } finally {
      sending.current = false;
      setPending(false);
    }
    setState(next);
    onResult?.(next);
    return next;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (formRef.current) void send(new FormData(formRef.current));
  }

  return {
    /** Forgets the last answer (the form starts over). */
    reset: () => setState(initialState),
    /** What the server rendered the page with (after a post without scripts, its answer). */
    rendered,
    state,
    pending,
    send,
    formRef,
    isSending: () => sending.current,
    /** Spread on the <form>: it posts to the action by itself until the scripts take over. */
    formProps: { ref: formRef, action: formAction, onSubmit, noValidate: true } as const,
  };
}
