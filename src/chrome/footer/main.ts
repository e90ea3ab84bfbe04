import { CHROME_TAGS, type FooterConfig } from '../contract';
import { ConfiguredElement, element, linkNode } from '../dom';

/** The site footer front-end: the product's links and the copyright line. */

const css = `
:host { display: block; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; }
footer { padding: 1.25rem 2rem; background: #061e35; color: rgba(255, 255, 255, 0.85); font-size: 0.875rem; box-sizing: border-box; }
ul { display: flex; flex-wrap: wrap; justify-content: center; gap: 0.5rem 1.5rem; margin: 0 0 0.75rem; padding: 0; list-style: none; }
.link { color: #fff; font: inherit; text-decoration: none; background: none; border: 0; padding: 0; cursor: pointer; }
.link:hover { text-decoration: underline; }
a:focus-visible, button:focus-visible { outline: 3px solid #8ab4f8; outline-offset: 2px; }
p { margin: 0; text-align: center; }
@media (max-width: 767px) { footer { padding: 1rem 1.25rem; } ul { justify-content: flex-start; } p { text-align: left; } }
`;

class CargoSiteFooter extends ConfiguredElement<FooterConfig> {
  protected readonly css = css;

  protected content(config: FooterConfig): Node {
    const links = element(
      'ul',
      {},
      config.links.map((link) => element('li', {}, [linkNode(this, link, 'link')])),
    );
    const nav = element('nav', { 'aria-label': config.linksLabel }, [links]);
    return element('footer', {}, [nav, element('p', {}, [config.copyright])]);
  }
}

if (!customElements.get(CHROME_TAGS.footer)) customElements.define(CHROME_TAGS.footer, CargoSiteFooter);
