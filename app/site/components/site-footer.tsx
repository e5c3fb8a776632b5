import { useRouteLoaderData } from "react-router";
import { site, whatsappHref } from "~/config/site";
import { type Branch, defaultBranches } from "~/site/branches";
import { BranchDetailsList } from "~/site/components/branch-details";
import { courses } from "~/site/content/courses";

/**
 * The foot of every public page: the institute, its courses and each branch with what is known
 * of it (address, phone, hours) and a plain link to its map. No map frame here: it cost every
 * page main-thread time on a slow phone (decision 022).
 */
export function SiteFooter() {
  const year = new Date().getFullYear();
  // The root loader reads the branches as staff edited them; an error page without it shows the defaults.
  const branches = useRouteLoaderData<{ branches?: Branch[] }>("root")?.branches ?? defaultBranches;
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <section>
          <h2 className="footer-heading">{site.name}</h2>
          <p>{site.blurb}</p>
          <p className="footer-contact">
            <a href={`mailto:${site.email}`}>{site.email}</a>
            <br />
            <a href={whatsappHref()} target="_blank" rel="noopener noreferrer">
              WhatsApp us
            </a>
          </p>
        </section>
        <section>
          <h2 className="footer-heading">Courses</h2>
          <ul className="footer-list">
            {courses.map((course) => (
              <li key={course.id}>
                <a href={`/courses/${course.id}`}>{course.title}</a>
              </li>
            ))}
          </ul>
        </section>
        {branches.map((branch) => (
          <section key={branch.key} aria-labelledby={`footer-branch-${branch.key}`}>
            <h2 id={`footer-branch-${branch.key}`} className="footer-heading">
              {branch.name} branch <span className="footer-since">since {branch.established}</span>
            </h2>
            <BranchDetailsList branch={branch} />
          </section>
        ))}
      </div>
      <div className="site-footer-bottom">
        <p>
          © {year} {site.name}. {site.tagline}
        </p>
        <p>
          <a href="/contact">Contact</a> · <a href="/online/register">Register</a> · <a href="/privacy">Privacy</a> ·{" "}
          <a href="/sitemap.xml">Sitemap</a>
        </p>
      </div>
    </footer>
  );
}
