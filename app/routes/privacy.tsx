import { site } from "~/config/site";
import { originFrom, pageMeta } from "~/lib/seo";
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

      <h2 className="section-title">Visits to this website</h2>
      <p>
        The site counts page views itself, to learn which pages help students. It sets no tracking cookies and keeps no
        IP address: a visit is counted by the page, the day, the site that linked to us, the campaign name in the link
        and whether the device is a phone, tablet or computer. To count unique visitors, a one-way code is made from
        your connection with a random value that is thrown away every day, so it cannot be traced back to you. No
        third-party analytics or advertising scripts run on these pages.
      </p>

      <h2 className="section-title">How long we keep it</h2>
      <p>
        We keep enquiries and registrations for 24 months after you send them, then delete them, unless you have joined
        a course (then your records are kept as long as the law requires for students).
      </p>

      <h2 className="section-title">Your rights</h2>
      <p>
        You can ask to see the details we hold about you, to correct them, or to have them deleted, at any time and at
        no cost. Write to <a href={`mailto:${site.grievanceContact}`}>{site.grievanceContact}</a> from the e-mail
        address you used, or call {site.phone}; we act on requests within 7 working days.
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
