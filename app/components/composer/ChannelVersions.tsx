import { Tabs } from "radix-ui";
import { useId, useState } from "react";
import { PLATFORM_META } from "~/components/platforms/platform-options";
import { inputClass, labelClass, secondaryButton } from "~/components/ui/styles";
import { accountName } from "~/lib/account-name";
import { PLATFORM_NAMES, PLATFORM_PROFILES, type Platform } from "../../../workers/platform-profile";
import { creatorOf } from "../../../workers/platforms/public";
import type { Problem } from "../../../workers/posts/index";
import { captionLength, characterLimitFor, effectiveVersion, storedVersion } from "../../../workers/posts/public";
import type { AccountView, MediaJson } from "../posts/types";
import { ChannelMedia } from "./ChannelMedia";
import { ChannelOptions } from "./ChannelOptions";
import { type ComposerForm, ownTitleShown, withChannel } from "./composer-form";
import { accountCharacterLimit } from "./content-limits";
import { FormatPicker } from "./FormatPicker";
import { PlatformPreview } from "./PlatformPreview";
import { PrepareMedia } from "./PrepareMedia";
import { ThreadParts } from "./ThreadParts";

const tabClass =
  "rounded-t border-b-2 border-transparent px-3 py-1.5 text-sm text-slate-500 hover:text-slate-800 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700";

/**
 * A tab per chosen channel (ADR 021): its own text with the network's counter, a thread on X and Threads
 * (ADR 027), its first comment, media and platform options, its preview and its pre-flight problems.
 * "Customize for X" copies the post's caption and "Use different media" the post's media; resetting drops them.
 */
export function ChannelVersions({
  form,
  setForm,
  accounts,
  hashtags,
  problems,
  lockedPlatforms = [],
}: {
  form: ComposerForm;
  setForm: (update: (f: ComposerForm) => ComposerForm) => void;
  accounts: AccountView[];
  hashtags: string[];
  problems: Problem[];
  /** Channels in flight or live: their versions can no longer change. */
  lockedPlatforms?: Platform[];
}) {
  const channels = form.platforms.flatMap((platform) =>
    (form.selectedAccounts[platform] ?? []).map((accountId) => ({ platform, accountId })),
  );
  // Library items picked for a channel alone, so its override's ids show as media.
  const [picked, setPicked] = useState<MediaJson[]>([]);
  if (channels.length === 0) return null;
  const known = new Map([...picked, ...form.media].map((m) => [m.id, m]));
  const key = (c: { platform: string; accountId: string }) => `${c.platform}:${c.accountId}`;
  return (
    <section aria-label="Channel versions" className="space-y-2">
      <h3 className={labelClass}>Per channel</h3>
      <Tabs.Root defaultValue={key(channels[0]!)}>
        <Tabs.List aria-label="Channels" className="flex flex-wrap gap-1 border-b border-slate-200">
          {channels.map((c) => (
            <Tabs.Trigger key={key(c)} value={key(c)} className={tabClass}>
              {PLATFORM_META[c.platform]?.name ?? c.platform}
              {form.channels.some((v) => key(v) === key(c)) ? " ✎" : ""}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {channels.map((c) => (
          <Tabs.Content key={key(c)} value={key(c)} className="pt-3">
            <ChannelTab
              platform={c.platform}
              accountId={c.accountId}
              form={form}
              setForm={setForm}
              account={accounts.find((a) => a.id === c.accountId)}
              hashtags={hashtags}
              problems={problems.filter(
                (p) => p.platform === c.platform && (p.accountId === null || p.accountId === c.accountId),
              )}
              known={known}
              locked={lockedPlatforms.includes(c.platform)}
              onPicked={(items) => setPicked((p) => [...p, ...items])}
            />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}

function ChannelTab({
  platform,
  accountId,
  form,
  setForm,
  account,
  hashtags,
  problems,
  known,
  locked,
  onPicked,
}: {
  platform: Platform;
  accountId: string;
  form: ComposerForm;
  setForm: (update: (f: ComposerForm) => ComposerForm) => void;
  account?: AccountView;
  hashtags: string[];
  problems: Problem[];
  known: Map<string, MediaJson>;
  locked: boolean;
  onPicked: (items: MediaJson[]) => void;
}) {
  const id = useId();
  const name = PLATFORM_META[platform]?.name ?? PLATFORM_NAMES[platform];
  const draft = form.channels.find((c) => c.platform === platform && c.accountId === accountId);
  const version = effectiveVersion(
    { content: form.content, hashtags, mediaIds: form.media.map((m) => m.id), title: form.title || null },
    { platform, version: draft ? storedVersion(draft) : null },
  );
  // The account's own server may allow more or less than the platform's default (Mastodon, ADR 059).
  const media = version.mediaIds.flatMap((m) => known.get(m) ?? []);
  const max = accountCharacterLimit(
    platform,
    account,
    characterLimitFor(
      platform,
      media.map((m) => m.fileType),
    ),
  );
  // Mastodon counts a content warning with the text of each status it is on.
  const warning = version.options.contentWarning;
  const count = captionLength(platform, version.caption, warning);
  const change = (patch: Partial<NonNullable<typeof draft>>) =>
    setForm((f) => withChannel(f, platform, accountId, (c) => ({ ...c, ...patch })));
  const { threads, firstComment } = PLATFORM_PROFILES[platform];
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <fieldset disabled={locked} className="min-w-0 space-y-3">
        <p className="text-sm text-slate-600">
          {account ? accountName(account) : name}
          {version.customized ? ` publishes its own text.` : ` publishes the post's text.`}
        </p>
        {version.customized ? (
          <div>
            <label htmlFor={`${id}-text`} className={labelClass}>
              {name} text
            </label>
            <textarea
              id={`${id}-text`}
              rows={5}
              className={inputClass}
              value={draft?.text ?? ""}
              aria-describedby={`${id}-count`}
              aria-invalid={count > max}
              onChange={(e) => change({ text: e.target.value })}
            />
            <p
              id={`${id}-count`}
              aria-live="polite"
              className={`mt-1 text-right text-xs ${count > max ? "font-semibold text-red-600" : "text-slate-500"}`}
            >
              {count}/{max}
            </p>
            <button type="button" className={secondaryButton} onClick={() => change({ text: null })}>
              Reset to the post's text
            </button>
          </div>
        ) : (
          <button type="button" className={secondaryButton} onClick={() => change({ text: version.caption })}>
            Customize for {name}
          </button>
        )}
        {threads ? (
          <ThreadParts
            platform={platform}
            max={max}
            contentWarning={warning}
            parts={draft?.thread ?? []}
            onChange={(thread) => change({ thread })}
          />
        ) : null}
        {firstComment ? (
          <div>
            <label htmlFor={`${id}-comment`} className={labelClass}>
              First comment on {name}
            </label>
            <textarea
              id={`${id}-comment`}
              rows={2}
              className={inputClass}
              placeholder="Published right after the post"
              value={draft?.firstComment ?? ""}
              onChange={(e) => change({ firstComment: e.target.value })}
            />
          </div>
        ) : null}
        <FormatPicker
          platform={platform}
          name={name}
          format={draft?.options?.format}
          media={media}
          onFormat={(format) => {
            const { format: _, ...rest } = draft?.options ?? {};
            change({ options: format ? { ...rest, format } : Object.keys(rest).length ? rest : null });
          }}
        />
        <ChannelMedia
          name={name}
          own={draft?.media ?? null}
          base={form.media}
          known={known}
          onChange={(ids) => change({ media: ids })}
          onPicked={onPicked}
        />
        <PrepareMedia
          platform={platform}
          name={name}
          media={media}
          format={version.options.format}
          onPrepared={(originalId, copy) => {
            // The channel now publishes the copy in the original's place (ADR 088).
            onPicked([copy]);
            change({ media: version.mediaIds.map((m) => (m === originalId ? copy.id : m)) });
          }}
        />
        <ChannelOptions
          platform={platform}
          accountId={accountId}
          name={name}
          title={draft?.title ?? null}
          showTitle={ownTitleShown(form, accountId)}
          baseTitle={form.title}
          options={draft?.options ?? {}}
          images={media.filter((m) => m.fileType === "image")}
          video={media.some((m) => m.fileType === "video")}
          creator={creatorOf(account?.metadata)}
          onTitle={(title) => change({ title })}
          onOptions={(options) => change({ options })}
        />
        {problems.length ? (
          <ul aria-label={`${name} checks`} className="text-sm text-red-600">
            {[...new Set(problems.map((p) => p.message))].map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        ) : null}
      </fieldset>
      <PlatformPreview
        platform={platform}
        account={account}
        content={version.caption}
        hashtags={[]}
        media={media}
        title={version.title ?? ""}
        format={version.options.format}
        thread={version.parts.slice(1)}
        firstComment={version.firstComment}
        contentWarning={warning}
      />
    </div>
  );
}
