import { Tabs } from "radix-ui";
import { useState } from "react";
import { type Photo, sacredMomentsTabs } from "~/content/photos";
import { PhotoGrid } from "./photo-grid";

export type GalleryTab = { id: string; label: string; photos: readonly Photo[] };

/** The shipped tabs; the page passes the owner's photos and added tabs in their place. */
const shippedTabs: readonly GalleryTab[] = sacredMomentsTabs;

/**
 * Spec §2: the tabs (Romania by default), the count on each tab and under the heading. The counts are
 * those of the photos shown, so they follow the owner's uploads.
 */
export function SacredMomentsGallery({ tabs = shippedTabs }: { tabs?: readonly GalleryTab[] }) {
  const [tab, setTab] = useState<string>(tabs[0]?.id ?? "romania");
  const current = tabs.find((t) => t.id === tab) ?? tabs[0] ?? { id: "", label: "", photos: [] };
  return (
    <Tabs.Root value={tab} onValueChange={setTab}>
      <p className="-mt-6 mb-6 text-center text-muted" aria-live="polite">
        {current.label}: {current.photos.length} photos
      </p>
      <Tabs.List
        aria-label="Choose a place"
        // Tabs the owner adds wrap onto more rows rather than widen the page past a phone's screen.
        className={`mx-auto mb-8 flex max-w-xl flex-wrap justify-center gap-1 bg-plum-100 p-1 ${
          tabs.length > 3 ? "rounded-3xl" : "rounded-full"
        }`}
      >
        {tabs.map((t) => (
          <Tabs.Trigger
            key={t.id}
            value={t.id}
            className="min-h-11 flex-1 rounded-full px-1 text-xs whitespace-nowrap sm:px-4 sm:text-sm font-semibold text-plum-800 data-[state=active]:bg-white data-[state=active]:text-plum-900 data-[state=active]:shadow"
          >
            {`${t.label} (${t.photos.length})`}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((t) => (
        <Tabs.Content key={t.id} value={t.id}>
          <PhotoGrid title={`Sacred Moments, ${t.label}`} photos={t.photos} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
