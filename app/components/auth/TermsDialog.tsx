import { Modal } from "~/components/ui/Modal";
import { primaryButton } from "~/components/ui/styles";

const SECTIONS: Array<{ title: string; body: string }> = [
  {
    title: "1. Information We Collect",
    body: "Your name, email address and password (stored only as a salted hash), the content and media you upload, the social accounts you connect and basic usage events such as the pages you visit.",
  },
  {
    title: "2. How We Use Your Information",
    body: "To run your account, publish and schedule the posts you ask us to, show your analytics, generate AI suggestions on request, and keep the service secure and working.",
  },
  {
    title: "3. Sharing of Information",
    body: "We share content only with the social platforms you choose to publish to. We do not sell your personal information. Service providers process data for us under confidentiality obligations.",
  },
  {
    title: "4. Data Security",
    body: "Connections are encrypted, access tokens for connected accounts are stored encrypted, and sessions can be revoked at any time by changing your password.",
  },
  {
    title: "5. Your Rights",
    body: "You can access and update your information, disconnect any social account, and request deletion of your account and its data.",
  },
  {
    title: "6. Cookies",
    body: "We use one essential session cookie to keep you signed in. We do not use advertising cookies.",
  },
  {
    title: "7. Third-Party Links",
    body: "The service links to social platforms whose own terms and privacy policies apply to what you do there.",
  },
  {
    title: "8. Changes to These Terms",
    body: "We will tell you about material changes before they take effect. Continuing to use Postline after that means you accept the updated terms.",
  },
  {
    title: "9. Contact Us",
    body: "Questions about these terms or your data: support@postline.app.",
  },
];

export function TermsDialog({
  open,
  onOpenChange,
  onAccept,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAccept: () => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Terms and Conditions"
      description="Effective July 14, 2025"
      footer={
        <button type="button" className={primaryButton} onClick={onAccept}>
          Accept and Continue
        </button>
      }
    >
      <div className="space-y-4 text-sm text-slate-700">
        {SECTIONS.map((s) => (
          <section key={s.title}>
            <h3 className="font-semibold text-slate-900">{s.title}</h3>
            <p className="mt-1">{s.body}</p>
          </section>
        ))}
      </div>
    </Modal>
  );
}
