import { Icon } from "~/components/icons";
import { fullAddress, site, telHref, whatsappHref } from "~/config/site";
import { courses } from "~/site/content/courses";

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <section>
          <h2 className="footer-heading">{site.name}</h2>
          <p>{site.blurb}</p>
          <p className="footer-branches">
            {site.branches.map((b) => `${b.city} (since ${b.established})`).join(" · ")}
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
        <section>
          <h2 className="footer-heading">Visit us</h2>
          <address>
            {fullAddress()}
            <br />
            <a href={telHref()}>{site.phone}</a>
            <br />
            <a href={`mailto:${site.email}`}>{site.email}</a>
            <br />
            <a href={whatsappHref()} target="_blank" rel="noopener noreferrer">
              WhatsApp us
            </a>
          </address>
        </section>
        <section className="footer-map">
          <h2 className="footer-heading">Find us</h2>
          {/* The map frame (lazy) sits in a closed <details>: nothing third-party loads until a visitor opens it. */}
          <details className="map-details">
            <summary className="map-toggle">
              <img
                src="/images/about/map-preview.svg"
                width="400"
                height="200"
                alt=""
                loading="lazy"
                decoding="async"
              />
              <span className="map-summary-text">
                <Icon name="map" />
                <span className="map-show">Show the map here</span>
                <span className="map-hide">Hide the map</span>
              </span>
            </summary>
            <iframe
              title={`Map showing ${site.name}, ${site.address.locality}`}
              src={site.map.embedUrl}
              width="400"
              height="240"
              loading="lazy"
              referrerPolicy="no-referrer-when-downgrade"
            />
          </details>
          <p>
            <a href={site.map.linkUrl} target="_blank" rel="noopener noreferrer">
              Open in Google Maps
            </a>
          </p>
        </section>
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
