import { useId, useState } from "react";
import { labelClass, primaryButton, secondaryButton } from "~/components/ui/styles";
import { notify } from "~/lib/notify";
import {
  type Crop,
  centredCrop,
  cropShapes,
  defaultShape,
  type ImageFacts,
  moveCrop,
  needsPreparing,
  preparationNeeds,
  shapeLabel,
} from "../../../workers/media/public";
import type { Platform } from "../../../workers/platform-profile";
import type { MediaJson } from "../posts/types";
import { defaultCropNote, imageFacts } from "./default-prepare";
import { prepareForNetwork } from "./prepare-image";

/** The channel's feed images that the network takes only once prepared for it (ADR 088; a Reel or Story has its own rules). */
export function toPrepare(platform: Platform, media: MediaJson[], format = "feed"): MediaJson[] {
  if (format !== "feed") return [];
  return media.filter((m) => {
    const facts = imageFacts(m);
    return facts !== null && needsPreparing(platform, facts);
  });
}

/**
 * For each of a channel's images the network would refuse for its size or shape: why, a crop frame the user moves
 * (pointer or arrow keys; Shift moves further) in one of the network's shapes, and "Prepare", which draws the copy
 * in the browser, stores it beside the original and makes the channel publish the copy instead.
 */
export function PrepareMedia({
  platform,
  name,
  media,
  format,
  onPrepared,
}: {
  platform: Platform;
  name: string;
  media: MediaJson[];
  format?: string;
  onPrepared: (originalId: string, copy: MediaJson) => void;
}) {
  const items = toPrepare(platform, media, format);
  if (items.length === 0) return null;
  return (
    <section aria-label={`Prepare for ${name}`} className="space-y-3 rounded-md border border-slate-200 p-3">
      <h4 className={labelClass}>Prepare for {name}</h4>
      {items.map((item) => (
        <CropEditor
          key={item.id}
          item={item}
          facts={imageFacts(item)!}
          platform={platform}
          name={name}
          onPrepared={onPrepared}
        />
      ))}
    </section>
  );
}

function CropEditor({
  item,
  facts,
  platform,
  name,
  onPrepared,
}: {
  item: MediaJson;
  facts: ImageFacts;
  platform: Platform;
  name: string;
  onPrepared: (originalId: string, copy: MediaJson) => void;
}) {
  const id = useId();
  const [shape, setShape] = useState(() => defaultShape(platform, facts));
  const [crop, setCrop] = useState<Crop>(() => centredCrop(facts, shape));
  const [busy, setBusy] = useState(false);
  const [drag, setDrag] = useState<{ x: number; y: number; crop: Crop; scale: number } | null>(null);
  const pct = (v: number, of: number) => `${(v / of) * 100}%`;
  const pickShape = (s: number) => {
    setShape(s);
    setCrop(centredCrop(facts, s));
  };
  const onKey = (e: React.KeyboardEvent) => {
    const step = (e.shiftKey ? 0.1 : 0.02) * Math.max(facts.width, facts.height);
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    setCrop((c) => moveCrop(c, facts, move[0], move[1]));
  };
  const prepare = async () => {
    setBusy(true);
    try {
      onPrepared(item.id, await prepareForNetwork(item, platform, crop));
      notify.success(`${item.originalName} prepared for ${name}`);
    } catch (err) {
      notify.error(err instanceof Error ? err.message : "The image could not be prepared");
    } finally {
      setBusy(false);
    }
  };
  const whole = crop.width === facts.width && crop.height === facts.height;
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">
        {item.originalName}: {preparationNeeds(platform, facts).join("; ")}. It will be sent to {name} as a JPEG
        {whole ? "" : " of the framed part"}; the original stays in the library. {defaultCropNote(platform, facts)}
      </p>
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">Shape for {name}</legend>
        {cropShapes(platform, facts).map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={s === shape}
            className={`${secondaryButton} ${s === shape ? "ring-2 ring-brand-600" : ""}`}
            onClick={() => pickShape(s)}
          >
            {shapeLabel(s, facts)}
          </button>
        ))}
      </fieldset>
      <div className="relative max-w-sm overflow-hidden rounded bg-slate-900">
        <img src={item.thumbnailUrl ?? item.url} alt={item.altText || item.originalName} className="block w-full" />
        <div
          role="group"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the crop frame takes focus so the arrow keys can move it.
          tabIndex={0}
          aria-label={`Crop for ${name}`}
          aria-describedby={`${id}-help`}
          aria-roledescription="movable crop frame"
          onKeyDown={onKey}
          onPointerDown={(e) => {
            e.currentTarget.setPointerCapture(e.pointerId);
            const box = e.currentTarget.parentElement!.getBoundingClientRect();
            setDrag({ x: e.clientX, y: e.clientY, crop, scale: facts.width / box.width });
          }}
          onPointerMove={(e) => {
            if (!drag) return;
            const dx = (e.clientX - drag.x) * drag.scale;
            const dy = (e.clientY - drag.y) * drag.scale;
            setCrop(moveCrop(drag.crop, facts, dx, dy));
          }}
          onPointerUp={() => setDrag(null)}
          className="absolute cursor-move touch-none border-2 border-white shadow-[0_0_0_9999px_rgba(15,23,42,0.55)] focus-visible:outline-2 focus-visible:outline-brand-500"
          style={{
            left: pct(crop.x, facts.width),
            top: pct(crop.y, facts.height),
            width: pct(crop.width, facts.width),
            height: pct(crop.height, facts.height),
          }}
        />
      </div>
      <p id={`${id}-help`} className="text-xs text-slate-500" aria-live="polite">
        Drag the frame or use the arrow keys (Shift moves further). Frame at {crop.x}, {crop.y}, {crop.width}×
        {crop.height} px.
      </p>
      <button type="button" className={primaryButton} disabled={busy} onClick={prepare}>
        {busy ? "Preparing…" : `Prepare ${item.originalName} for ${name}`}
      </button>
    </div>
  );
}
