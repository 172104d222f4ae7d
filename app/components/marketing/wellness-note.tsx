import { wellnessDisclaimer } from "~/content/policies";

/** The health statement shown on every page about a session (spec §1). */
export function WellnessNote({ className = "" }: { className?: string }) {
  return (
    <p
      className={`mx-auto max-w-3xl rounded-xl border border-gold-300 bg-gold-300/20 px-5 py-4 text-sm text-ink ${className}`}
    >
      <strong className="font-semibold">Please note:</strong> {wellnessDisclaimer}
    </p>
  );
}
