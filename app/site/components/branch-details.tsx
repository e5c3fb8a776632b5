import { addressLines, type Branch, branchTelHref, hoursText } from "~/site/branches";

/**
 * What is known of a branch, one line each: its address, phone, opening hours and a link to its
 * map. Nothing is shown for what is not known (no placeholder address).
 */
export function BranchDetailsList({ branch }: { branch: Branch }) {
  const lines = addressLines(branch);
  return (
    <address className="branch-details">
      {lines.map((line) => (
        <span key={line} className="branch-line">
          {line}
        </span>
      ))}
      {branch.phone ? (
        <span className="branch-line">
          <a href={branchTelHref(branch.phone)} aria-label={`Call the ${branch.name} branch: ${branch.phone}`}>
            {branch.phone}
          </a>
        </span>
      ) : null}
      {branch.hours ? <span className="branch-line">Open {hoursText(branch.hours)}</span> : null}
      {branch.mapUrl ? (
        <span className="branch-line">
          <a
            href={branch.mapUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Map of the ${branch.name} branch`}
          >
            Map
          </a>
        </span>
      ) : null}
    </address>
  );
}
