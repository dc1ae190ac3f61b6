export const input =
  "block w-full rounded-md border border-slate-300 bg-surface px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 disabled:bg-slate-100";
export const label = "mb-1 block text-sm font-medium text-slate-700";
export const primary =
  "inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-on-accent shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50";
export const secondary =
  "inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-surface px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";
export const card = "rounded-lg border border-slate-200 bg-surface p-4 shadow-sm";
