import { Suspense, type ReactNode } from 'react';
import { DataProviderContext, ResourceContextProvider } from 'react-admin';
import { LoadingBox } from '../admin/LoadingBox';
import { useRuleListDataProvider } from './useRuleLists';

function Scope({ resource, children }: { resource: string; children: ReactNode }) {
  const dataProvider = useRuleListDataProvider();
  return (
    <DataProviderContext.Provider value={dataProvider}>
      <ResourceContextProvider value={resource}>{children}</ResourceContextProvider>
    </DataProviderContext.Provider>
  );
}

/**
 * Rule-list screens talk to the server through their own data provider (refusals come back to the
 * screen: field errors, duplicates, stale versions) and work on one resource, the list's name.
 */
export function RuleListScope({ resource, children }: { resource: string; children: ReactNode }) {
  return (
    <Suspense fallback={<LoadingBox />}>
      <Scope resource={resource}>{children}</Scope>
    </Suspense>
  );
}
