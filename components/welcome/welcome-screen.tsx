"use client";

// Onboarding in three steps on one react-hook-form form (the shared setup schema) saved by the
// completeSetup action: (1) when: one or two times a day, the active days and the timezone; (2) the break:
// duration and intensity; (3) optional movement preferences. With scripts the steps change in the
// page, each checked before the next; without them each Next / Back posts to the action, which
// checks the step and renders the next one (all fields stay in the one form).
import { Clock } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from "react";
import type { FieldPath } from "react-hook-form";
import { useActionForm } from "@/components/forms/use-action-form";
import { PreferencesField } from "@/components/schedule/break-fields";
import { BreakKindFields, WhenFields } from "@/components/schedule/schedule-fields";
import { browserZone, useLocalTime } from "@/components/schedule/timezone-field";
import { buttonVariants, cardClasses } from "@/components/ui/classes";
import { Form } from "@/components/ui/form";
import { completeSetup, type SetupState } from "@/lib/actions/complete-setup";
import { DEFAULT_ACTIVE_DAYS, DEFAULT_DURATION, DEFAULT_INTENSITY, DEFAULT_TIMES } from "@/lib/schedule/constants";
import { detectTimezone } from "@/lib/schedule/timezone-detect";
import { SETUP_STEPS, type SetupFormValues, type SetupStep } from "@/lib/schedule/forms";
import { showToast } from "@/components/ui/toast";
import { offerFirstBreak } from "@/components/dashboard/first-break-offer";

const IDLE: SetupState = {};

// Native elements with the ui primitives' class strings (the header's gap and the padding replaced):
// the screen then ships no tailwind-merge, whose set-up on first use costs a phone's CPU on the first
// screen after sign-in. On a phone the card's sides are Settings' (16 px), so its three tiles in a
// row have the same room as there.
const cardHeader = cardClasses.header.replace("gap-1.5", "gap-3").replace("px-6", "px-4 sm:px-6");
const cardContent = cardClasses.content.replace("px-6", "px-4 sm:px-6");
const nextButton = (minWidth: string) => buttonVariants({ size: "lg", className: minWidth });
const backButton = buttonVariants({ size: "lg", variant: "outline" });

// Title Case, as Limber's own headings are (the page's title is the spec's own words).
const STEPS: Record<SetupStep, { title: string; description: string }> = {
  1: {
    title: "When Should We Remind You?",
    description: "One or two short breaks a day, on the days you work. You can change everything later in Settings.",
  },
  2: { title: "What Kind of Break?", description: "How long each break lasts and how hard it works you." },
  3: {
    title: "Anything We Should Know?",
    description: "Optional. We use it to pick exercises that suit you.",
  },
};

/** The spec's words for onboarding's times (Settings says "First reminder"). */
const TIME_LABELS = ["First break time", "Second break time"] as const;

const DEFAULTS: SetupFormValues = {
  count: "2",
  times: [DEFAULT_TIMES[0], DEFAULT_TIMES[1]],
  activeDays: [...DEFAULT_ACTIVE_DAYS],
  timezone: "UTC",
  durationPreference: DEFAULT_DURATION,
  intensityLevel: DEFAULT_INTENSITY,
  movementPrefs: "",
};

/** The step that holds the first of these fields. */
function stepOfField(name: string): SetupStep {
  const index = SETUP_STEPS.findIndex((fields) => (fields as readonly string[]).includes(name));
  return index < 0 ? 1 : ((index + 1) as SetupStep);
}

export function WelcomeScreen() {
  const router = useRouter();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const { form, state, pending, formProps, autoFocusField } = useActionForm({
    action: completeSetup,
    initialState: IDLE,
    schema: () => import("@/lib/schedule/schemas").then((m) => m.setupFormSchema),
    defaultValues: DEFAULTS,
    onResult(result) {
      if (result.ok) {
        showToast({
          title: "Setup complete!",
          description: "Your movement breaks have been scheduled.",
          variant: "success",
        });
        offerFirstBreak();
        // Client navigation keeps the toast on screen.
        router.replace("/dashboard");
      } else if (result.ok === false) {
        showToast({
          title: "Setup failed",
          description: "There was a problem saving your preferences. Please try again.",
          variant: "destructive",
        });
        const first = Object.keys(result.fieldErrors ?? {})[0];
        if (first) goTo(stepOfField(first), first);
      }
    },
  });
  const [step, setStep] = useState<SetupStep>(state.step ?? 1);
  // Set when a step change should put the focus somewhere once the step is shown.
  const focusAfter = useRef<string | null>(null);

  function goTo(next: SetupStep, focusField?: string) {
    focusAfter.current = focusField ?? "heading";
    setStep(next);
  }

  useEffect(() => {
    const target = focusAfter.current;
    if (!target) return;
    focusAfter.current = null;
    if (target === "heading") headingRef.current?.focus();
    else form.setFocus(target as FieldPath<SetupFormValues>);
  }, [step, form]);

  // The browser's own zone, once: the server cannot know it (without scripts, UTC until changed).
  const timezoneSet = useRef(false);
  useEffect(() => {
    if (timezoneSet.current || form.getFieldState("timezone").isDirty || state.values) return;
    timezoneSet.current = true;
    try {
      form.setValue("timezone", detectTimezone(browserZone()).timezone);
    } catch {
      // Detection failed: UTC stays, and the field shows it.
    }
  }, [form, state.values]);

  const timezone = form.watch("timezone");
  const localTime = useLocalTime(timezone);

  /** Next: this step's fields must pass first (the first one in error gets the focus). */
  async function next(event: MouseEvent | FormEvent) {
    event.preventDefault();
    const fields = SETUP_STEPS[step - 1] as readonly string[];
    const ok = await form.trigger([...fields] as FieldPath<SetupFormValues>[], { shouldFocus: true });
    if (ok && step < 3) goTo((step + 1) as SetupStep);
  }

  function back(event: MouseEvent) {
    event.preventDefault();
    if (step > 1) goTo((step - 1) as SetupStep);
  }

  // Enter in a field of steps 1-2 means Next, not "save everything".
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (step < 3) return void next(event);
    formProps.onSubmit(event);
  }

  const { title, description } = STEPS[step];
  return (
    <div className="mx-auto max-w-lg space-y-6">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Let&apos;s loosen up</h1>
        <p className="text-muted-foreground">Three quick steps, then your first break is on its way.</p>
      </div>

      <p className="flex items-center gap-2 rounded-lg border bg-card p-3 text-sm">
        <Clock className="size-4 text-primary" aria-hidden="true" />
        <span>
          Your local time: <strong className="tabular-nums">{localTime || "…"}</strong>{" "}
          <span className="text-muted-foreground">({timezone})</span>
        </span>
      </p>

      <div data-slot="card" className={cardClasses.root}>
        <div data-slot="card-header" className={cardHeader}>
          {/* Drawn progress; the words below say the same. */}
          <div className="flex gap-2" aria-hidden="true">
            {([1, 2, 3] as const).map((n) => (
              <span key={n} className={`h-1.5 flex-1 rounded-full ${n <= step ? "bg-primary" : "bg-muted"}`} />
            ))}
          </div>
          <p className="text-sm font-medium text-muted-foreground">Step {step} of 3</p>
          <h2 ref={headingRef} tabIndex={-1} className="text-xl leading-tight font-semibold focus:outline-none">
            {title}
          </h2>
          <div data-slot="card-description" className={cardClasses.description}>
            {description}
          </div>
        </div>
        <div data-slot="card-content" className={cardContent}>
          <Form {...form} autoFocusField={autoFocusField}>
            <form {...formProps} onSubmit={onSubmit} className="space-y-6">
              <input type="hidden" name="step" value={step} />

              {/* Settings' Break Schedule and Movement Preferences fields, drawn by the same components. */}
              <div hidden={step !== 1}>
                {/* The time there is the "Your local time" line's, above the card: not said twice. */}
                <WhenFields<SetupFormValues>
                  days="activeDays"
                  timezone="timezone"
                  timeLabels={TIME_LABELS}
                  showTime={false}
                />
              </div>

              <div hidden={step !== 2}>
                <BreakKindFields<SetupFormValues> duration="durationPreference" intensity="intensityLevel" />
              </div>

              <div hidden={step !== 3} className="space-y-6">
                <PreferencesField control={form.control} name="movementPrefs" />
              </div>

              {/* The main button first in the markup: Enter (and a form posted without scripts) means it. */}
              <div className="flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
                {step < 3 ? (
                  <button
                    type="submit"
                    data-slot="button"
                    name="intent"
                    value={`step:${step + 1}`}
                    onClick={(e) => void next(e)}
                    className={nextButton("sm:min-w-32")}
                  >
                    Next
                  </button>
                ) : (
                  <button
                    type="submit"
                    data-slot="button"
                    name="intent"
                    value="submit"
                    className={nextButton("sm:min-w-44")}
                    disabled={pending}
                  >
                    {pending ? "Setting up..." : "Start My Streak"}
                  </button>
                )}
                {step > 1 && (
                  <button
                    type="submit"
                    data-slot="button"
                    name="intent"
                    value={`step:${step - 1}`}
                    formNoValidate
                    onClick={back}
                    disabled={pending}
                    className={backButton}
                  >
                    Back
                  </button>
                )}
              </div>
            </form>
          </Form>
        </div>
      </div>
    </div>
  );
}
