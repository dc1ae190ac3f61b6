import { GenIcon } from "react-icons";

/**
 * A one-path network mark as a react-icons component. Each network's mark is a module of its own (ADR 096), so a
 * page loads the marks it shows; this and react-icons' IconBase load with the first of them.
 */
export const mark = (viewBox: string, d: string) =>
  GenIcon({ tag: "svg", attr: { viewBox }, child: [{ tag: "path", attr: { d }, child: [] }] });
