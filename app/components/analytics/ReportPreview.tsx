import { useState } from "react";
import { Eye } from "~/components/ui/icons";
import { linkButton } from "~/components/ui/styles";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * The PDF shown in the page: the same document the PDF button downloads (`view=inline`), in an iframe once asked
 * for (a report is rendered on request, so none is made until then). Without JavaScript it opens in a new tab.
 */
export function ReportPreview({ src, title }: { src: string; title: string }) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  const url = `${src}&view=inline`;
  if (!hydrated)
    return (
      <a href={url} target="_blank" rel="noreferrer" className={`${linkButton} mt-2 inline-flex items-center gap-1`}>
        <Eye className="size-4" aria-hidden /> Preview
      </a>
    );
  return (
    <div className="mt-2">
      <button type="button" className={`${linkButton} inline-flex items-center gap-1`} onClick={() => setShown(!shown)}>
        <Eye className="size-4" aria-hidden /> {shown ? "Hide preview" : "Preview"}
      </button>
      {shown && (
        <iframe
          src={url}
          title={`${title} preview`}
          className="mt-2 h-[36rem] w-full rounded border border-slate-200"
        />
      )}
    </div>
  );
}
