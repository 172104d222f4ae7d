import type { ProductType } from "./model";

/** The fields of a product every screen shows, shop and admin alike: no storage keys. */
export type ProductFields = {
  id: string;
  title: string;
  short_description: string;
  description: string;
  category: string | null;
  product_type: ProductType;
  price_cents: number;
  duration_minutes: number | null;
  image_url: string | null;
  features: string[];
  is_featured: boolean;
  sort_order: number;
};

/** What the browser gets about a product: no storage keys, and the video only for entitled users. */
export type ProductView = ProductFields & {
  /** Whether a main file exists (the download button is disabled without one). */
  has_download: boolean;
  /** How many PDF attachments there are ('Attachment 1'...). */
  attachment_count: number;
  /** Whether the main file is audio, so it can be played in the page. */
  is_audio_file: boolean;
  /** Whether the main file is a video (MP4, WebM), so it can be watched in the page. */
  is_video_file: boolean;
};
