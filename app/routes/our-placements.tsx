import { site } from "~/config/site";
import { databaseContext } from "~/platform/context.server";
import { PlacedStudentCard } from "~/site/components/placed-student-card";
import { listPlacedStudents } from "~/site/placed-students.server";
import { originFrom, pageMeta } from "~/site/seo";
import type { Route } from "./+types/our-placements";

export async function loader({ context }: Route.LoaderArgs) {
  const students = await listPlacedStudents(context.get(databaseContext).db);
  return {
    students: students.map(({ name, company, package: pkg, jobRole, photo }) => ({
      name,
      company,
      package: pkg,
      jobRole,
      photo,
    })),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: `Recent Placements | ${site.name}`,
    description:
      "Our recently placed students: the companies that hired them, their job roles and packages, after training in embedded systems, IoT, Python and AI.",
    path: "/our-placements",
    origin: originFrom(matches),
  });
}

export default function OurPlacements({ loaderData }: Route.ComponentProps) {
  const { students } = loaderData;
  return (
    <div className="page">
      <p className="eyebrow">Placement</p>
      <h1 className="page-title">Recent Placements</h1>
      <p className="lead">
        Congratulations to our students who started their careers this year. Every batch gets resume reviews, mock
        interviews and introductions to our <a href="/industry-partnership">placement partners</a>.
      </p>
      {students.length === 0 ? (
        <p className="mt-6">New placements are added here as our students join their companies.</p>
      ) : (
        <ul className="card-grid card-grid-pairs card-grid-4 mt-6">
          {students.map((student) => (
            <li key={`${student.name}-${student.company}`}>
              <PlacedStudentCard student={student} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
