import { fileTypeFromBuffer } from "file-type/core";

export interface SniffedType {
  mime: string;
  ext: string;
}

/**
 * The file's real type from its first bytes, never from its name or the browser's claim.
 * Plain text has no magic number, so it is accepted only when the bytes are valid UTF-8 without NULs.
 */
export async function sniffType(head: Uint8Array): Promise<SniffedType | null> {
  const found = await fileTypeFromBuffer(head);
  if (found) return { mime: found.mime, ext: found.ext };
  if (head.length > 0 && !head.includes(0)) {
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(head);
      return { mime: "text/plain", ext: "txt" };
    } catch {
      return null;
    }
  }
  return null;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes.
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f"<>:|?*]/g;

/** Strips directories and control characters so a name like `../../x.png` cannot name a path. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base.replace(UNSAFE_IN_NAME, "").trim().slice(0, 200);
  return cleaned.replace(/^\.+/, "") || "file";
}
