import { CHROME_ACTION_EVENT, type ChromeLink } from './contract';

/** Small DOM helpers for the chrome front-ends: text is always set as text, never as HTML. */

export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** A link or an action button; unsafe hrefs (javascript: and the like) are dropped. */
export function linkNode(host: HTMLElement, link: ChromeLink, className: string): HTMLElement {
  if (link.action) {
    const button = element('button', { type: 'button', class: `${className} as-link` }, [link.label]);
    button.addEventListener('click', () => host.dispatchEvent(new CustomEvent(CHROME_ACTION_EVENT, { detail: link.action, bubbles: true, composed: true })));
    return button;
  }
  const href = link.href && /^(https?:|mailto:|tel:|\/|#)/i.test(link.href) ? link.href : '#';
  const anchor = element('a', { href, class: className }, [link.label]);
  if (link.external) {
    anchor.target = '_blank';
    anchor.rel = 'noopener noreferrer';
  }
  return anchor;
}

export function withStyles(root: ShadowRoot, css: string, content: Node): void {
  root.replaceChildren(element('style', {}, [css]), content);
}

/**
 * A chrome element configured by its host page through a `config` property: it renders into its
 * own shadow root, with its styles, whenever the configuration is set and once it is in the page.
 */
export abstract class ConfiguredElement<Config> extends HTMLElement {
  #config: Config | undefined;
  readonly #root = this.attachShadow({ mode: 'open' });

  protected abstract readonly css: string;
  protected abstract content(config: Config): Node;

  set config(value: Config) {
    this.#config = value;
    this.#render();
  }

  get config(): Config | undefined {
    return this.#config;
  }

  connectedCallback(): void {
    this.#render();
  }

  #render(): void {
    if (this.#config) withStyles(this.#root, this.css, this.content(this.#config));
  }
}
