import { Slider } from "radix-ui";

/** The hashtag count slider, 5 to 30 (SPEC §9). */
export function CountSlider({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  return (
    <div>
      <div className="mb-1 flex justify-between text-sm font-medium text-slate-700">
        <span id="hashtag-count-label">Number of hashtags</span>
        <span>{value}</span>
      </div>
      <Slider.Root
        className="relative flex h-5 w-full touch-none select-none items-center"
        min={5}
        max={30}
        step={1}
        value={[value]}
        onValueChange={(v) => onChange(v[0] ?? value)}
      >
        <Slider.Track className="relative h-1.5 grow rounded-full bg-slate-200">
          <Slider.Range className="absolute h-full rounded-full bg-brand-500" />
        </Slider.Track>
        <Slider.Thumb
          aria-labelledby="hashtag-count-label"
          className="block h-4 w-4 rounded-full border border-brand-600 bg-surface shadow focus:outline-none focus:ring-2 focus:ring-brand-100"
        />
      </Slider.Root>
    </div>
  );
}
