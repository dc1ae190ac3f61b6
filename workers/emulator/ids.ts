/** Platform-looking ids: Meta, X and Threads ids are long numeric strings. */
export function numericId(digits = 17): string {
  const bytes = crypto.getRandomValues(new Uint8Array(digits));
  let out = String((bytes[0]! % 9) + 1);
  for (let i = 1; i < digits; i++) out += String(bytes[i]! % 10);
  return out;
}

export function opaqueToken(prefix: string, bytes = 32): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return (
    prefix +
    [...raw]
      .map((b) => b.toString(36).padStart(2, "0"))
      .join("")
      .slice(0, bytes * 2)
  );
}
