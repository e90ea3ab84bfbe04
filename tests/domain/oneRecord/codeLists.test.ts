import { describe, expect, it } from 'vitest';
import { CLOSED_CODE_LISTS } from '../../../src/domain/oneRecord/codeLists';
import { CODE_LISTS } from '../../../src/domain/oneRecord/vocabulary';
import { ontology } from './ontology';

describe('the closed code lists the FWB mapping links to', () => {
  it.each(Object.keys(CLOSED_CODE_LISTS))('%s holds the codes the pinned code lists ontology names', (list) => {
    const named = [...ontology().individuals].filter((iri) => iri.startsWith(`${CODE_LISTS}${list}#`)).map((iri) => iri.split('#')[1]);
    expect([...CLOSED_CODE_LISTS[list as keyof typeof CLOSED_CODE_LISTS]].sort()).toEqual(named.sort());
  });
});
