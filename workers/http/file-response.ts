/**
 * A file download: private (never cached by a shared cache), saved under its own name; `inline` lets the browser
 * show it in place (the PDF preview is the downloaded document itself).
 */
export function fileResponse(file: { body: Uint8Array; filename: string; contentType: string }, inline = false) {
  return new Response(file.body as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="${file.filename}"`,
      // Shown inline, it is our own page's preview frame (security-headers.ts lets only our origin frame it).
      ...(inline ? { "X-Frame-Options": "SAMEORIGIN" } : {}),
      "Cache-Control": "private, no-store",
    },
  });
}
