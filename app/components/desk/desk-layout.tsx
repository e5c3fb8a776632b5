import { useEffect, useRef, useState } from "react";
import { Form, NavLink, useLocation } from "react-router";
import { NavCountBadges, useLiveNavCounts } from "~/admissions/my-day/day-counts";
import type { NavCounts } from "~/admissions/my-day/my-day";
import { site } from "~/config/site";
import type { DeskLink, DeskSection } from "~/staff/staff-desk";

/** Wide enough for the menu beside the page (the same width as in app.css). */
const sideBySide = "(min-width: 64rem)";

/**
 * The staff desk's frame: side navigation, who is signed in, and logout. On a phone the
 * menu folds into a "Menu" button above the page, so the table comes first; it closes
 * again after choosing a page. It is a <details>, so it works before the script loads.
 */
export function DeskLayout({
  navigation,
  counts: countsAtLoad = null,
  staffEmail,
  roleLabel,
  children,
}: {
  navigation: Array<DeskLink | DeskSection>;
  /** My day's counts, shown beside the link that asks for them (and kept live). */
  counts?: NavCounts | null;
  staffEmail: string;
  roleLabel: string;
  children: React.ReactNode;
}) {
  const counts = useLiveNavCounts(countsAtLoad);
  // On a phone the menu is folded: the link with My day's counts stays in view above it.
  const shortcut = navigation.find((entry): entry is DeskLink => "to" in entry && entry.counts === true);
  const menu = useRef<HTMLDetailsElement>(null);
  const wide = useWideScreen();
  const { pathname } = useLocation();
  // A new page closes the folded menu; the first render does not (it may have been opened
  // before the script loaded).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (menu.current && !wide) menu.current.open = false;
  }, [pathname, wide]);
  return (
    <div className="desk">
      <aside className="desk-side">
        <p className="desk-brand">
          <a href="/">{site.name}</a>
          <span>Admissions desk</span>
        </p>
        {shortcut && counts ? (
          <p className="desk-day-shortcut">
            <NavLink to={shortcut.to} end>
              {shortcut.label}
              <NavCountBadges counts={counts} />
            </NavLink>
          </p>
        ) : null}
        {/* Open beside the page on wide screens (app.css shows it even where <details> cannot be styled open). */}
        <details className="desk-menu" ref={menu} open={wide || undefined}>
          <summary>Menu</summary>
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
                      {entry.counts && counts ? <NavCountBadges counts={counts} /> : null}
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
        </details>
      </aside>
      <main id="main" tabIndex={-1} className="desk-main">
        {children}
      </main>
    </div>
  );
}

function useWideScreen(): boolean {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(sideBySide);
    const update = () => setWide(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return wide;
}
