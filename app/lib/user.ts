export interface ShellUser {
  displayName?: string | null;
  email?: string | null;
}

const present = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** The header's name: display name, else email, else 'User'. */
export function welcomeName(user: ShellUser | null | undefined): string {
  return present(user?.displayName) ?? present(user?.email) ?? "User";
}

/** The sidebar footer shows name and email separately, each with its own fallback. */
export function footerIdentity(user: ShellUser | null | undefined): { name: string; email: string } {
  return { name: present(user?.displayName) ?? "User", email: present(user?.email) ?? "No Email" };
}

/** One or two letters for the avatar button. */
export function initials(user: ShellUser | null | undefined): string {
  const name = welcomeName(user);
  if (name === "User") return "U";
  const words = name.split(/[\s@._-]+/).filter(Boolean);
  return (
    (
      (words[0]?.[0] ?? "") + (words.length > 1 && present(user?.displayName) ? (words[1]?.[0] ?? "") : "")
    ).toUpperCase() || "U"
  );
}
