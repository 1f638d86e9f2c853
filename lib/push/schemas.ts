// The push calls' schemas, shared by the routes and their server actions: a browser's subscription
// (PushSubscription.toJSON(): endpoint, keys, expirationTime) and a device's id.
import * as z from "@/lib/zod";
import { env } from "@/lib/env";
import { ENDPOINT_MESSAGES, endpointProblem, keysAreValid, MAX_ENDPOINT_LENGTH } from "./endpoint";

export const PUSH_ID_MESSAGE = "Invalid device id";

/** Keys are 87 and 22 base64url characters; anything much longer is not one. */
const MAX_KEY_LENGTH = 200;

const key = z.string({ error: ENDPOINT_MESSAGES.keys }).check(z.maxLength(MAX_KEY_LENGTH, ENDPOINT_MESSAGES.keys));

export const subscriptionSchema = z.object(
  {
    // A URL of printable ASCII only (no spaces or control characters), checked against the push
    // services' hosts as they are configured when the request comes in.
    endpoint: z.string({ error: ENDPOINT_MESSAGES.invalid }).check(
      z.maxLength(MAX_ENDPOINT_LENGTH, ENDPOINT_MESSAGES.invalid),
      z.regex(/^[\x21-\x7e]+$/, ENDPOINT_MESSAGES.invalid),
      z.superRefine((endpoint, ctx) => {
        const problem = endpointProblem(endpoint, env().pushEndpointHosts);
        if (problem) ctx.addIssue({ code: "custom", message: problem, input: endpoint });
      }),
    ),
    keys: z
      .object({ p256dh: key, auth: key }, { error: ENDPOINT_MESSAGES.keys })
      .check(z.refine(keysAreValid, ENDPOINT_MESSAGES.keys)),
    // Sent by browsers, not used: push services answer 404/410 for a subscription that has ended.
    expirationTime: z.optional(z.nullable(z.number({ error: ENDPOINT_MESSAGES.invalid }))),
  },
  { error: ENDPOINT_MESSAGES.invalid },
);

/** A device's id as the server made it (randomUUID); anything else names no device. */
export const pushDeviceIdSchema = z
  .string({ error: PUSH_ID_MESSAGE })
  .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, PUSH_ID_MESSAGE));
