export function LoadingScreen() {
  return (
    <div role="status" aria-live="polite" className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6">
      <span className="size-10 animate-spin rounded-full border-4 border-muted border-t-primary" aria-hidden="true" />
      <p className="text-muted-foreground">Loading your movement profile...</p>
    </div>
  );
}
