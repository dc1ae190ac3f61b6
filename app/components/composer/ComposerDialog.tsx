import { Dialog, Tabs } from "radix-ui";
import { useEffect, useMemo, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { ComposerAiPanel } from "~/components/ai/ComposerAiPanel";
import { MediaDropArea } from "~/components/media/MediaDropArea";
import { MediaPicker } from "~/components/media/MediaPicker";
import { UploadDialog } from "~/components/media/UploadDialog";
import { PlatformGrid } from "~/components/platforms/PlatformGrid";
import { platformOptions } from "~/components/platforms/platform-options";
import { queueRequest } from "~/components/queue/types";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { Sparkles, X } from "~/components/ui/icons";
import { RefusedNote } from "~/components/ui/RefusedNote";
import { inputClass, labelClass, primaryButton, secondaryButton } from "~/components/ui/styles";
import { TextField } from "~/components/ui/TextField";
import { api } from "~/lib/api";
import { formatDateTime } from "~/lib/format";
import { useMay } from "~/lib/may";
import { notify } from "~/lib/notify";
import { useReturnFocus } from "~/lib/use-return-focus";
import type { loader as appLoader } from "~/routes/app-layout";
import type { Platform } from "../../../workers/platform-profile";
import type { Problem } from "../../../workers/posts/index";
import {
  characterLimitFor,
  localToUtc,
  platformsUsingBase,
  postFieldsSchema,
  postProblems,
  utcToLocal,
  YOUTUBE_TITLE_MAX,
} from "../../../workers/posts/public";
import { SubmitLabels, submissionNote, submittedToast } from "../posts/submission";
import type { AccountView, MediaJson, PostJson } from "../posts/types";
import { AccountPicker } from "./AccountPicker";
import { ChannelVersions } from "./ChannelVersions";
import { ComposerPreview } from "./ComposerPreview";
import { ContentField } from "./ContentField";
import { clearDraft, draftKey, formChanged, readDraft, type StoredDraft, writeDraft } from "./composer-draft";
import {
  type ComposerForm,
  type ComposerInitial,
  footerBlocked,
  type Intent,
  initialForm,
  requestBody,
  withPlatforms,
} from "./composer-form";
import { contentCounter, selectedLimit, words } from "./content-limits";
import { defaultPreparations, withPreparedCopy } from "./default-prepare";
import { convertToJpeg, needsJpeg } from "./jpeg-conversion";
import { MediaCarousel } from "./MediaCarousel";
import { LinkChoices, PostLabels } from "./PostLabels";
import { PreflightPanel } from "./PreflightPanel";
import { usePostExtras } from "./post-extras";
import { prepareForNetwork } from "./prepare-image";
import { SavedPiecesMenu, SignatureNotes, useSavedPieces } from "./SavedPieces";
import { ScheduleFields } from "./ScheduleFields";
import { signaturesOf, signedBody } from "./signatures";
import { useEditLock } from "./use-edit-lock";
import { usePreflight } from "./use-preflight";

export interface ComposerDialogProps {
  onClose: () => void;
  timeZone: string;
  initial: ComposerInitial;
  onSaved?: (post: PostJson) => void;
}

const tabClass =
  "border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-500 hover:text-slate-800 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700";

/** SPEC §2 Create / edit post dialog. Loaded on demand (see PostDialogs). */
export default function ComposerDialog({ onClose, timeZone, initial, onSaved }: ComposerDialogProps) {
  const returnFocus = useReturnFocus(true);
  const editing = initial.post;
  const [start] = useState(() => initialForm(initial, Date.now(), timeZone));
  const [form, setForm] = useState(start);
  const app = useRouteLoaderData<typeof appLoader>("app");
  const userId = app?.user.id ?? "signed-out";
  // Where approval applies to this member, Schedule, Publish Now and Add to queue submit the post instead, and say
  // so; where the server would refuse them, they are disabled with its reason (ADR 128).
  const { may, why, submits } = useMay();
  const sendRefused = submits ? undefined : why("posts.publish");
  const draft = useLocalDraft(draftKey(userId, editing?.id), start, form);
  // Before anyone types: when the post locks for publishing, or what is publishing now and what can still change.
  const lock = useEditLock(editing, timeZone);
  const frozen = lock?.frozen ?? false;
  const [confirmClose, setConfirmClose] = useState(false);
  const requestClose = () => (formChanged(start, form) ? setConfirmClose(true) : onClose());
  const discard = () => {
    draft.clear();
    onClose();
  };
  const [accounts, setAccounts] = useState<AccountView[] | null>(null);
  const [accountsFailed, setAccountsFailed] = useState(false);
  const [aiOpen, setAiOpen] = useState(false);
  const [picker, setPicker] = useState(false);
  const [uploader, setUploader] = useState(false);
  /** Files dropped on the composer's media: the upload dialog opens with them going up (issue 42). */
  const [dropped, setDropped] = useState<File[]>([]);
  const uploadDropped = (files: File[]) => {
    setDropped(files);
    setUploader(true);
  };
  const closeUploader = (open: boolean) => {
    setUploader(open);
    if (!open) setDropped([]);
  };
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const errorsRef = useRef<HTMLDivElement>(null);
  const pieces = useSavedPieces();
  const extras = usePostExtras(editing?.id);
  const [linksTouched, setLinksTouched] = useState(false);
  const signatures = useMemo(() => signaturesOf(pieces), [pieces]);
  // Channels whose signature the author removed from this post (ADR 087).
  const [unsigned, setUnsigned] = useState<ReadonlySet<Platform>>(new Set());
  const bodyFor = (what: Intent, f = form) => signedBody(requestBody(f, what, timeZone), signatures, unsigned);

  useEffect(() => {
    void api<{ accounts: AccountView[] }>("/api/accounts").then((res) =>
      res.ok ? setAccounts(res.data.accounts) : setAccountsFailed(true),
    );
  }, []);

  const update = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const hashtags = words(form.hashtags, "#");
  // The post's own text is counted against the networks that publish it (a channel may have its own).
  const basePlatforms = platformsUsingBase(form);
  // Each network's limit for the chosen accounts: a Mastodon instance sets its own (ADR 059).
  // A photo post may hold a longer text (TikTok's description).
  const kinds = form.media.map((m) => m.fileType);
  const limitOf = (p: Platform) =>
    selectedLimit(p, form.selectedAccounts[p] ?? [], accounts ?? [], characterLimitFor(p, kinds));
  const counter = contentCounter(form.content, hashtags, basePlatforms, limitOf);
  const intent: Intent = form.mode === "now" ? "now" : "schedule";

  /** SPEC §5 Post messages for what the user asks, from the shared schema. */
  const problemsFor = (what: Intent) => {
    const parsed = postFieldsSchema.safeParse(bodyFor(what));
    if (!parsed.success) return parsed.error.issues.map((i) => i.message);
    return postProblems(parsed.data, {
      now: Date.now(),
      timeZone,
      mediaKind: (id) => form.media.find((m) => m.id === id)?.fileType,
      mediaRequired: app?.workspace.current.mediaRequired ?? true,
    });
  };

  // Pre-flight per channel as the inputs settle.
  const preflightBody = useMemo(
    () => JSON.stringify(signedBody(requestBody(form, intent, timeZone), signatures, unsigned)),
    [form, intent, timeZone, signatures, unsigned],
  );
  const preflight = usePreflight(preflightBody, form.platforms.length > 0);

  /** `queue`: Add to queue, each channel to its account's next free slot (the server picks the times). */
  const submit = async (what: Intent, queue = false) => {
    // A rule can fail on several fields with the same words; the user reads each once.
    const problems = [...new Set(problemsFor(what))];
    setErrors(problems);
    if (problems.length) return requestAnimationFrame(() => errorsRef.current?.focus());
    setBusy(true);
    const prepared = what === "draft" ? form : await prepareWithDefaultCrops(form, preflight.problems);
    if (!prepared) return setBusy(false);
    setForm(prepared);
    const fields = queue ? queueRequest(bodyFor(what, prepared)) : bodyFor(what, prepared);
    // The post's labels and own link choices go in its write, so a post published at once has them (ADR 105).
    const body = { ...fields, labelIds: extras.labelIds, ...(linksTouched ? { links: extras.choices } : {}) };
    const res = editing
      ? await api<PostJson>(`/api/posts/${editing.id}`, { method: "PUT", json: body })
      : await api<PostJson>("/api/posts", { json: body });
    setBusy(false);
    if (!res.ok) {
      setErrors([res.message]);
      notify.error(res.message);
      return;
    }
    // Added to the queue, or sent for approval instead of scheduled: the server's words say which, and a
    // submission's who approves it next.
    const message =
      res.data.status === "pending_approval"
        ? submittedToast(res.message, may("posts.approve"))
        : queue
          ? res.message
          : what === "draft"
            ? "Draft saved successfully!"
            : what === "schedule"
              ? "Post scheduled successfully!"
              : res.data.status === "published"
                ? "Post published successfully!"
                : res.message;
    notify.success(message);
    draft.clear();
    onSaved?.(res.data);
    onClose();
  };

  // Images a chosen network takes only as JPEG, and the offer to convert them.
  const convertible = needsJpeg(form.media, form.platforms);
  const [converting, setConverting] = useState(false);
  const convert = async () => {
    setConverting(true);
    try {
      for (const item of convertible) {
        const jpeg = await convertToJpeg(item);
        setForm((f) => ({ ...f, media: f.media.map((m) => (m.id === item.id ? jpeg : m)) }));
      }
      notify.success(
        convertible.length === 1 ? "Image converted to JPEG" : `${convertible.length} images converted to JPEG`,
      );
    } catch (err) {
      notify.error(err instanceof Error ? err.message : "The image could not be converted");
    } finally {
      setConverting(false);
    }
  };
  // Sending now would fail on a channel (pre-flight says why), so the send buttons wait until it is fixed.
  // An image to prepare does not wait: sending prepares it with the default crop (ADR 100).
  const blocking = preflight.problems.filter((p) => !p.prepare).length;
  const waits = footerBlocked({ busy, over: counter.over, converting, problems: blocking });
  const blocked = waits.send || !!sendRefused;
  const sendNote = sendRefused ? "composer-send-refused" : submits ? "composer-submission" : undefined;

  const addMedia = (items: MediaJson[]) =>
    setForm((f) => ({ ...f, media: [...f.media, ...items.filter((m) => !f.media.some((x) => x.id === m.id))] }));
  const youtube = form.platforms.includes("youtube");
  const videos = form.media.filter((m) => m.fileType === "video");
  const previewReady =
    form.content.trim() !== "" &&
    form.platforms.length > 0 &&
    form.media.length > 0 &&
    form.platforms.every((p) => (form.selectedAccounts[p] ?? []).length > 0);
  const today = utcToLocal(Date.now(), timeZone).localDate;

  return (
    <Dialog.Root open onOpenChange={(open) => !open && requestClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-2rem)] max-w-[1000px] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-surface shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-6 py-4">
            <Dialog.Title className="text-lg font-semibold">
              {editing ? "Edit Post" : initial.copyOf ? "Duplicate Post" : "Create Post"}
            </Dialog.Title>
            <div className="flex items-center gap-2">
              <button
                type="button"
                aria-pressed={aiOpen}
                onClick={() => setAiOpen((v) => !v)}
                className={secondaryButton}
              >
                <Sparkles className="size-4" aria-hidden /> AI Assistant
              </button>
              <Dialog.Close className="rounded p-1 text-slate-500 hover:bg-slate-100" aria-label="Close">
                <X className="size-5" aria-hidden />
              </Dialog.Close>
            </div>
          </div>
          <Tabs.Root defaultValue="compose" className="flex min-h-0 flex-1 flex-col">
            <Tabs.List aria-label="Composer" className="flex gap-2 border-b border-slate-200 px-6">
              <Tabs.Trigger value="compose" className={tabClass}>
                Compose
              </Tabs.Trigger>
              <Tabs.Trigger value="preview" className={tabClass}>
                Preview
              </Tabs.Trigger>
            </Tabs.List>
            <div className="min-h-0 flex-1 overflow-y-auto px-6 py-4">
              <Tabs.Content value="compose" className="grid gap-6 lg:grid-cols-[1fr_auto]">
                <div className="space-y-5">
                  {lock ? (
                    <p
                      role="status"
                      aria-label="Publishing lock"
                      className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
                    >
                      {lock.text}
                    </p>
                  ) : null}
                  {draft.offer ? (
                    <section
                      aria-label="Unsaved post"
                      className="flex flex-wrap items-center gap-3 rounded-md border border-brand-100 bg-brand-50 p-3 text-sm"
                    >
                      <p className="flex-1">
                        <span className="font-medium">Restore your unsaved post?</span>{" "}
                        <span className="text-slate-600">
                          Saved {formatDateTime(new Date(draft.offer.savedAt).toISOString(), timeZone)}.
                        </span>
                      </p>
                      <button type="button" className={primaryButton} onClick={() => setForm(draft.restore())}>
                        Restore
                      </button>
                      <button type="button" className={secondaryButton} onClick={draft.dismiss}>
                        Discard
                      </button>
                    </section>
                  ) : null}
                  <section aria-label="Platforms">
                    <h3 className={labelClass}>Platforms</h3>
                    <PlatformGrid
                      platforms={platformOptions((accounts ?? []).filter((a) => a.connected))}
                      selected={form.platforms}
                      onChange={(next) => setForm((f) => withPlatforms(f, next as Platform[], accounts ?? []))}
                      loading={accounts === null && !accountsFailed}
                      error={accountsFailed}
                    />
                  </section>
                  <AccountPicker
                    platforms={form.platforms}
                    accounts={accounts ?? []}
                    selected={form.selectedAccounts}
                    onChange={(platform, ids) =>
                      setForm((f) => ({ ...f, selectedAccounts: { ...f.selectedAccounts, [platform]: ids } }))
                    }
                  />
                  <ContentSection
                    disabled={frozen}
                    form={form}
                    update={update}
                    hashtags={hashtags}
                    platforms={basePlatforms}
                    limitOf={limitOf}
                  >
                    <SavedPiecesMenu
                      pieces={pieces}
                      at={(form.mode === "later" && localToUtc(form.localDate, form.localTime, timeZone)) || Date.now()}
                      timeZone={timeZone}
                      onHashtags={(tags) => update({ hashtags: `${form.hashtags} ${tags}`.trim() })}
                      onText={(text) =>
                        update({ content: form.content.trim() ? `${form.content.trimEnd()}\n\n${text}` : text })
                      }
                    />
                    <SignatureNotes
                      platforms={form.platforms}
                      signatures={signatures}
                      removed={unsigned}
                      onToggle={(p) =>
                        setUnsigned((was) => {
                          const next = new Set(was);
                          if (!next.delete(p)) next.add(p);
                          return next;
                        })
                      }
                    />
                  </ContentSection>
                  <ChannelVersions
                    form={form}
                    setForm={setForm}
                    accounts={accounts ?? []}
                    hashtags={hashtags}
                    problems={preflight.problems}
                    lockedPlatforms={lock?.lockedPlatforms ?? []}
                  />
                  <MediaDropArea label="Media" onFiles={uploadDropped} disabled={frozen} className="space-y-2">
                    <h3 className={labelClass}>Media</h3>
                    <MediaCarousel
                      items={form.media}
                      onRemove={
                        frozen
                          ? undefined
                          : (id) =>
                              setForm((f) => ({
                                ...f,
                                media: f.media.filter((m) => m.id !== id),
                                youtubeVideo: f.youtubeVideo === id ? null : f.youtubeVideo,
                              }))
                      }
                    />
                    <fieldset disabled={frozen} className="flex gap-2">
                      <button type="button" className={secondaryButton} onClick={() => setPicker(true)}>
                        Choose from Library
                      </button>
                      <button type="button" className={secondaryButton} onClick={() => setUploader(true)}>
                        Upload Media
                      </button>
                    </fieldset>
                  </MediaDropArea>
                  {youtube ? (
                    <fieldset disabled={frozen} aria-label="YouTube" className="grid gap-3 sm:grid-cols-2">
                      <TextField
                        label={`YouTube title (${form.title.length}/${YOUTUBE_TITLE_MAX})`}
                        value={form.title}
                        onChange={(title) => update({ title })}
                      />
                      <div>
                        <label className={labelClass} htmlFor="composer-youtube-video">
                          YouTube video
                        </label>
                        <select
                          id="composer-youtube-video"
                          className={inputClass}
                          value={form.youtubeVideo ?? ""}
                          onChange={(e) => update({ youtubeVideo: e.target.value || null })}
                        >
                          <option value="">{videos.length ? "First attached video" : "Attach a video first"}</option>
                          {videos.map((v) => (
                            <option key={v.id} value={v.id}>
                              {v.originalName}
                            </option>
                          ))}
                        </select>
                      </div>
                    </fieldset>
                  ) : null}
                  <ScheduleFields
                    mode={form.mode}
                    onMode={(mode) => update({ mode })}
                    localDate={form.localDate}
                    localTime={form.localTime}
                    onChange={update}
                    today={today}
                    timeZone={timeZone}
                  />
                  <PostLabels
                    labels={extras.labels}
                    chosen={extras.chosen}
                    onChange={extras.setChosen}
                    onCreate={(name) =>
                      void extras.createLabel(name).then((problem) => problem && notify.error(problem))
                    }
                  />
                  <LinkChoices
                    settings={extras.settings}
                    choices={extras.choices}
                    onChange={(choices) => {
                      setLinksTouched(true);
                      extras.setChoices(choices);
                    }}
                    content={form.content}
                    platforms={form.platforms}
                    labels={extras.chosen.map((l) => l.name)}
                  />
                  <PreflightPanel
                    problems={preflight.problems}
                    accounts={accounts ?? []}
                    checking={preflight.checking}
                    failed={preflight.failed}
                  />
                  {convertible.length ? (
                    <section
                      aria-label="Convert to JPEG"
                      className="flex flex-wrap items-center gap-3 rounded-md border border-slate-200 bg-surface p-3 text-sm"
                    >
                      <p className="flex-1">
                        {convertible.map((m) => m.originalName).join(", ")} can go out as JPEG, which every network you
                        chose accepts. The original stays in your library.
                      </p>
                      <button type="button" className={secondaryButton} disabled={converting} onClick={convert}>
                        {converting ? "Converting…" : "Convert to JPEG"}
                      </button>
                    </section>
                  ) : null}
                </div>
                {aiOpen ? (
                  <aside aria-label="AI assistant" className="lg:w-80">
                    <ComposerAiPanel
                      content={form.content}
                      platforms={form.platforms}
                      onInsert={(text) =>
                        setForm((f) => ({ ...f, content: f.content.trim() ? `${f.content.trimEnd()} ${text}` : text }))
                      }
                    />
                  </aside>
                ) : null}
              </Tabs.Content>
              <Tabs.Content value="preview" className="grid gap-4 md:grid-cols-2">
                {previewReady ? (
                  <ComposerPreview form={form} accounts={accounts} hashtags={hashtags} />
                ) : (
                  <p className="text-sm text-slate-500 md:col-span-2">
                    Add content, choose a platform, attach media and select an account for each platform to see the
                    preview.
                  </p>
                )}
              </Tabs.Content>
            </div>
          </Tabs.Root>
          <div className="border-t border-slate-200 px-6 py-4">
            {errors.length ? (
              <div
                ref={errorsRef}
                tabIndex={-1}
                role="alert"
                className="mb-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700"
              >
                <ul className="list-disc pl-4">
                  {errors.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {submits ? (
              <p id="composer-submission" className="mb-3 text-sm text-slate-600">
                {submissionNote(form.mode === "now", may("posts.approve"))}
              </p>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <button type="button" className={`${secondaryButton} mr-auto`} onClick={requestClose}>
                Cancel
              </button>
              <button type="button" className={secondaryButton} disabled={waits.draft} onClick={() => submit("draft")}>
                Save as Draft
              </button>
              <button
                type="button"
                className={secondaryButton}
                disabled={blocked}
                aria-describedby={sendNote}
                onClick={() => submit("now", true)}
              >
                {submits ? SubmitLabels.queue : "Add to queue"}
              </button>
              <button
                type="button"
                className={primaryButton}
                disabled={blocked}
                aria-describedby={sendNote}
                onClick={() => submit(form.mode === "now" ? "now" : "schedule")}
              >
                {submits ? SubmitLabels.send : form.mode === "now" ? "Publish Now" : "Schedule For Later"}
              </button>
              <RefusedNote id="composer-send-refused" why={sendRefused} />
            </div>
          </div>
          <MediaPicker open={picker} onOpenChange={setPicker} onSelect={addMedia} />
          {uploader ? <UploadDialog open onOpenChange={closeUploader} onUploaded={addMedia} files={dropped} /> : null}
          <ConfirmDialog
            open={confirmClose}
            onOpenChange={setConfirmClose}
            title="Discard this post?"
            description="Your changes have not been saved. If you close the composer now, they are lost."
            cancelLabel="Keep editing"
            confirmLabel="Discard"
            onConfirm={discard}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ContentSection({
  disabled,
  form,
  update,
  hashtags,
  platforms,
  limitOf,
  children,
}: {
  /** Frozen while a channel is in flight or live (the lock notice says why). */
  disabled: boolean;
  form: ReturnType<typeof initialForm>;
  update: (patch: Partial<ReturnType<typeof initialForm>>) => void;
  hashtags: string[];
  platforms: Platform[];
  limitOf: (platform: Platform) => number;
  /** The saved pieces' menu and the signatures' notes. */
  children?: React.ReactNode;
}) {
  return (
    <fieldset disabled={disabled} className="min-w-0 space-y-3">
      <ContentField
        value={form.content}
        onChange={(content) => update({ content })}
        hashtags={hashtags}
        platforms={platforms}
        limitOf={limitOf}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Hashtags"
          placeholder="#launch #news"
          value={form.hashtags}
          onChange={(v) => update({ hashtags: v })}
        />
        <TextField
          label="Mentions"
          placeholder="@partner"
          value={form.mentions}
          onChange={(v) => update({ mentions: v })}
        />
      </div>
      {children && <div className="flex flex-wrap items-start gap-3">{children}</div>}
    </fieldset>
  );
}

/**
 * Autosaves the form to localStorage while it differs from how the composer opened, and offers a draft left
 * from an earlier session back; nothing is written over that draft until the user restores or discards it.
 */
function useLocalDraft(key: string, start: ComposerForm, form: ComposerForm) {
  // undefined: not looked yet (storage exists only in the browser); null: nothing pending.
  const [offer, setOffer] = useState<StoredDraft | null | undefined>(undefined);
  useEffect(() => {
    const found = readDraft(localStorage, key);
    setOffer(found && formChanged(start, found.form) ? found : null);
  }, [key, start]);
  useEffect(() => {
    if (offer !== null) return;
    if (formChanged(start, form)) writeDraft(localStorage, key, form, Date.now());
    else clearDraft(localStorage, key);
  }, [offer, key, start, form]);
  return {
    offer: offer ?? null,
    restore: () => {
      setOffer(null);
      return offer?.form ?? form;
    },
    dismiss: () => {
      clearDraft(localStorage, key);
      setOffer(null);
    },
    clear: () => clearDraft(localStorage, key),
  };
}

/**
 * The form with every image pre-flight asks to prepare replaced, on its channels, by a copy cut with the default
 * crop (ADR 100); null when a copy could not be made (the user is told, and nothing is sent).
 */
async function prepareWithDefaultCrops(form: ComposerForm, problems: Problem[]): Promise<ComposerForm | null> {
  let next = form;
  for (const p of defaultPreparations(problems, form)) {
    try {
      const copy = await prepareForNetwork(p.item, p.platform, p.crop);
      next = withPreparedCopy(next, p.platform, p.accountIds, p.item.id, copy);
    } catch (err) {
      notify.error(err instanceof Error ? err.message : `${p.item.originalName} could not be prepared`);
      return null;
    }
  }
  return next;
}
