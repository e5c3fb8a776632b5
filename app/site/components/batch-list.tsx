import { rupees } from "~/platform/indian-numbers";
import {
  batchDateLabel,
  batchDaysLabels,
  batchModeLabels,
  type PublicBatch,
  seatsLine,
  timingsLabel,
} from "~/site/batch-rules";

/**
 * Upcoming batches, soonest first: when, which days and hours, where, seats and fee, and a
 * link to register for that batch. With `courses`, each batch also names its course (home and
 * admissions pages list every course's batches together).
 */
export function BatchList({
  batches,
  courseId,
  courses,
  headingLevel = 3,
  wide = false,
}: {
  batches: PublicBatch[];
  /** The course of every batch (a course page). */
  courseId?: string;
  /** Title and page id of each course key (pages listing several courses). */
  courses?: Record<string, { id: string; title: string }>;
  headingLevel?: 2 | 3;
  /** Several columns on wide screens (a page's main column rather than its side). */
  wide?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className={wide ? "batch-cards batch-cards-wide" : "batch-cards"}>
      {batches.map((batch) => {
        const course = courses?.[batch.courseKey];
        const id = course?.id ?? courseId ?? "";
        const seats = seatsLine(batch);
        return (
          <li key={batch.id} className="batch-card">
            <Heading className="batch-card-title">
              {course ? <span className="batch-card-course">{course.title}</span> : null}
              <span>{`Starts ${batchDateLabel(batch.startsOn)}`}</span>
            </Heading>
            <p>{`${batchDaysLabels[batch.days]}, ${timingsLabel(batch)}`}</p>
            <p>
              {batch.mode === "online"
                ? `${batchModeLabels.online}, with the ${batch.branchName} team`
                : `${batchModeLabels.classroom}, ${batch.branchName}`}
            </p>
            <p>
              <strong>{rupees(batch.feeInr)}</strong>
              {batch.feeIncludes ? (
                <span className="batch-card-includes">{` (includes ${batch.feeIncludes})`}</span>
              ) : null}
            </p>
            <p className="batch-card-footer">
              {seats ? (
                <span className={`batch-seats${batch.seats === "full" ? " batch-seats-full" : ""}`}>{seats}</span>
              ) : null}
              {batch.seats === "full" ? null : (
                <a href={`/online/register?course=${id}&batch=${batch.id}`}>
                  Register<span className="sr-only">{` for the batch starting ${batchDateLabel(batch.startsOn)}`}</span>
                </a>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
