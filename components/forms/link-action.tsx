"use client";

// The one-button pages an e-mail's links open (/done, /snooze, /unsubscribe) are rendered by the
// server; only these parts run in the browser: the form (it posts without scripts too), its error,
// and the result that takes the card's place once the action has succeeded. So the phone that
// opens the e-mail loads no class merging and hydrates no card.
import { createContext, use, type ReactNode } from "react";
import type { FormState } from "@/lib/actions/types";
import { useFormAction, type FormAction } from "./use-form-action";

type AnyState = FormState<unknown, unknown>;
type LinkActionValue<S extends AnyState> = ReturnType<typeof useFormAction<S>>;

const LinkActionContext = createContext<LinkActionValue<AnyState> | null>(null);

/** The action's state and form, for the parts inside <LinkAction> (its result's words). */
export function useLinkAction<S extends AnyState>(): LinkActionValue<S> {
  const value = use(LinkActionContext);
  if (!value) throw new Error("The link page's parts belong inside <LinkAction>");
  return value as unknown as LinkActionValue<S>;
}

/** `children` (the page's card) until `action` succeeds, then `result`. */
export function LinkAction<S extends AnyState>({
  action,
  children,
  result,
}: {
  action: FormAction<S>;
  children: ReactNode;
  result: ReactNode;
}) {
  const value = useFormAction(action, {} as S);
  return (
    <LinkActionContext value={value as unknown as LinkActionValue<AnyState>}>
      {value.state.ok ? result : children}
    </LinkActionContext>
  );
}

/** The action's refusal, in the server's words. */
export function LinkActionError() {
  const { state } = useLinkAction();
  if (state.ok !== false) return null;
  return (
    <p role="alert" className="text-sm font-medium text-destructive">
      {state.message}
    </p>
  );
}

/** The form: the link's token and one button (`className`: the button primitive's classes, made on the server). */
export function LinkActionForm({
  token,
  className,
  label,
  pendingLabel,
}: {
  token: string;
  className: string;
  label: string;
  pendingLabel: string;
}) {
  const { formProps, pending } = useLinkAction();
  return (
    <form {...formProps}>
      <input type="hidden" name="token" value={token} />
      <button type="submit" data-slot="button" className={className} disabled={pending}>
        {pending ? pendingLabel : label}
      </button>
    </form>
  );
}
