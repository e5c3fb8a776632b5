import { NavLink, useLocation } from "react-router";
import { Icon } from "~/components/icons";
import { site } from "~/config/site";
import { isMenu, mainNavigation } from "~/site/navigation";

/**
 * The logo, drawn in the page itself (public/images/logo.svg, which structured data names): an
 * <img> would be one more request before the first paint and an SVG document of its own on every
 * page (decision 017). The link's text names the institute, so the drawing is hidden from
 * assistive technology, as the image's empty alt hid it.
 */
function BrandMark() {
  return (
    <svg className="brand-logo" width="40" height="40" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect x="0" y="0" width="64" height="64" fill="#0f4c5c" rx="14" />
      <path
        d="M15 46L29 18L46 40L52 16"
        fill="none"
        stroke="#fbf7ef"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="15" cy="46" r="7" fill="#f2a541" />
      <circle cx="29" cy="18" r="6" fill="#fbf7ef" />
      <circle cx="46" cy="40" r="7" fill="#e36414" />
      <circle cx="52" cy="16" r="5" fill="#9ad1d4" />
    </svg>
  );
}

/** The id of a sub-menu's list, from its label: "About" -> "menu-about". */
function menuId(label: string): string {
  return `menu-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
}

/**
 * The top navigation, with no script (decision 023): the phone menu and each sub-menu are
 * popovers (popover="auto") opened by their buttons (popovertarget). The browser closes one on
 * Escape or a click or tap outside it, keeps one sub-menu open at a time, and leaves closed
 * ones out of the Tab order. On wide screens the menu itself is always shown; on phones the
 * opened menu lists every section's links under its heading (app.css).
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <a href="/" className="brand">
          <BrandMark />
          <span>
            <span className="brand-name">{site.name}</span>
            <span className="brand-tagline">{site.tagline}</span>
          </span>
        </a>
        <button type="button" className="nav-toggle-button" popoverTarget="site-nav">
          <Icon name="menu" />
          <span>Menu</span>
        </button>
        <nav id="site-nav" className="site-nav" aria-label="Main" popover="auto">
          <ul className="nav-list">
            {mainNavigation.map((entry) =>
              isMenu(entry) ? (
                <li key={entry.label} className="nav-item">
                  {/* On phones the menu shows every section at once, under this heading (app.css). */}
                  <span className="nav-heading">{entry.label}</span>
                  <button
                    type="button"
                    popoverTarget={menuId(entry.label)}
                    className={entry.items.some((item) => item.to === pathname) ? "nav-link is-current" : "nav-link"}
                  >
                    {entry.label}
                    <Icon name="chevron" className="icon chevron" />
                  </button>
                  <ul id={menuId(entry.label)} className="submenu" popover="auto">
                    {entry.items.map((item) => (
                      <li key={item.to}>
                        <NavLink to={item.to} className="submenu-link" reloadDocument>
                          {item.label}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </li>
              ) : (
                <li key={entry.to} className="nav-item">
                  <NavLink to={entry.to} className="nav-link" end reloadDocument>
                    {entry.label}
                  </NavLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <a href="/online/register" className="btn-primary header-cta">
          Apply<span className="header-cta-more"> now</span>
        </a>
      </div>
    </header>
  );
}
