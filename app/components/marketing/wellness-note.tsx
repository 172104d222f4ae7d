import { Notice } from "~/components/ui/notice";
import { wellnessDisclaimer } from "~/content/policies";

/** The health statement shown on every page about a session (spec §1). */
export function WellnessNote({ className = "" }: { className?: string }) {
  return (
    <Notice as="p" tone="note" title="Please note:" className={`mx-auto max-w-3xl px-5 py-4 ${className}`.trim()}>
      {wellnessDisclaimer}
    </Notice>
  );
}
