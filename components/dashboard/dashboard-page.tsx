export function DashboardPage() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Today&apos;s Progress</h1>
    </div>
  );
}
