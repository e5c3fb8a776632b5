import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { useNonce } from "~/components/nonce";
import { site } from "~/config/site";
import { databaseContext, enhanceScriptContext } from "~/platform/context.server";
import { externalAnalyticsId, publicOrigin } from "~/platform/env.server";
import { FloatingLinks } from "~/site/components/floating-links";
import { NotFoundContent } from "~/site/components/not-found-content";
import { SiteFooter } from "~/site/components/site-footer";
import { SiteHeader } from "~/site/components/site-header";
import { branchesForPage } from "~/site/content.server";
import { formPagePaths } from "~/site/public-pages";
import faviconIcon from "../public/favicon.ico?inline";

/**
 * The tab's icon, public/favicon.ico (one 32 × 32 PNG), written into the page: the browser fetched
 * the icon while the page loaded, and Lighthouse's model of a slow network counted that request
 * before the first paint (decision 017). Not the SVG (public/favicon.svg, which the .ico was drawn
 * from): Chromium draws an SVG icon as an SVG document of its own on the page's main thread, some
 * 2.5 ms of a fast core on every page. The file stays for browsers that ask for /favicon.ico.
 */
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: faviconIcon, sizes: "32x32", type: "image/x-icon" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const formScript = context.get(enhanceScriptContext);
  return {
    origin: publicOrigin(request),
    // Its text only where a page carries it: a hydrated desk page would send it along with its data.
    enhanceScript: formPagePaths.includes(new URL(request.url).pathname) ? formScript : { src: formScript.src },
    externalAnalyticsId: externalAnalyticsId() ?? null,
    /** For the footer of every public page (kept in memory until staff change them). */
    branches: await branchesForPage(context.get(databaseContext).db),
  };
}

/** A route opts in to client JavaScript with `handle = { hydrate: true }`; every other page ships none. */
export interface RouteHandle {
  /** Full React in the browser (the staff desk). */
  hydrate?: boolean;
  /** Only the small form script, app/client/enhance.ts (public form pages). */
  enhance?: boolean;
  /** Staff desk pages have their own chrome instead of the public header and footer. */
  desk?: boolean;
}

function useHandleFlag(flag: keyof RouteHandle): boolean {
  return useMatches().some((match) => (match.handle as RouteHandle | undefined)?.[flag] === true);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const hydrate = useHandleFlag("hydrate");
  const desk = useHandleFlag("desk");
  const enhance = useHandleFlag("enhance");
  const rootData = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f4c5c" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {desk ? (
          children
        ) : (
          <>
            <SiteHeader />
            <main id="main" tabIndex={-1}>
              {children}
            </main>
            <SiteFooter />
            <FloatingLinks />
          </>
        )}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
        {enhance && !hydrate && rootData ? (
          rootData.enhanceScript.code ? (
            // Written into the page: no request of its own before the first paint (decision 017).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own script, checked not to close the element
            <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: rootData.enhanceScript.code }} />
          ) : (
            <script type="module" src={rootData.enhanceScript.src} nonce={nonce} />
          )
        ) : null}
        {/* An external analytics property, only when the site configuration names one (off by default). */}
        {!desk && rootData?.externalAnalyticsId ? (
          <script src="/analytics.js" data-measurement-id={rootData.externalAnalyticsId} defer nonce={nonce} />
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function meta({ error }: Route.MetaArgs) {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: notFound ? `Page not found | ${site.name}` : `Something went wrong | ${site.name}` },
    { name: "robots", content: "noindex" },
  ];
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundContent />;
  }
  // Never show internals: the cause is logged on the server.
  return (
    <div className="page-narrow">
      <h1 className="page-title">Something went wrong</h1>
      <p className="lead">
        Sorry, we could not show this page just now. Please try again in a minute, or reach us on WhatsApp or by phone;
        the links are at the foot of the page.
      </p>
      <p>
        <a className="btn-primary" href="/">
          Back to the home page
        </a>
      </p>
    </div>
  );
}
