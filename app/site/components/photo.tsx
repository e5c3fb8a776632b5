import { type PhotoView, photoPlace } from "~/site/photo-places";

/**
 * A staff photo: an upload as AVIF or WebP at the width the page needs, a default drawing as its
 * AVIF copies when it has some (decision 017), itself otherwise and as their fallback. Its width and height are always set (no layout shift); below the fold it loads lazily,
 * and the page's main picture (the first slide) asks for high priority instead.
 */
export function Photo({
  photo,
  loading,
  className,
}: {
  photo: PhotoView;
  /** "eager-high": the page's largest picture (its LCP); "eager": above the fold; "lazy": below it. */
  loading: "eager-high" | "eager" | "lazy";
  className?: string;
}) {
  const img = (
    <img
      src={photo.src}
      width={photo.width}
      height={photo.height}
      alt={photo.alt}
      className={className}
      {...(loading === "eager-high"
        ? { fetchPriority: "high" as const }
        : loading === "lazy"
          ? { loading: "lazy" as const, decoding: "async" as const }
          : { decoding: "async" as const })}
    />
  );
  if (!photo.avif && !photo.webp) return img;
  const sizes = photoPlace(photo.place)?.sizes;
  return (
    <picture className="photo-picture">
      {photo.avif ? <source type="image/avif" srcSet={photo.avif} sizes={sizes} /> : null}
      {photo.webp ? <source type="image/webp" srcSet={photo.webp} sizes={sizes} /> : null}
      {img}
    </picture>
  );
}
