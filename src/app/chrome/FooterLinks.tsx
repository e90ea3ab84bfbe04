import type { FooterConfig } from '../../chrome/contract';

/**
 * The footer's links and copyright drawn by the portal itself: what the Footer page shows when
 * the footer front-end cannot be loaded. Actions (terms, cookie settings) are buttons, as there.
 */
export function FooterLinks({ config, onAction }: { config: FooterConfig; onAction: (action: string) => void }) {
  return (
    <footer className="footer-links">
      <nav aria-label={config.linksLabel}>
        <ul>
          {config.links.map(({ label, href, action, external }) => (
            <li key={label}>
              {action ? (
                <button type="button" className="as-link" onClick={() => onAction(action)}>
                  {label}
                </button>
              ) : (
                <a href={href} target={external ? '_blank' : undefined} rel={external ? 'noopener noreferrer' : undefined}>
                  {label}
                </a>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <p>{config.copyright}</p>
    </footer>
  );
}
