import { useState } from 'react';
import { Box, Chip, Link, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { utcDateTime } from '../../../domain/dateRange';
import type { SanctionHit } from '../../../domain/shipmentWire';

/**
 * A hit's evidence on the Sanction & Compliance tab (issue 34): what it was found as (the listed
 * name, its aliases, the source with its version's date, the programmes), and why the name hit (the
 * score, how, the words paired, the listed words missing on the shipment).
 */

/** Aliases shown before "+N more". */
export const ALIASES_SHOWN = 3;

const day = (value: string) => utcDateTime(value, { zone: false }).slice(0, 10);

/** "UN, version of 2026-02-27" (its publication date, else the day it was imported); a Sanction List row's list as it is. */
export function useSourceText(): (hit: SanctionHit) => string {
  const translate = useTranslate();
  return (hit) => {
    const version = hit.sourceVersion;
    if (!version) return hit.list;
    return version.publishedAt
      ? translate('app.shipments.sanction.evidence.sourceVersion', { list: hit.list, date: day(version.publishedAt) })
      : translate('app.shipments.sanction.evidence.sourceImported', { list: hit.list, date: day(version.importedAt) });
  };
}

function Aliases({ hit }: { hit: SanctionHit }) {
  const translate = useTranslate();
  const [all, setAll] = useState(false);
  // The alias that matched first, marked: the officer sees which of the names the shipment's text is.
  const aliases = [...new Set(hit.aliases)].sort((a, b) => Number(b === hit.matchedPhrase) - Number(a === hit.matchedPhrase));
  if (aliases.length === 0) return null;
  const shown = all ? aliases : aliases.slice(0, ALIASES_SHOWN);
  const hidden = aliases.length - shown.length;
  return (
    <Typography variant="caption" component="div" color="text.secondary">
      {translate('app.shipments.sanction.evidence.aliases')}{' '}
      {shown.map((alias) => (
        <Box component="span" key={alias}>
          {alias !== shown[0] && '; '}
          <Box component="span" sx={alias === hit.matchedPhrase ? { fontWeight: 700, color: 'text.primary' } : undefined}>
            {alias}
          </Box>
        </Box>
      ))}
      {aliases.length > ALIASES_SHOWN && (
        <>
          {' '}
          <Link component="button" type="button" variant="caption" aria-expanded={all} onClick={() => setAll(!all)} sx={{ verticalAlign: 'baseline' }}>
            {all
              ? translate('app.shipments.sanction.evidence.fewerAliases')
              : translate('app.shipments.sanction.evidence.moreAliases', { smart_count: hidden })}
          </Link>
        </>
      )}
    </Typography>
  );
}

/** The "Matched list entry" cell: the phrase that matched, the listed name, aliases, source and version, entry and programmes. */
export function HitEntry({ hit }: { hit: SanctionHit }) {
  const translate = useTranslate();
  const sourceText = useSourceText();
  const version = hit.sourceVersion;
  const programmes =
    hit.programs.length > 0 && translate('app.shipments.sanction.evidence.programmes', { smart_count: hit.programs.length, programs: hit.programs.join(', ') });
  return (
    <Stack spacing={0.25}>
      <Box sx={{ fontWeight: 600 }}>{hit.matchedPhrase}</Box>
      {hit.entryName && hit.entryName !== hit.matchedPhrase && (
        <Typography variant="caption" component="div" color="text.secondary">
          {translate('app.shipments.sanction.evidence.listedAs', { name: hit.entryName })}
        </Typography>
      )}
      <Aliases hit={hit} />
      <Typography variant="caption" component="div" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {version ? (
          <Tooltip
            describeChild
            title={translate('app.shipments.sanction.evidence.versionTitle', { version: version.versionId, imported: utcDateTime(version.importedAt) })}
          >
            <span>{sourceText(hit)}</span>
          </Tooltip>
        ) : (
          sourceText(hit)
        )}
      </Typography>
      <Typography variant="caption" component="div" color="text.secondary">
        {hit.entryId}
      </Typography>
      {programmes && (
        <Typography variant="caption" component="div" color="text.secondary">
          {programmes}
        </Typography>
      )}
    </Stack>
  );
}

type Word = NonNullable<SanctionHit['explanation']>['words'][number];

/** "ERIC ≈ ERIK (typo 0.93)", "BADEGE = BADEGE (exact)": the listed word first, then the shipment's. */
export function useWordText(): (word: Word) => string {
  const translate = useTranslate();
  return (word) => {
    const how = translate(`app.shipments.sanction.evidence.wordHows.${word.how}`, { _: word.how });
    return word.how === 'exact' ? `${word.listed} = ${word.screened} (${how})` : `${word.listed} ≈ ${word.screened} (${how} ${word.similarity.toFixed(2)})`;
  };
}

/** The words paired in the order the listed name has them (ERIC, then BADEGE for ERIC BADEGE); a word not found as such (joined) last. */
function inListedOrder(words: Word[], phrase: string): Word[] {
  const listed = phrase
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/);
  const at = (word: Word) => {
    const index = listed.indexOf(word.listed);
    return index < 0 ? listed.length : index;
  };
  return [...words].sort((a, b) => at(a) - at(b));
}

/** The "Score: why it hit" cell: the score and how, then the words paired, the listed words missing and the extra ones. */
export function HitWhy({ hit }: { hit: SanctionHit }) {
  const translate = useTranslate();
  const wordText = useWordText();
  const explanation = hit.explanation;
  const score = (
    <Tooltip title={hit.method}>
      <Box component="span" sx={{ fontWeight: 600 }}>{`${Math.round(hit.score * 100)}%`}</Box>
    </Tooltip>
  );
  if (!explanation) return score;
  const note = (key: string, words: string[]) =>
    words.length > 0 && (
      <Typography variant="caption" component="div" color="text.secondary">
        {translate(`app.shipments.sanction.evidence.${key}`, { words: words.join(', ') })}
      </Typography>
    );
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ whiteSpace: 'nowrap' }}>
        {score}
        <Typography variant="caption" component="span" color="text.secondary">
          {` · ${translate(`app.shipments.sanction.evidence.hows.${explanation.how}`, { _: explanation.how })}`}
        </Typography>
      </Box>
      {explanation.words.length > 0 && (
        <Box
          component="ul"
          aria-label={translate('app.shipments.sanction.evidence.words', { party: hit.screenedText })}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', m: 0, p: 0 }}
        >
          {inListedOrder(explanation.words, hit.matchedPhrase).map((word) => {
            const described = translate('app.shipments.sanction.evidence.wordHelp', {
              listed: word.listed,
              screened: word.screened,
              how: translate(`app.shipments.sanction.evidence.wordHelps.${word.how}`, { _: word.how }),
              similarity: word.similarity.toFixed(2),
            });
            return (
              <Tooltip key={`${word.listed}/${word.screened}`} title={described}>
                <Chip
                  component="li"
                  size="small"
                  variant={word.how === 'exact' ? 'outlined' : 'filled'}
                  label={wordText(word)}
                  aria-label={described}
                  sx={{ height: 'auto', '& .MuiChip-label': { whiteSpace: 'nowrap', py: 0.25, px: 0.75, fontSize: '0.75rem' } }}
                />
              </Tooltip>
            );
          })}
        </Box>
      )}
      {note('missing', explanation.missing)}
      {note('extra', explanation.extra)}
      {explanation.country && (
        <Typography variant="caption" component="div" color="text.secondary">
          {translate('app.shipments.sanction.evidence.country', {
            party: explanation.country.party,
            listed: explanation.country.listed,
            lowered: explanation.country.lowered.toFixed(2),
          })}
        </Typography>
      )}
    </Stack>
  );
}
