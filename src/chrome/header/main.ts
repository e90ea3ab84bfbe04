import { CHROME_TAGS, type HeaderConfig } from '../contract';
import { ConfiguredElement, element, linkNode } from '../dom';

/** The site header front-end: the product's brand bar with the provider's links. */

const css = `
:host { display: block; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; }
.bar { display: flex; align-items: center; justify-content: space-between; gap: 1rem; min-height: 48px; padding: 0 2rem;
  background: #061e35; color: #fff; box-sizing: border-box; }
.brand { display: inline-flex; align-items: center; gap: 0.625rem; color: #fff; font-weight: 700; letter-spacing: 0.03em; text-decoration: none; }
.brand svg { width: 26px; height: 26px; flex: none; }
.links { display: flex; gap: 1.25rem; margin: 0; padding: 0; list-style: none; }
.link { color: rgba(255, 255, 255, 0.85); font: inherit; font-size: 0.875rem; text-decoration: none; background: none; border: 0; padding: 0; cursor: pointer; }
.link:hover, .brand:hover { text-decoration: underline; }
a:focus-visible, button:focus-visible { outline: 3px solid #8ab4f8; outline-offset: 2px; }
@media (max-width: 767px) { .bar { padding: 0 1.25rem; } .links { display: none; } }
@media (max-width: 499px) { .brand span { font-size: 0.9375rem; } }
`;

const PLANE = 'M21 16v-2l-8-5V3.5a1.5 1.5 0 0 0-3 0V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5z';

function logo(): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', PLANE);
  path.setAttribute('fill', '#e07a1f');
  svg.append(path);
  return svg;
}

class CargoSiteHeader extends ConfiguredElement<HeaderConfig> {
  protected readonly css = css;

  protected content(config: HeaderConfig): Node {
    const brand = element('a', { class: 'brand', href: config.homeHref, 'aria-label': config.homeLabel }, [logo(), element('span', {}, [config.productName])]);
    const links = element(
      'ul',
      { class: 'links' },
      config.links.map((link) => element('li', {}, [linkNode(this, link, 'link')])),
    );
    const nav = element('nav', { 'aria-label': config.linksLabel }, [links]);
    return element('div', { class: 'bar' }, [brand, nav]);
  }
}

if (!customElements.get(CHROME_TAGS.header)) customElements.define(CHROME_TAGS.header, CargoSiteHeader);
