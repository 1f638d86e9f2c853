import * as requestCode from "@/app/api/auth/request-code/route";
import * as verifyCode from "@/app/api/auth/verify-code/route";
import { Client, latestCode } from "./http";

/** Signs a new client in through the two public calls, reading the code from the outbox. */
export async function signIn(email: string, client = new Client()): Promise<Client> {
  const r1 = await client.call(requestCode.POST, { path: "/api/auth/request-code", body: { email } });
  if (r1.status !== 200) throw new Error(`request-code failed: ${r1.status} ${JSON.stringify(r1.json)}`);
  const r2 = await client.call(verifyCode.POST, {
    path: "/api/auth/verify-code",
    body: { code: await latestCode(email) },
  });
  if (r2.status !== 200) throw new Error(`verify-code failed: ${r2.status} ${JSON.stringify(r2.json)}`);
  return client;
}

let n = 0;
export function uniqueEmail(prefix = "user") {
  n += 1;
  return `${prefix}-${Date.now().toString(36)}-${n}@example.com`;
}
