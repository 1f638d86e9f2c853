// The signed-out "/": a server component in the public frame. Only the card's two-step form
// (./login-form) runs in the browser; the brand, headings, benefits and links are plain HTML.
import { LoginForm } from "@/components/auth/login-form";
import { ACCOUNT_DELETED_ID, ACCOUNT_DELETED_TEXT } from "@/components/auth/account-deleted";
import { PublicFrame } from "@/components/shell/public-frame";
import { Card } from "@/components/ui/card";
import { loginCard } from "./login-classes";

// "AI" is promised only when a model is configured (env().aiEnabled).
const benefits = (aiEnabled: boolean) => [
  "Short 5–15 minute movement breaks, emailed at the times you choose",
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
        Sign In or Create an Account
      </h2>
      <div data-slot="card-description" className={loginCard.description}>
        New and returning users use the same email code.
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
  // One column on a phone (pitch, card, benefits, links); from `lg` the pitch and the benefits on
  // the left and the card beside them, so a laptop sees a page, not a phone's column in white.
  return (
    <PublicFrame column="split" home={null}>
      <div className="mx-auto grid max-w-lg gap-6 lg:max-w-none lg:grid-cols-[minmax(0,1fr)_28rem] lg:gap-x-20 lg:gap-y-8 lg:pt-8">
        <div className="space-y-3 lg:col-start-1 lg:row-start-1 lg:self-end">
          <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl lg:text-5xl lg:leading-tight">
            Move a Little, Every Workday
          </h1>
          <p className="text-muted-foreground lg:text-lg">
            Your daily focus on one small task: a short movement break.
          </p>
        </div>

        <div className="space-y-4 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-center">
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

          <Card className="lg:shadow-md">
            <LoginForm pendingEmail={pendingEmail} header={<EmailStepHeader />} />
          </Card>
        </div>

        <div className="space-y-6 lg:col-start-1 lg:row-start-2 lg:self-start">
          <ul className="space-y-3" aria-label="Why people use it">
            {benefits(aiEnabled).map((b) => (
              <li key={b} className="flex items-start gap-3">
                <CheckIcon />
                <span>{b}</span>
              </li>
            ))}
          </ul>

          <div className="space-y-2 text-sm text-muted-foreground">
            <p className="font-semibold text-foreground">100% free. No ads.</p>
            <p className="flex flex-wrap gap-x-4 gap-y-1">
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
        </div>
      </div>
    </PublicFrame>
  );
}
