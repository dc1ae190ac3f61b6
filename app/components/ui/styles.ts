/** Shared class strings for form controls, so every form looks and focuses the same. */
// controlClass is sized by its content (inline filters, pickers): adding `w-auto` to inputClass does not undo its `w-full`.
export const controlClass =
  "block rounded-md border border-slate-300 bg-surface px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-500 disabled:bg-slate-100 disabled:text-slate-500";
export const inputClass = `${controlClass} w-full`;
export const labelClass = "mb-1 block text-sm font-medium text-slate-700";
export const primaryButton =
  "inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-on-accent shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50";
export const secondaryButton =
  "inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-surface px-4 py-2 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50";
/** For the one action of a form or dialog that deletes. */
export const dangerButton =
  "inline-flex items-center justify-center gap-2 rounded-md bg-red-600 px-4 py-2 text-sm font-medium text-on-accent shadow-sm hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:opacity-50";
export const linkButton = "text-sm font-medium text-brand-600 hover:text-brand-700 hover:underline";
