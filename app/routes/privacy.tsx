import { useRouteLoaderData } from "react-router";
import { site, telHref } from "~/config/site";
import { originFrom, pageMeta } from "~/site/seo";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/privacy";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: `Privacy notice | ${site.name}`,
    description: `What ${site.name} does with the details you send through our enquiry and registration forms, how long we keep them and how to have them deleted.`,
    path: "/privacy",
    origin: originFrom(matches),
  });
}

export default function Privacy() {
  const externalAnalytics = useRouteLoaderData<typeof rootLoader>("root")?.externalAnalyticsId;
  const months = site.privacy.retentionMonths;
  return (
    <div className="page-narrow prose-block">
      <p className="eyebrow">Your data</p>
      <h1 className="page-title">Privacy notice</h1>
      <p className="lead">
        This notice explains, in plain words, what happens to the details you give us, in line with India's Digital
        Personal Data Protection Act, 2023.
      </p>

      <h2 className="section-title">What we collect, and why</h2>
      <p>
        When you send the contact form or register for a course, we keep your name, e-mail address, mobile number,
        education (stream and major), state and district and, for a registration, the course. We use them for one
        purpose: to answer you about our courses, fees and batches, and to arrange your admission if you decide to join.
        We do not sell them, and we do not pass them to anyone outside the institute.
      </p>
      <p>
        We ask for your consent with a box you tick on the form; nothing is sent without it. When you write to us, we
        e-mail you an acknowledgement with your batch date, and our counsellors get a copy of your details by e-mail.
      </p>

      <h2 className="section-title">Students under 18</h2>
      <p>
        The law treats anyone under 18 as a child, whose details may be used only with a parent's or guardian's consent.
        If you are under 18, the form asks for your parent's or guardian's name, mobile number and consent, and we call
        them to confirm before we go further. We never use a child's details for advertising.
      </p>

      <h2 className="section-title">Visits to this website</h2>
      <p>
        The site counts page views itself, to learn which pages help students. It keeps no IP address: a visit is
        counted by the page, the day, the site that linked to us, the campaign name in the link and whether the device
        is a phone, tablet or computer. To count unique visitors, a one-way code is made from your connection with a
        random value that is thrown away every day, so it cannot be traced back to you.
      </p>
      <p>
        One cookie is set, named <code>first_touch</code>: it holds only the first page you opened here and the campaign
        name in that link, nothing that identifies you, and it expires after 7 days. If you send a form, we keep those
        two values with it, so we learn which pages and campaigns help students find us.
      </p>
      {externalAnalytics ? (
        <p>
          These pages also load Google Analytics (property {externalAnalytics}), which sets its own cookies and sends
          Google what you view here. You can block it with your browser's settings or an add-on.
        </p>
      ) : (
        <p>No third-party analytics or advertising scripts run on these pages.</p>
      )}

      <h2 className="section-title">How long we keep it</h2>
      <p>
        We keep enquiries and registrations for {months} months after you send them, and then delete them, with the
        e-mail about them. Copies of the e-mail we sent are deleted after 30 days.
      </p>

      <h2 className="section-title">Withdrawing consent, and your other rights</h2>
      <p>
        You can withdraw your consent as easily as you gave it: the e-mail we send you after you write to us has a link
        that deletes your details at once. You can also ask to see the details we hold about you, to correct them, or to
        have them deleted, at any time and at no cost: write to{" "}
        <a href={`mailto:${site.grievanceContact}`}>{site.grievanceContact}</a> from the e-mail address you used, or
        call <a href={telHref()}>{site.phone}</a>. We act on requests within 7 working days.
      </p>

      <h2 className="section-title">Grievances</h2>
      <p>
        If you are unhappy with how we handled your data, contact our grievance officer at{" "}
        <a href={`mailto:${site.grievanceContact}`}>{site.grievanceContact}</a>. If we do not resolve it, you may
        complain to the Data Protection Board of India.
      </p>

      <h2 className="section-title">Who we are</h2>
      <p>
        {site.name}, {site.address.street}, {site.address.locality}, {site.address.region} {site.address.postalCode}.
      </p>
    </div>
  );
}
