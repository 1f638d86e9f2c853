// "Trophy earned: First Break", where a count earned one: on the dashboard's finished card (on the
// brand's colour) and on the counted screens (on a card). Presentational, so server and client share it.
import { Trophy } from "lucide-react";

export function TrophyEarned({
  title,
  onPrimary = false,
  className = "mx-auto",
}: {
  title: string;
  onPrimary?: boolean;
  className?: string;
}) {
  return (
    <p
      data-testid="trophy-earned"
      className={`${className} flex w-fit items-center gap-3 rounded-xl px-4 py-2.5 text-left ${
        onPrimary ? "border-2 border-primary-foreground/30" : "bg-primary/10"
      }`}
    >
      <span
        className={`flex size-9 shrink-0 items-center justify-center rounded-full ${
          onPrimary ? "bg-primary-foreground text-primary" : "bg-primary text-primary-foreground"
        }`}
      >
        <Trophy className="size-5" aria-hidden="true" />
      </span>
      <span>
        <span className="block text-xs font-semibold tracking-wide uppercase">
          Trophy earned<span className="sr-only">:</span>
        </span>{" "}
        <span className="block font-bold">{title}</span>
      </span>
    </p>
  );
}
