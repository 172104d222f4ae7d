import { toast } from "sonner";

export type ToastInput = {
  title: string;
  description?: string | undefined;
  /** 'destructive' for errors, as the spec's error catalogue marks them. */
  variant?: "default" | "destructive" | undefined;
};

/** The one way the site shows a toast. */
export function showToast({ title, description, variant = "default" }: ToastInput) {
  if (variant === "destructive") toast.error(title, { description });
  else toast.success(title, { description });
}
