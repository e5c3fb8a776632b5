import { NavLink, useLocation } from "react-router";
import { Icon } from "~/components/icons";
import { site } from "~/config/site";
import { isMenu, mainNavigation } from "~/site/navigation";

/**
 * The top navigation. Built from <details> so it works without JavaScript:
 * the outer one is the mobile menu toggle (always open on wide screens), the
 * inner ones are the sub-menus, which also open on hover and keyboard focus
 * through CSS (see .menu in app.css). Sharing name="site-menu" keeps one open at a time.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <a href="/" className="brand">
          <img src="/images/logo.svg" width="40" height="40" alt="" />
          <span>
            <span className="brand-name">{site.name}</span>
            <span className="brand-tagline">{site.tagline}</span>
          </span>
        </a>
        <details className="nav-toggle">
          <summary className="nav-toggle-button">
            <Icon name="menu" />
            <span>Menu</span>
          </summary>
          <nav aria-label="Main">
            <ul className="nav-list">
              {mainNavigation.map((entry) =>
                isMenu(entry) ? (
                  <li key={entry.label} className="nav-item">
                    <details className="menu" name="site-menu">
                      <summary
                        className={
                          entry.items.some((item) => item.to === pathname) ? "nav-link is-current" : "nav-link"
                        }
                      >
                        {entry.label}
                        <Icon name="chevron" className="icon chevron" />
                      </summary>
                      <ul className="submenu">
                        {entry.items.map((item) => (
                          <li key={item.to}>
                            <NavLink to={item.to} className="submenu-link" reloadDocument>
                              {item.label}
                            </NavLink>
                          </li>
                        ))}
                      </ul>
                    </details>
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
        </details>
        <a href="/online/register" className="btn-primary header-cta">
          Apply<span className="header-cta-more"> now</span>
        </a>
      </div>
    </header>
  );
}
