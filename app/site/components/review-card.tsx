import { Icon } from "~/components/icons";
import type { Review } from "~/site/content/types";
import { Stars } from "./stars";

/** One student's review: rating, words, name and batch. */
export function ReviewCard({ review }: { review: Review }) {
  const initials = review.name
    .split(/\s+/)
    .filter((part) => part.length > 1)
    .slice(0, 2)
    .map((part) => part[0])
    .join("");
  return (
    // The caption must be the figure's own child (HTML's rule): the card's padding is on the figure.
    <figure className="card card-body review-card">
      <div className="review-top">
        <Stars rating={review.rating} />
        <Icon name="quote" className="icon review-quote" />
      </div>
      <blockquote className="review-text">
        <p>{review.text}</p>
      </blockquote>
      <figcaption className="review-by">
        <span className="review-avatar" aria-hidden="true">
          {initials}
        </span>
        <span>
          <strong className="review-name">{review.name}</strong>
          <span className="review-course">{review.course}</span>
        </span>
      </figcaption>
    </figure>
  );
}
