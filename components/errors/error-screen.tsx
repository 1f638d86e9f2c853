"use client";

// The screen of a page that could not be shown (app/error.tsx, app/global-error.tsx): Limber's look,
// what happened in plain words, and two ways on. Never the error's own text: in production Next.js
// passes only a digest, and only a database outage has one of ours.
import { Brand } from "@/components/shell/logo";
import { buttonVariants } from "@/components/ui/classes";
import { PRODUCT_NAME } from "@/lib/brand";
import { DATABASE_UNAVAILABLE_DIGEST } from "@/lib/errors";

export function ErrorScreen({ error }: { error: Error & { digest?: string } }) {
  const outage = error.digest === DATABASE_UNAVAILABLE_DIGEST;
  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-6 px-4 text-center">
      <Brand />
      <main id="main" className="space-y-4">
        <h1 className="text-3xl font-bold tracking-tight">{outage ? "Back in a Moment" : "Something Went Wrong"}</h1>
        <p className="text-muted-foreground">
          {outage
            ? `${PRODUCT_NAME} can't reach its database right now. Nothing you did is lost: please try again in a minute.`
            : "This page could not be shown. Please try again; if it keeps happening, come back a little later."}
        </p>
        <div className="flex flex-col items-center justify-center gap-3 sm:flex-row">
          {/* A server error is only retried by asking the server again: a full reload of this address. */}
          <button
            type="button"
            className={buttonVariants({ className: "w-full sm:w-auto" })}
            onClick={() => window.location.reload()}
          >
            Try Again
          </button>
          {/* A plain link: a whole new page (the failed one's state goes), and it works before scripts load. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load on purpose (above) */}
          <a href="/" className={buttonVariants({ variant: "outline", className: "w-full sm:w-auto" })}>
            Back to {PRODUCT_NAME}
          </a>
        </div>
      </main>
    </div>
  );
}
