import { TooMany, UpstreamFailed } from "../errors";
import { PlatformError } from "../platforms";

/**
 * A network's refusal of an inbox write in its own words, with the status that says whether trying later may help:
 * 429 with the wait the network asked for, else 502. `onDenied` is added when the account's consent lacks what the
 * write needs (only where a new consent is the cure). Anything that is not the network's answer passes unchanged.
 */
export function refusalOf(err: unknown, name: string, what: string, onDenied?: string): unknown {
  if (!(err instanceof PlatformError)) return err;
  if (err.details.retryAfterMs !== undefined)
    return new TooMany(`${name} is limiting requests: ${err.message}`, Math.ceil(err.details.retryAfterMs / 1000));
  const said = `${name} did not take ${what}: ${err.message}`;
  if (!err.details.denied || !onDenied) return new UpstreamFailed(said);
  return new UpstreamFailed(`${said}${/[.!?]$/.test(said) ? "" : "."} ${onDenied}`);
}
