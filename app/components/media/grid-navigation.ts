/** Keyboard moves in a grid of `count` cells laid out in `columns` columns (the media picker). */
export function nextIndex(key: string, index: number, count: number, columns: number): number | null {
  if (count === 0) return null;
  const last = count - 1;
  switch (key) {
    case "ArrowRight":
      return Math.min(last, index + 1);
    case "ArrowLeft":
      return Math.max(0, index - 1);
    case "ArrowDown":
      return index + columns <= last ? index + columns : index;
    case "ArrowUp":
      return index - columns >= 0 ? index - columns : index;
    case "Home":
      return 0;
    case "End":
      return last;
    default:
      return null;
  }
}

/** Adds or removes an id, keeping the order in which items were picked (the post's media order). */
export function toggle(ids: string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
}

/** 'Add N Item(s) to Post' (SPEC §2 Media library picker). */
export const addLabel = (n: number) => `Add ${n} Item(s) to Post`;
