import { maxUploadMegabytes } from "~/platform/upload-limits";

/**
 * A file field for a photo or logo. The server decides (it decodes the file and refuses
 * anything that is not an image, or larger than the limit); in the browser, a file over
 * the limit is stopped before it is sent, with the same words, so nobody waits for a
 * 6 MB upload to be refused.
 */
export function ImageInput({
  name,
  label,
  error,
  errorId,
}: {
  name: string;
  label: string;
  error?: string;
  errorId: string;
}) {
  return (
    <label>
      {label}
      <input
        type="file"
        name={name}
        accept="image/jpeg,image/png,image/webp,image/avif"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          const input = event.currentTarget;
          const file = input.files?.[0];
          const tooLarge = file !== undefined && file.size > maxUploadMegabytes * 1024 * 1024;
          input.setCustomValidity(
            tooLarge ? `That image is larger than ${maxUploadMegabytes} MB. Please upload a smaller one.` : "",
          );
          if (tooLarge) input.reportValidity();
        }}
      />
      {error ? (
        <span id={errorId} className="field-error">
          {error}
        </span>
      ) : null}
    </label>
  );
}
