import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LabelsSection } from "./LabelsSection";

const labels = [
  { id: "l1", name: "Spring sale", color: "#2f855a" },
  { id: "l2", name: "Tips", color: "#2b6cb0" },
];
const render = (canEdit: boolean, list = labels) =>
  renderToStaticMarkup(<LabelsSection labels={list} canEdit={canEdit} notify={() => {}} />);

describe("Settings → Workspace → Labels", () => {
  it("gives whoever writes posts each label's name, colour input and delete button", () => {
    const html = render(true);
    expect(html).toContain('<form aria-label="Label Spring sale"');
    expect(html).toContain('value="Spring sale"');
    expect(html).toMatch(/Colour<input type="color"[^>]*value="#2f855a"/);
    expect(html).toContain('aria-label="Delete Tips"');
    // Nothing changed yet: nothing to save.
    expect(html).toMatch(/<button type="submit"[^>]*disabled="">Save<\/button>/);
  });

  it("lists them read-only for the others, and says where labels come from when there are none", () => {
    const html = render(false);
    expect(html).toContain("Spring sale");
    expect(html).not.toContain("<input");
    expect(html).not.toContain("Delete");
    expect(render(true, [])).toContain("No labels yet: add one from the composer&#x27;s Labels field.");
  });
});
