import type { Picture } from "~/site/content/types";
import { drawingAvifSrcset } from "~/site/drawing-rasters";
import { type PhotoView, photoPlace } from "~/site/photo-places";

/**
 * "eager-high": the page's largest picture (its LCP); "eager": above the fold; "lazy": below it;
 * "hidden": in view but not shown yet (the slideshow's later slides, under the first), lazy and at
 * low priority, so that the browser does not raise it to the largest picture's and share the
 * network with it.
 */
type Loading = "eager-high" | "eager" | "lazy" | "hidden";

/** The <img> attributes of each way of loading. */
const loadingAttributes = {
  "eager-high": { fetchPriority: "high" },
  eager: { decoding: "async" },
  lazy: { loading: "lazy", decoding: "async" },
  hidden: { loading: "lazy", decoding: "async", fetchPriority: "low" },
} as const satisfies Record<Loading, React.ImgHTMLAttributes<HTMLImageElement>>;

/**
 * An image with its width and height always set (no layout shift), in a <picture> when there are
 * AVIF or WebP sources for it. Below the fold it loads lazily, and the page's main picture asks for
 * high priority instead.
 */
function Sourced({
  img,
  avif,
  webp,
  sizes,
  loading,
  className,
}: {
  img: Picture;
  avif: string | null;
  webp: string | null;
  sizes: string | undefined;
  loading: Loading;
  className?: string;
}) {
  const element = (
    <img
      src={img.src}
      width={img.width}
      height={img.height}
      alt={img.alt}
      className={className}
      {...loadingAttributes[loading]}
    />
  );
  if (!avif && !webp) return element;
  return (
    <picture className="photo-picture">
      {avif ? <source type="image/avif" srcSet={avif} sizes={sizes} /> : null}
      {webp ? <source type="image/webp" srcSet={webp} sizes={sizes} /> : null}
      {element}
    </picture>
  );
}

/**
 * A staff photo: an upload as AVIF or WebP at the width the page needs, a default drawing as its
 * AVIF copies when it has some (decision 017), itself otherwise and as their fallback.
 */
export function Photo({ photo, loading, className }: { photo: PhotoView; loading: Loading; className?: string }) {
  return (
    <Sourced
      img={photo}
      avif={photo.avif}
      webp={photo.webp}
      sizes={photoPlace(photo.place)?.sizes}
      loading={loading}
      className={className}
    />
  );
}

/**
 * A course's picture: its drawing's AVIF copies when it has some, the drawing the fallback; a
 * picture staff uploaded (one WebP) as it is.
 */
export function CoursePicture({
  image,
  sizes,
  loading,
  className,
}: {
  image: Picture;
  /** The width the page gives it, as `sizes` says it. */
  sizes: string;
  loading: Loading;
  className?: string;
}) {
  return (
    <Sourced
      img={image}
      avif={drawingAvifSrcset(image.src)}
      webp={null}
      sizes={sizes}
      loading={loading}
      className={className}
    />
  );
}
