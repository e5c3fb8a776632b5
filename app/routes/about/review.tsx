import { site } from "~/config/site";
import { databaseContext } from "~/platform/context.server";
import { ReviewCard } from "~/site/components/review-card";
import { getReviews } from "~/site/content.server";
import { originFrom, pageMeta } from "~/site/seo";
import type { Route } from "./+types/review";

export async function loader({ context }: Route.LoaderArgs) {
  return { reviews: await getReviews(context.get(databaseContext).db) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: `Student reviews | ${site.name}`,
    description:
      "What our students say about training in embedded systems, IoT, Python fullstack, AI and MATLAB with us: mentors, hands-on labs and placement help.",
    path: "/about/review",
    origin: originFrom(matches),
  });
}

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { reviews } = loaderData;
  return (
    <div className="page">
      <p className="eyebrow">Testimonial</p>
      <h1 className="page-title">What our students say</h1>
      <p className="lead">In their own words, from recent batches in Bengaluru and Chennai.</p>
      <ul className="card-grid mt-6">
        {reviews.map((review) => (
          <li key={review.name}>
            <ReviewCard review={review} />
          </li>
        ))}
      </ul>
      <section className="cta-band" aria-labelledby="cta-title">
        <div>
          <h2 id="cta-title" className="cta-title">
            See it for yourself
          </h2>
          <p>Visit either centre to see the labs and put your questions to our trainers and students.</p>
        </div>
        <p className="flex flex-wrap gap-3">
          <a className="btn-primary" href="/contact">
            Talk to a counsellor
          </a>
          <a className="btn-on-dark" href="/our-placements">
            See recent placements
          </a>
        </p>
      </section>
    </div>
  );
}
