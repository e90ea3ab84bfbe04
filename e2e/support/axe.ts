import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Frame, type Page } from '@playwright/test';
import type { AxeResults, ElementContext, Result } from 'axe-core';

/**
 * axe-core run in every frame of the page, every rule on: the violations, in full. axe-core's own
 * Playwright builder also runs every rule, but injects its 500 KB source again and finishes each
 * analysis in a new blank page, which made it three times slower here; this injects once per document.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function violationsIn(frame: Frame, context: ElementContext): Promise<Result[]> {
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axeSource);
  // resultTypes: violations come back node by node; passes and the rest only as rule summaries.
  return frame.evaluate(
    async (within) =>
      (
        await (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }).axe.run(within, {
          resultTypes: ['violations'],
          iframes: false,
        })
      ).violations,
    context as never,
  );
}

/**
 * Waits for the page to settle before colours are measured: no progress indicator (spinners are
 * aria-hidden, so found by their role attribute), and no transition running (dialogs and menus fade
 * in, buttons change colour as they stop being busy).
 */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('[role="progressbar"]')).toHaveCount(0);
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** The page's axe violations: the whole document of every frame, or the part `context` selects in the main frame. */
export async function axeViolations(page: Page, context: ElementContext = { exclude: [] }): Promise<Result[]> {
  const frames = page.frames();
  const found: Result[][] = [];
  for (const frame of frames) found.push(await violationsIn(frame, frame === page.mainFrame() ? context : { exclude: [] }));
  return found.flat();
}
