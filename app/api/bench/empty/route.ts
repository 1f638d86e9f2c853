// The framework's floor for `npm run bench` (bench/http.ts): a dynamic route handler that touches
// neither the session nor the database, so the dashboard's throughput can be read as a ratio of it.
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ ok: true });
}
