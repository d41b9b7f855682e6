import { useId, useRef, useState } from "react";
import type { FormResult } from "~/platform/forms/result";
import { Button } from "~/platform/ui/Button";
import { Input, Label } from "~/platform/ui/Field";
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_ALT_FIELD,
  UPLOAD_FILE_FIELD,
  UPLOAD_HINT,
  UPLOAD_MESSAGES,
  UPLOAD_URL,
  type UploadedImage,
} from "./uploads";

/** Posts one image to the upload endpoint, reporting progress (fetch cannot report an upload's). */
function uploadImage(file: File, alt: string, onProgress: (percent: number) => void) {
  return new Promise<UploadedImage>((resolve, reject) => {
    const body = new FormData();
    body.set(UPLOAD_ALT_FIELD, alt);
    body.set(UPLOAD_FILE_FIELD, file);
    const request = new XMLHttpRequest();
    request.open("POST", UPLOAD_URL);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const answer = request.response as FormResult<UploadedImage> | null;
      if (request.status === 201 && answer?.ok && answer.data) resolve(answer.data);
      else reject(new Error(answer?.toast?.description || UPLOAD_MESSAGES.failed));
    };
    request.onerror = () => reject(new Error(UPLOAD_MESSAGES.failed));
    request.send(body);
  });
}

/**
 * An image of a record: uploaded from a file or given as an address, with its alt text and a
 * preview. The form posts `name` (the image's address) and `altName` (its alt text).
 */
export function ImageField({
  label,
  name,
  altName,
  defaultUrl,
  defaultAlt,
  error,
  required,
}: {
  label: string;
  name: string;
  altName: string;
  defaultUrl?: string | null;
  defaultAlt?: string | null;
  error?: string;
  required?: boolean;
}) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState(defaultUrl ?? "");
  const [alt, setAlt] = useState(defaultAlt ?? "");
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const shownError = uploadError ?? error;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    // The server decides from the bytes; these checks only spare a pointless upload.
    if (file.type && !file.type.startsWith("image/"))
      return setUploadError(UPLOAD_MESSAGES.notImage);
    if (file.size > MAX_UPLOAD_BYTES) return setUploadError(UPLOAD_MESSAGES.tooLarge);
    setProgress(0);
    try {
      const image = await uploadImage(file, alt, setProgress);
      setUrl(image.url);
    } catch (failure) {
      setUploadError(failure instanceof Error ? failure.message : UPLOAD_MESSAGES.failed);
    } finally {
      setProgress(null);
      if (fileInput.current) fileInput.current.value = "";
    }
  };

  return (
    <fieldset className="space-y-3 rounded-card border border-line p-4">
      <legend className="px-1 text-sm font-semibold text-ink">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-accent-700">
            *
          </span>
        )}
      </legend>
      <div className="flex flex-wrap items-start gap-4">
        <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-control border border-line bg-surface">
          {url ? (
            <img src={url} alt="" className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="text-xs text-ink-muted">No image</span>
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-1.5">
          <Label htmlFor={`${id}-file`}>Upload an image</Label>
          <input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            accept="image/*"
            disabled={progress !== null}
            aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ""}`}
            onChange={(event) => void onFile(event.currentTarget.files?.[0])}
            className="block w-full text-sm text-ink file:mr-3 file:rounded-control file:border file:border-line file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold"
          />
          <p id={`${id}-hint`} className="text-sm text-ink-muted">
            {UPLOAD_HINT}
          </p>
          {progress !== null && (
            <div className="space-y-1">
              <progress
                max={100}
                value={progress}
                aria-label="Upload progress"
                className="h-2 w-full accent-brand-700"
              />
              <p role="status" className="text-xs text-ink-muted">
                Uploading… {progress}%
              </p>
            </div>
          )}
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-url`}>Or image URL</Label>
        <div className="flex gap-2">
          <Input
            id={`${id}-url`}
            name={name}
            type="url"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            placeholder="https://"
            required={required}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? `${id}-error` : undefined}
          />
          {url && (
            <Button variant="secondary" onClick={() => setUrl("")} aria-label={`Remove ${label}`}>
              Remove
            </Button>
          )}
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-alt`}>Alt text</Label>
        <Input
          id={`${id}-alt`}
          name={altName}
          value={alt}
          maxLength={300}
          onChange={(event) => setAlt(event.currentTarget.value)}
          placeholder="What the image shows"
        />
      </div>
      {shownError && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger-700">
          {shownError}
        </p>
      )}
    </fieldset>
  );
}
