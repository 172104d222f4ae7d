import { useEffect, useId, useRef, useState } from "react";
import { showToast } from "~/components/ui/toast";
import type { UploadKind } from "~/features/shop/model";
import { type UploadedFile, UploadFailure, uploadFile } from "./upload-file";
import { maxBytes, PICKER_ACCEPT, type UploadLimits, uploadMessages } from "./upload-rules";

type InFlight = { key: string; name: string; progress: number };

const successMessage = (file: UploadedFile) => {
  if (file.kind === "image" || file.kind === "photo") return "Image uploaded successfully.";
  return /\.pdf$/i.test(file.name) ? "PDF uploaded successfully." : "File uploaded successfully.";
};

/**
 * A file picker that uploads at once, showing each file's progress. The parent keeps only what the
 * server answered (an upload id); `onBusyChange` lets it hold the form's submit while files travel.
 */
export function FileUploadField({
  kind,
  label,
  hint,
  limits,
  multiple = false,
  onUploaded,
  onBusyChange,
}: {
  kind: UploadKind;
  label: string;
  hint: string;
  limits: UploadLimits;
  multiple?: boolean;
  onUploaded(file: UploadedFile): void;
  onBusyChange(delta: 1 | -1): void;
}) {
  const inputId = useId();
  const hintId = useId();
  const [inFlight, setInFlight] = useState<InFlight[]>([]);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  function take(picker: HTMLInputElement) {
    setError(null);
    // Image upload is skipped if no file is chosen (spec §5).
    for (const file of picker.files ?? []) void send(file);
    picker.value = "";
  }

  // Files chosen while the page's scripts were still loading are sent once they have.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    if (input.current?.files?.length) take(input.current);
  }, []);

  async function send(file: File) {
    if (file.size > maxBytes(kind, limits)) {
      const message = uploadMessages.tooLarge(kind, limits);
      setError(message);
      showToast({ title: "Upload Error", description: message, variant: "destructive" });
      return;
    }
    const key = `${file.name}-${file.size}-${Math.random()}`;
    setInFlight((list) => [...list, { key, name: file.name, progress: 0 }]);
    onBusyChange(1);
    try {
      const uploaded = await uploadFile(kind, file, (progress) =>
        setInFlight((list) => list.map((item) => (item.key === key ? { ...item, progress } : item))),
      );
      onUploaded(uploaded);
      showToast({ title: "Success", description: successMessage(uploaded) });
    } catch (failure) {
      const message = failure instanceof UploadFailure ? failure.message : uploadMessages.failed;
      setError(`${file.name}: ${message}`);
      showToast({ title: "Upload Error", description: message, variant: "destructive" });
    } finally {
      setInFlight((list) => list.filter((item) => item.key !== key));
      onBusyChange(-1);
    }
  }

  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-semibold text-plum-900">
        {label}
      </label>
      <input
        id={inputId}
        type="file"
        accept={PICKER_ACCEPT[kind]}
        multiple={multiple}
        aria-describedby={hintId}
        className="mt-1 block w-full text-sm text-muted file:mr-3 file:rounded-full file:border-0 file:bg-plum-100 file:px-4 file:py-2 file:font-semibold file:text-plum-800 hover:file:bg-plum-200"
        ref={input}
        onChange={(event) => take(event.currentTarget)}
      />
      <p id={hintId} className="mt-1 text-xs text-muted">
        {hint}
      </p>
      {inFlight.map((item) => (
        <div key={item.key} className="mt-2 text-sm">
          <div className="flex justify-between gap-2">
            <span className="truncate">{item.name}</span>
            <span aria-hidden="true">{Math.round(item.progress * 100)}%</span>
          </div>
          <progress
            className="mt-1 h-2 w-full accent-plum-600"
            max={1}
            value={item.progress}
            aria-label={`Uploading ${item.name}`}
          />
        </div>
      ))}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
