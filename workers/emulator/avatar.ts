/**
 * Demo profile pictures as data: URIs. A real platform answers with a CDN URL; the emulator's pictures must
 * load in a browser with no internet, so they travel inside the answer.
 */
export function avatar(initials: string, color: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" rx="48" fill="${color}"/><text x="48" y="60" font-size="36" text-anchor="middle" fill="#fff" font-family="sans-serif">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${btoa(svg)}`;
}

export const initialsOf = (name: string) =>
  name
    .split(/[\s._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
