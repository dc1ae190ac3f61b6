import type { Notify } from "./NotificationBanner";
import { PasswordChange } from "./PasswordChange";
import { ThemeChoice } from "./ThemeChoice";
import { TimezoneSelect } from "./TimezoneSelect";

export interface ProfileUser {
  displayName?: string | null;
  email?: string | null;
  timezone?: string | null;
}

function ReadOnlyField({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{value?.trim() ? value : "N/A"}</dd>
    </div>
  );
}

const card = "rounded-lg border border-slate-200 bg-surface p-6";

export function ProfileTab({ user, notify }: { user: ProfileUser; notify: Notify }) {
  return (
    <div className="space-y-6">
      <section className={card} aria-labelledby="profile-heading">
        <h2 id="profile-heading" className="text-lg font-semibold">
          Profile Information
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          <ReadOnlyField label="Name" value={user.displayName} />
          <ReadOnlyField label="Email" value={user.email} />
        </dl>
      </section>
      <section className={card} aria-labelledby="password-heading">
        <h2 id="password-heading" className="text-lg font-semibold">
          Password
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-500">Changing your password signs you out on your other devices.</p>
        <PasswordChange notify={notify} />
      </section>
      <section className={card} aria-labelledby="timezone-heading">
        <h2 id="timezone-heading" className="mb-4 text-lg font-semibold">
          Regional Settings
        </h2>
        <TimezoneSelect value={user.timezone || "UTC"} notify={notify} />
      </section>
      <section className={card} aria-labelledby="appearance-heading">
        <h2 id="appearance-heading" className="mb-4 text-lg font-semibold">
          Appearance
        </h2>
        <ThemeChoice />
      </section>
    </div>
  );
}
