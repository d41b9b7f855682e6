import { useState } from "react";
import type { FormResult } from "~/platform/forms/result";
import {
  ARTWORK_ACCEPT,
  ARTWORK_MESSAGES,
  ARTWORK_UPLOAD_URL,
  type ArtworkFile,
  MAX_ARTWORK_BYTES,
  formatArtworkSize,
} from "./artwork";

/**
 * One decoration location's artwork: a file sent to the artwork endpoint as soon as it is chosen
 * (checked there by its bytes), then kept in the line by id. The form posts only the id.
 */
export function ArtworkField({
  name,
  label,
  file,
  onChange,
}: {
  name: string;
  label: string;
  file: ArtworkFile | null;
  onChange: (file: ArtworkFile | null) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (file) {
    return (
      <div className="flex items-center gap-2 pl-26 text-sm" data-testid="artwork">
        <input type="hidden" name={name} value={file.id} />
        {file.thumbnailUrl && (
          <img
            src={file.thumbnailUrl}
            alt=""
            width={40}
            height={40}
            className="size-10 object-contain"
          />
        )}
        <span>
          {file.name} ({file.format.toUpperCase()}, {formatArtworkSize(file.bytes)})
        </span>
        <button
          type="button"
          className="text-brand-700 underline"
          aria-label={`Remove ${label}`}
          onClick={() => onChange(null)}
        >
          Remove
        </button>
      </div>
    );
  }
  async function upload(chosen: File) {
    setError(null);
    if (chosen.size > MAX_ARTWORK_BYTES) return setError(ARTWORK_MESSAGES.tooLarge);
    setBusy(true);
    try {
      const body = new FormData();
      body.set("file", chosen);
      const response = await fetch(ARTWORK_UPLOAD_URL, { method: "POST", body });
      const answer = (await response.json().catch(() => null)) as FormResult<ArtworkFile> | null;
      if (response.status === 201 && answer?.ok && answer.data) onChange(answer.data);
      else
        setError(
          answer?.toast?.description ??
            (response.status === 413 ? ARTWORK_MESSAGES.tooLarge : ARTWORK_MESSAGES.failed),
        );
    } catch {
      setError(ARTWORK_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="pl-26 text-sm">
      <label className="flex flex-col gap-1">
        <span>
          {label} <span className="text-ink-muted">(PNG, JPEG or PDF, up to 20 MB)</span>
        </span>
        <input
          type="file"
          accept={ARTWORK_ACCEPT}
          disabled={busy}
          aria-describedby={error ? `${name}-error` : undefined}
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            e.target.value = "";
            if (chosen) void upload(chosen);
          }}
        />
      </label>
      {busy && <p role="status">Uploading…</p>}
      {error && (
        <p id={`${name}-error`} role="alert" className="text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
