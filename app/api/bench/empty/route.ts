// The framework's floor for `npm run bench` (bench/http.ts): a dynamic route handler that touches
// neither the session nor the database, so the dashboard's throughput can be read as a ratio of it.
export const dynamic = "force-dynamic";

// Only the benchmark server (LIMBER_BENCH=1) serves it; elsewhere it is a plain 404.
export function GET() {
  if (process.env.LIMBER_BENCH !== "1") return Response.json({ message: "Not found" }, { status: 404 });
  return Response.json({ ok: true });
}
