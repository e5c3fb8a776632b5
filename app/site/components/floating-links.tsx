import { Icon, type IconName } from "~/components/icons";
import { site, telHref, whatsappHref } from "~/config/site";

interface ContactLink {
  name: string;
  href: string;
  icon: IconName;
  external: boolean;
}

export const contactLinks: ContactLink[] = [
  { name: "Watch our institute video", href: site.links.video, icon: "video", external: true },
  { name: "Facebook", href: site.links.facebook, icon: "facebook", external: true },
  { name: "Twitter", href: site.links.twitter, icon: "twitter", external: true },
  { name: "LinkedIn", href: site.links.linkedin, icon: "linkedin", external: true },
  { name: "Instagram", href: site.links.instagram, icon: "instagram", external: true },
  { name: `E-mail ${site.email}`, href: `mailto:${site.email}`, icon: "mail", external: false },
  { name: "Chat with us on WhatsApp", href: whatsappHref(), icon: "whatsapp", external: true },
  { name: `Call ${site.phone}`, href: telHref(), icon: "phone", external: false },
];

/**
 * The floating column of contact links. Each icon turns with the page's scroll
 * progress x its position index x 360 degrees, in CSS alone (a scroll-driven
 * animation, see app.css), and stays still under prefers-reduced-motion.
 */
export function FloatingLinks() {
  return (
    <nav className="floating-links" aria-label="Contact and social links">
      <ul>
        {contactLinks.map((link, index) => (
          <li key={link.icon}>
            <a
              href={link.href}
              aria-label={link.name}
              title={link.name}
              className={`floating-link floating-link-${link.icon}`}
              style={{ "--i": index } as React.CSSProperties}
              {...(link.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
            >
              <Icon name={link.icon} />
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
