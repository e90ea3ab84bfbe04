import { createElement, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { CHROME_ACTION_EVENT, CHROME_TAGS, type FooterConfig, type HeaderConfig } from '../../chrome/contract';
import { useServices } from '../services';
import { loadChromeApp } from './loadChromeApp';

/** The header front-end's bar height (src/chrome/header): its slot keeps it while it loads. */
const HEADER_BAR_HEIGHT = 48;

interface SlotProps {
  onAction?: (action: string) => void;
  /** Shown when the front-end cannot be loaded: a page that is nothing but the footer draws it itself. */
  fallback?: ReactNode;
}

type SiteChromeProps = ({ part: 'header'; config: HeaderConfig } | { part: 'footer'; config: FooterConfig }) & SlotProps;

/**
 * The slot of a separately built header or footer (spec 1). It loads the front-end through its
 * manifest; when that fails the failure goes to the console only, and the slot stays empty unless
 * the page gave it a fallback.
 */
export function SiteChrome({ part, config, onAction, fallback = null }: SiteChromeProps) {
  const services = useServices();
  const baseUrl = part === 'header' ? services.config.headerAppUrl : services.config.footerAppUrl;
  const tag = CHROME_TAGS[part];
  const [ready, setReady] = useState(() => typeof customElements !== 'undefined' && customElements.get(tag) !== undefined);
  const [failed, setFailed] = useState(false);
  const host = useRef<HTMLElement & { config?: unknown }>(null);

  useEffect(() => {
    if (ready) return;
    let active = true;
    loadChromeApp(part, baseUrl).then(
      () => active && setReady(true),
      (error: unknown) => {
        console.error(`[chrome] The ${part} could not be loaded from ${baseUrl}:`, error);
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [part, baseUrl, ready]);

  // Configured before the browser paints it: set from an effect after the paint, the element was first drawn empty (no
  // height) and then at its 48 px, moving the page below up and down again (a layout shift of 0.05 on login; issue 16).
  useLayoutEffect(() => {
    if (ready && host.current) host.current.config = config;
  }, [ready, config]);

  useEffect(() => {
    const element = host.current;
    if (!ready || !element || !onAction) return;
    const listener = (event: Event) => onAction(String((event as CustomEvent).detail));
    element.addEventListener(CHROME_ACTION_EVENT, listener);
    return () => element.removeEventListener(CHROME_ACTION_EVENT, listener);
  }, [ready, onAction]);

  // While it loads, the slot keeps the header bar's 48 px, so the page below does not jump when it arrives
  // (a click aimed at a button would land elsewhere); a slot whose front-end failed takes no room but its fallback's.
  if (failed) return fallback;
  if (!ready)
    return part === 'footer' ? null : <div className="site-chrome site-chrome--loading" style={{ minHeight: HEADER_BAR_HEIGHT }} aria-hidden="true" />;
  // The header front-end draws the brand bar: its host is the page's banner landmark (the footer draws its own <footer>).
  return createElement(tag, { ref: host, class: `site-chrome site-chrome--${part}`, ...(part === 'header' ? { role: 'banner' } : {}) });
}
