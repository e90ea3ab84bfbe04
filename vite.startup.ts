import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const MUI_BUILD_FORMAT_NUMBER = /[\\/]@mui[\\/]material[\\/]locale[\\/]utils[\\/]buildFormatNumber\.mjs$/;
const MUI_TABLE_PAGINATION = /[\\/]@mui[\\/]material[\\/]TablePagination[\\/]TablePagination\.mjs$/;
/** The lazy stand-in, kept in the MUI chunk (vite.config.ts). */
export const LAZY_NUMBER_FORMAT = fileURLToPath(new URL('./src/app/startup/lazyNumberFormat.ts', import.meta.url));

/**
 * MUI's number formatter builder is replaced by one that makes its Intl.NumberFormat when first used
 * (src/app/startup/lazyNumberFormat.ts): TablePagination builds one as its module is evaluated, which cost the
 * signed-in app's start 30 to 70 ms of ICU loading (issue 16). A build that bundles TablePagination without the
 * stand-in (MUI moved the module) fails, rather than bringing the cost back unnoticed.
 */
export function lazyMuiNumberFormat(): Plugin {
  let replaced = 0;
  return {
    name: 'portal-lazy-mui-number-format',
    enforce: 'pre',
    apply: 'build',
    buildStart() {
      replaced = 0;
    },
    async resolveId(source, importer, options) {
      if (!source.endsWith('buildFormatNumber.mjs') && !source.endsWith('buildFormatNumber')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !MUI_BUILD_FORMAT_NUMBER.test(resolved.id)) return null;
      replaced++;
      return LAZY_NUMBER_FORMAT;
    },
    buildEnd(error) {
      if (error) return;
      const paginated = [...this.getModuleIds()].some((id) => MUI_TABLE_PAGINATION.test(id));
      if (paginated && replaced === 0) {
        this.error('MUI TablePagination is bundled but its buildFormatNumber import was not replaced: check vite.startup.ts against @mui/material');
      }
    },
  };
}
