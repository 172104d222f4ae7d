import { Tabs } from "radix-ui";
import { useState } from "react";
import { sacredMomentsTabs } from "~/content/photos";
import { PhotoGrid } from "./photo-grid";

type TabId = (typeof sacredMomentsTabs)[number]["id"];

/** Spec §2: three tabs (Romania by default), the count on each tab and under the heading. */
export function SacredMomentsGallery() {
  const [tab, setTab] = useState<TabId>("romania");
  const current = sacredMomentsTabs.find((t) => t.id === tab) ?? sacredMomentsTabs[0];
  return (
    <Tabs.Root value={tab} onValueChange={(value) => setTab(value as TabId)}>
      <p className="-mt-6 mb-6 text-center text-muted" aria-live="polite">
        {current.label}: {current.photos.length} photos
      </p>
      <Tabs.List
        aria-label="Choose a place"
        className="mx-auto mb-8 flex max-w-xl justify-center gap-1 rounded-full bg-plum-100 p-1"
      >
        {sacredMomentsTabs.map((t) => (
          <Tabs.Trigger
            key={t.id}
            value={t.id}
            className="min-h-11 flex-1 rounded-full px-1 text-xs whitespace-nowrap sm:px-4 sm:text-sm font-semibold text-plum-800 data-[state=active]:bg-white data-[state=active]:text-plum-900 data-[state=active]:shadow"
          >
            {t.label} ({t.photos.length})
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {sacredMomentsTabs.map((t) => (
        <Tabs.Content key={t.id} value={t.id}>
          <PhotoGrid title={`Sacred Moments, ${t.label}`} photos={t.photos} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
