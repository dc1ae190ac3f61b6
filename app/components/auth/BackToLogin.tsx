import { ArrowLeft } from "~/components/ui/icons";
import { linkButton } from "~/components/ui/styles";
import { NavButton } from "./AuthNav";

export function BackToLogin({ onBack }: { onBack: () => void }) {
  return (
    <NavButton className={`${linkButton} inline-flex items-center gap-1`} onClick={onBack}>
      <ArrowLeft className="size-4" aria-hidden /> Back to Login
    </NavButton>
  );
}
