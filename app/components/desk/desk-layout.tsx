import { Form, NavLink } from "react-router";
import { site } from "~/config/site";
import type { DeskLink, DeskSection } from "~/lib/staff-desk";

/** The staff desk's frame: side navigation, who is signed in, and logout. */
export function DeskLayout({
  navigation,
  staffEmail,
  roleLabel,
  children,
}: {
  navigation: Array<DeskLink | DeskSection>;
  staffEmail: string;
  roleLabel: string;
  children: React.ReactNode;
}) {
  return (
    <div className="desk">
      <aside className="desk-side">
        <p className="desk-brand">
          <a href="/">{site.name}</a>
          <span>Admissions desk</span>
        </p>
        <nav aria-label="Staff">
          <ul>
            {navigation.map((entry) =>
              "links" in entry ? (
                <li key={entry.label}>
                  <span className="desk-section">{entry.label}</span>
                  <ul>
                    {entry.links.map((link) => (
                      <li key={link.to}>
                        <NavLink to={link.to} end>
                          {link.label}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </li>
              ) : (
                <li key={entry.to}>
                  <NavLink to={entry.to} end>
                    {entry.label}
                  </NavLink>
                </li>
              ),
            )}
            <li>
              <Form method="post" action="/logout" reloadDocument>
                <button type="submit" className="desk-logout">
                  logout
                </button>
              </Form>
            </li>
          </ul>
        </nav>
        <p className="desk-who">
          Signed in as <strong>{staffEmail}</strong>
          <br />
          {roleLabel}
        </p>
      </aside>
      <main id="main" tabIndex={-1} className="desk-main">
        {children}
      </main>
    </div>
  );
}
