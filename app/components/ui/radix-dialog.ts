/** Radix's Dialog alone, for on-demand-dialog.tsx's `import()`: a chunk without the rest of radix-ui. */
export { Dialog } from "radix-ui";
