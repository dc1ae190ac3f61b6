/** A file download: private (never cached by a shared cache), saved under its own name. */
export function fileResponse(file: { body: Uint8Array; filename: string; contentType: string }) {
  return new Response(file.body as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
