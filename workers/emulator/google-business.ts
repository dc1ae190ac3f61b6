import type { Context, MiddlewareHandler } from "hono";
import { Hono } from "hono";
import type { EmuEnv } from "./context";
import { emuSetting } from "./context";
import { seedOf } from "./metrics";
import { incrementCounter } from "./objects";
import { bearer, scopeList } from "./request";
import { checkToken, type TokenRow } from "./tokens";

/**
 * Google Business Profile (developers.google.com/my-business): the Account Management API lists the person's
 * accounts, the Business Information API their locations, the Performance API a location's daily metrics; local
 * posts live on the v4 host (google-business-posts.ts). Every call needs a Google access token with
 * `business.manage` (tokens come from the Google OAuth emulator, google.ts). Errors are google.rpc.Status. Each
 * API allows 300 queries a minute per project; a project whose access is not approved has a quota of 0, so every
 * call is refused with RESOURCE_EXHAUSTED naming a limit of 0 (`/sandbox/settings {businessProfileQuota: 0}`).
 */
export const GBP = "google_business";
const GOOGLE_TOKENS = "youtube"; // the Google OAuth emulator keeps every Google token under one key
const SCOPES = [
  "https://www.googleapis.com/auth/business.manage",
  "https://www.googleapis.com/auth/plus.business.manage",
];

export type GbpEnv = { Bindings: Env; Variables: EmuEnv["Variables"] & { token: TokenRow } };

export const DEMO_ACCOUNT = { name: "accounts/108472935502761234", accountName: "Jordan Rivera", type: "PERSONAL" };

export const LOCATIONS = [
  {
    name: "locations/4211936457521003111",
    title: "Postline Demo Kitchen (Mission St)",
    storefrontAddress: { addressLines: ["2100 Mission St"], locality: "San Francisco", regionCode: "US" },
  },
  {
    name: "locations/4211936457521003222",
    title: "Postline Demo Kitchen (Valencia St)",
    storefrontAddress: { addressLines: ["780 Valencia St"], locality: "San Francisco", regionCode: "US" },
  },
];

/** `accounts/{a}/locations/{l}` named by the v4 path, when the token's person manages it; else null. */
export function locationOf(c: Context) {
  const account = `accounts/${c.req.param("account")}`;
  const location = `locations/${c.req.param("location")}`;
  if (account !== DEMO_ACCOUNT.name || !LOCATIONS.some((l) => l.name === location)) return null;
  return `${account}/${location}`;
}

const STATUS: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
};

/** A google.rpc.Status answer. */
export function rpcError(c: Context, code: number, message: string, details: unknown[] = []) {
  return c.json({ error: { code, message, status: STATUS[code] ?? "INTERNAL", details } }, code as 400);
}

const errorInfo = (reason: string, metadata: Record<string, string>) => ({
  "@type": "type.googleapis.com/google.rpc.ErrorInfo",
  reason,
  domain: "googleapis.com",
  metadata,
});

/** Bearer check, scope check and the per-minute project quota of the API on `service`. */
export function gbpAuth(service: string): MiddlewareHandler<GbpEnv> {
  return async (c, next) => {
    const check = await checkToken(c.var.db, GOOGLE_TOKENS, bearer(c), c.var.now);
    if (!check.ok || check.row.kind !== "access")
      return rpcError(
        c,
        401,
        "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
        [errorInfo("ACCESS_TOKEN_TYPE_UNSUPPORTED", { service })],
      );
    if (!scopeList(check.row.scopes).some((s) => SCOPES.includes(s)))
      return rpcError(c, 403, "Request had insufficient authentication scopes.", [
        errorInfo("ACCESS_TOKEN_SCOPE_INSUFFICIENT", { service, method: c.req.path }),
      ]);
    const limit = await emuSetting(c.var.db, "businessProfileQuota");
    const minute = Math.floor(c.var.now / 60_000);
    const used = await incrementCounter(c.var.db, {
      id: `gbp-qpm:${service}:${minute}`,
      platform: GBP,
      kind: "counter",
      owner: service,
      createdAt: c.var.now,
    });
    if (used > limit)
      return rpcError(
        c,
        429,
        `Quota exceeded for quota metric 'Requests' and limit 'Requests per minute' of service '${service}' for consumer 'project_number:582419337201'.`,
        [
          errorInfo("RATE_LIMIT_EXCEEDED", {
            service,
            quota_metric: `${service}/default_requests`,
            quota_limit: "DefaultRequestsPerMinutePerProject",
            quota_limit_value: String(limit),
            consumer: "projects/582419337201",
          }),
        ],
      );
    c.set("token", check.row);
    await next();
  };
}

// ---------------------------------------------------------------- Account Management API

export const gbpAccountManagement = new Hono<GbpEnv>();
gbpAccountManagement.use("*", gbpAuth("mybusinessaccountmanagement.googleapis.com"));
gbpAccountManagement.get("/v1/accounts", (c) =>
  c.json({ accounts: [{ ...DEMO_ACCOUNT, role: "PRIMARY_OWNER", verificationState: "VERIFIED" }] }),
);

// ---------------------------------------------------------------- Business Information API

export const gbpBusinessInformation = new Hono<GbpEnv>();
gbpBusinessInformation.use("*", gbpAuth("mybusinessbusinessinformation.googleapis.com"));
gbpBusinessInformation.get("/v1/accounts/:account/locations", (c) => {
  if (`accounts/${c.req.param("account")}` !== DEMO_ACCOUNT.name)
    return rpcError(c, 403, "The caller does not have permission");
  // readMask is required: the API answers nothing it was not asked for.
  const mask = (c.req.query("readMask") ?? "").split(",").filter(Boolean);
  if (mask.length === 0)
    return rpcError(c, 400, "Request contains an invalid argument.", [fieldViolation("read_mask")]);
  const unknown = mask.find((f) => !["name", "title", "storefrontAddress", "metadata"].includes(f));
  if (unknown) return rpcError(c, 400, `Invalid field mask provided: ${unknown}`, [fieldViolation("read_mask")]);
  const pageSize = Math.min(Number(c.req.query("pageSize") ?? 10) || 10, 100);
  const start = Number(c.req.query("pageToken") ?? 0) || 0;
  const page = LOCATIONS.slice(start, start + pageSize).map((loc) => {
    const full: Record<string, unknown> = {
      ...loc,
      metadata: { mapsUri: `https://maps.google.com/maps?cid=${seedOf(loc.name)}`, hasVoiceOfMerchant: true },
    };
    return Object.fromEntries(mask.map((f) => [f, full[f]]));
  });
  const next = start + pageSize < LOCATIONS.length ? String(start + pageSize) : undefined;
  return c.json({ locations: page, totalSize: LOCATIONS.length, ...(next ? { nextPageToken: next } : {}) });
});

const fieldViolation = (field: string) => ({
  "@type": "type.googleapis.com/google.rpc.BadRequest",
  fieldViolations: [{ field, description: `${field} is required` }],
});

// ---------------------------------------------------------------- Performance API

const DAILY_METRICS = [
  "BUSINESS_IMPRESSIONS_DESKTOP_MAPS",
  "BUSINESS_IMPRESSIONS_DESKTOP_SEARCH",
  "BUSINESS_IMPRESSIONS_MOBILE_MAPS",
  "BUSINESS_IMPRESSIONS_MOBILE_SEARCH",
  "BUSINESS_CONVERSATIONS",
  "BUSINESS_DIRECTION_REQUESTS",
  "CALL_CLICKS",
  "WEBSITE_CLICKS",
  "BUSINESS_BOOKINGS",
  "BUSINESS_FOOD_ORDERS",
  "BUSINESS_FOOD_MENU_CLICKS",
];

export const gbpPerformance = new Hono<GbpEnv>();
gbpPerformance.use("*", gbpAuth("businessprofileperformance.googleapis.com"));
gbpPerformance.get("/v1/locations/*", (c) => {
  const match = /^\/v1\/(locations\/[^/:]+):fetchMultiDailyMetricsTimeSeries$/.exec(
    c.req.path.replace(/^.*?(\/v1\/locations\/)/, "$1"),
  );
  if (!match) return rpcError(c, 404, "Requested entity was not found.");
  if (!LOCATIONS.some((l) => l.name === match[1])) return rpcError(c, 403, "The caller does not have permission");
  const metrics = c.req.queries("dailyMetrics") ?? [];
  const bad = metrics.find((m) => !DAILY_METRICS.includes(m));
  if (metrics.length === 0 || bad)
    return rpcError(c, 400, "Request contains an invalid argument.", [fieldViolation("daily_metrics")]);
  const start = dateParam(c, "start");
  const end = dateParam(c, "end");
  if (!start || !end || end < start)
    return rpcError(c, 400, "Request contains an invalid argument.", [fieldViolation("daily_range")]);
  const days: number[] = [];
  for (let t = start; t <= end && days.length < 550; t += 86_400_000) days.push(t);
  return c.json({
    multiDailyMetricTimeSeries: [
      {
        dailyMetricTimeSeries: metrics.map((metric) => ({
          dailyMetric: metric,
          timeSeries: {
            datedValues: days.map((t) => {
              const d = new Date(t);
              const date = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
              // A day the location had nothing is reported without a value, as the API does.
              const value =
                t > c.var.now ? 0 : seedOf(`${match[1]}:${metric}:${t}`) % (metric.includes("IMPRESSIONS") ? 90 : 8);
              return value ? { date, value: String(value) } : { date };
            }),
          },
        })),
      },
    ],
  });
});

/** `dailyRange.startDate.year` (or the snake_case spelling Google's own example uses) as an epoch day. */
function dateParam(c: Context, edge: "start" | "end"): number | null {
  const read = (part: string) =>
    Number(c.req.query(`dailyRange.${edge}Date.${part}`) ?? c.req.query(`daily_range.${edge}_date.${part}`));
  const [y, m, d] = [read("year"), read("month"), read("day")];
  if (!y || !m || !d) return null;
  return Date.UTC(y, m - 1, d);
}
