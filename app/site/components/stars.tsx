import { Icon } from "~/components/icons";

/** Five stars, read by assistive technology as "Rated N out of 5". */
export function Stars({ rating }: { rating: number }) {
  return (
    <span className="stars" role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: 5 }, (_, index) => (
        <Icon key={index} name="star" className={index < rating ? "icon" : "icon opacity-25"} />
      ))}
    </span>
  );
}
