// The signed-out "/": a server component. Only the card's two-step form (./login-form) runs in the
// browser; the brand, headings, benefits and links are plain HTML.
import { LoginForm } from "@/components/auth/login-form";
import { ACCOUNT_DELETED_ID, ACCOUNT_DELETED_TEXT } from "@/components/auth/account-deleted";
import { Brand } from "@/components/shell/logo";
import { Card } from "@/components/ui/card";
import { loginCard } from "./login-classes";

// "AI" is promised only when a model is configured (env().aiEnabled).
const benefits = (aiEnabled: boolean) => [
  "Short 5-15 minute movement breaks, e-mailed at the times you choose",
  aiEnabled
    ? "Exercises tailored by AI to your space, equipment and limits"
    : "Exercises picked for you from our exercise library to suit your space, equipment and limits",
  "See today's progress and build a streak, one break at a time",
];

/** lucide's CheckCircle2 as static markup: lucide-react's icon component is a client module, and
 *  rendering it here would ship it to the browser for three ticks. */
function CheckIcon() {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="lucide lucide-circle-check mt-0.5 size-5 shrink-0 text-primary"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="10" />
      <path d="m16 9-5.5 5.5L8 12" />
    </svg>
  );
}

/** Step 1's card header: static text, so it is server HTML handed to the form, not part of its script. */
function EmailStepHeader() {
  return (
    <div data-slot="card-header" className={loginCard.header}>
      <h2 data-slot="card-title" className={loginCard.title}>
        Sign in or create an account
      </h2>
      <div data-slot="card-description" className={loginCard.description}>
        {/* nowrap: the phone's line otherwise broke "e- / mail". */}
        New and returning users use the same <span className="whitespace-nowrap">e-mail</span> code.
      </div>
    </div>
  );
}

export interface LoginScreenProps {
  feedbackUrl: string;
  contactEmail: string;
  pendingEmail?: string | null;
  aiEnabled: boolean;
}

export function LoginScreen({ feedbackUrl, contactEmail, pendingEmail, aiEnabled }: LoginScreenProps) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center px-4 py-10">
      <main id="main" className="w-full max-w-md space-y-6">
        <div className="flex flex-col items-center gap-3 text-center">
          <Brand />
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Move a little, every workday</h1>
          <p className="text-muted-foreground">Your daily focus on one small task: a short movement break.</p>
        </div>

        {/* Shown by the login form's script after Settings deleted the account (this tab, a minute). */}
        <div role="status" className="[&:has(>[hidden])]:hidden">
          <p
            id={ACCOUNT_DELETED_ID}
            hidden
            className="rounded-lg border border-success/40 bg-success-subtle px-4 py-3 text-center text-sm font-medium text-success"
          >
            {ACCOUNT_DELETED_TEXT}
          </p>
        </div>

        <Card>
          <LoginForm pendingEmail={pendingEmail} header={<EmailStepHeader />} />
        </Card>

        <ul className="space-y-3" aria-label="Why people use it">
          {benefits(aiEnabled).map((b) => (
            <li key={b} className="flex items-start gap-3">
              <CheckIcon />
              <span>{b}</span>
            </li>
          ))}
        </ul>

        <div className="space-y-2 text-center text-sm text-muted-foreground">
          <p className="font-semibold text-foreground">100% free. No ads.</p>
          <p className="flex flex-wrap justify-center gap-x-4 gap-y-1">
            <a
              href={feedbackUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="underline underline-offset-4 hover:text-foreground"
            >
              Suggest an idea
            </a>
            <a href={`mailto:${contactEmail}`} className="underline underline-offset-4 hover:text-foreground">
              Contact us
            </a>
            <a href="/disclaimer" className="underline underline-offset-4 hover:text-foreground">
              Privacy and Disclaimer
            </a>
          </p>
        </div>
      </main>
    </div>
  );
}
