import { Dialog } from "radix-ui";
import { X } from "~/components/ui/icons";
import { useReturnFocus } from "~/lib/use-return-focus";

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: React.ReactNode;
  footer?: React.ReactNode;
}

/** A Radix dialog with the app's frame: at most 1000 px wide and 90vh high, scrolling inside. */
export function Modal({ open, onOpenChange, title, description, children, footer }: ModalProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          onEscapeKeyDown={(e) => {
            // Escape in a combobox with its list open closes the list, not the dialog.
            const t = e.target;
            if (t instanceof HTMLElement && t.getAttribute("role") === "combobox" && t.ariaExpanded === "true")
              e.preventDefault();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-surface shadow-xl focus:outline-none"
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
            <div>
              <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-slate-500">{description}</Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close
              className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              aria-label="Close"
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-6 py-4">{children}</div>
          {footer ? <div className="flex justify-end gap-2 border-t border-slate-200 px-6 py-4">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
