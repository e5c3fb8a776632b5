export interface PlacedStudentView {
  name: string;
  company: string;
  package: string;
  jobRole: string;
  photo: string | null;
}

/** Stored photos are re-encoded at these widths (see the upload pipeline). */
const photoWidths = [160, 320];

/**
 * A placed student's card. The photo loads lazily even at the top of the page: the lead paragraph
 * is the page's largest paint, and photos fetched with the page shared the slow network with the
 * stylesheet it waits for (decision 017).
 */
export function PlacedStudentCard({ student }: { student: PlacedStudentView }) {
  const base = student.photo ? `/uploads/${student.photo}` : null;
  const srcSet = (ext: string) => photoWidths.map((w) => `${base}-${w}.${ext} ${w}w`).join(", ");
  return (
    <article className="card text-center">
      {base ? (
        <picture>
          <source type="image/avif" srcSet={srcSet("avif")} sizes="(min-width: 40rem) 160px, 112px" />
          <source type="image/webp" srcSet={srcSet("webp")} sizes="(min-width: 40rem) 160px, 112px" />
          <img
            src={`${base}-320.webp`}
            width="160"
            height="160"
            // The name is the card's heading, just below.
            alt=""
            loading="lazy"
            decoding="async"
            className="placed-photo"
          />
        </picture>
      ) : (
        <div aria-hidden="true" className="placed-photo placed-initial">
          {student.name.slice(0, 1)}
        </div>
      )}
      <div className="card-body placed-body">
        <h2 className="card-title">{student.name}</h2>
        <dl className="text-sm">
          <dt className="sr-only">Company</dt>
          <dd className="font-semibold text-[var(--color-teal-deep)]">{student.company}</dd>
          <dt className="sr-only">Job role</dt>
          <dd>{student.jobRole}</dd>
          <dt className="sr-only">Package</dt>
          <dd className="font-bold text-[var(--color-coral-dark)]">{student.package}</dd>
        </dl>
      </div>
    </article>
  );
}
