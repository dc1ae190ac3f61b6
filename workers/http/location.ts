/**
 * A redirect target with everything outside printable ASCII percent-encoded as UTF-8 (`/café` →
 * `/caf%C3%A9`); existing escapes are kept. A header value is bytes: a raw `é` reaches the browser as
 * Latin-1 and characters past U+00FF cannot be sent at all. Pure: the UI's redirects use it too.
 */
export function asciiLocation(target: string): string {
  return target.replace(/[^\x21-\x7e]+/g, (run) => encodeURIComponent(run));
}
