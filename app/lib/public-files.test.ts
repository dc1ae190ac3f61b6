import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { links } from "../root";

const publicFile = (href: string) => new URL(`../../public${href}`, import.meta.url);

describe("public/", () => {
  it("has every file root.tsx links to", () => {
    const hrefs = links().map((l) => ("href" in l ? l.href : undefined));
    expect(hrefs).toEqual(["/favicon.svg", "/manifest.webmanifest"]);
    for (const href of hrefs) expect(existsSync(publicFile(href!)), href).toBe(true);
  });

  it("has a web manifest whose icons exist", () => {
    const manifest = JSON.parse(readFileSync(publicFile("/manifest.webmanifest"), "utf8"));
    expect(manifest).toMatchObject({ short_name: "Postline", start_url: "/dashboard", display: "standalone" });
    for (const icon of manifest.icons) expect(existsSync(publicFile(icon.src)), icon.src).toBe(true);
  });

  it("keeps crawlers out of the API and the signed-in app", () => {
    const robots = readFileSync(publicFile("/robots.txt"), "utf8");
    for (const path of ["/api/", "/sandbox/", "/dashboard", "/settings"]) expect(robots).toContain(`Disallow: ${path}`);
  });
});
