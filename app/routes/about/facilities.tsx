import { site } from "~/config/site";
import { databaseContext } from "~/platform/context.server";
import { TextSections } from "~/site/components/text-sections";
import { facilities } from "~/site/content/about";
import { photosOf } from "~/site/photos.server";
import { originFrom, pageMeta } from "~/site/seo";
import type { Route } from "./+types/facilities";

export async function loader({ context }: Route.LoaderArgs) {
  return { photos: await photosOf(context.get(databaseContext).db, "facilities") };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: `Facilities | ${site.name}`,
    description:
      "Development boards, practice labs, licensed software and mentors on hand: the facilities our embedded, IoT, Python, AI and MATLAB students train with.",
    path: "/about/facilities",
    origin: originFrom(matches),
  });
}

export default function Facilities({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <p className="eyebrow">About</p>
      <h1 className="page-title">Facilities</h1>
      <p className="lead">
        Every student works on real hardware and real tools from the first week. This is what is waiting for you in our
        labs.
      </p>
      {/* Each section with the photo staff gave its slot (the same position). */}
      <TextSections sections={facilities} photos={loaderData.photos} />
    </div>
  );
}
